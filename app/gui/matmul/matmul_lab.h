#pragma once
// The matrix multiply lab in the main window: a dock with the tile walk, the
// reuse bars, the roofline and the ladder as % of cuBLAS, shown for the
// experiments that list the tile walk; the throughput plot switched to
// GFLOP/s for them; and the four views registered by name ("tiles",
// "reuse", "roofline", "matmul-ladder") for lessons, presentation mode and
// exports. Other labs may add to its roofline (addToRoofline).
#include <functional>
#include <optional>
#include <vector>

#include "app/gui/matmul/matmul_series.h"
#include "app/gui/workbench/lab.h"

class QDockWidget;
class QTabWidget;

namespace ws {

class LadderChart;
class WorkbenchHost;
class ReuseView;
class RooflineView;
class TileWalkView;

class MatmulLab : public Lab {
    Q_OBJECT
public:
    explicit MatmulLab(WorkbenchHost* window);

    QDockWidget* dock() const { return m_dock; }
    QTabWidget* tabs() const { return m_tabs; }
    TileWalkView* tiles() const { return m_tiles; }
    ReuseView* reuse() const { return m_reuse; }
    RooflineView* roofline() const { return m_roofline; }
    LadderChart* ladder() const { return m_ladder; }
    // Bundled traces, this session's runs and the bundled counters.
    MatmulSources sources() const;
    // What another lab adds to the roofline for the run on show, after the
    // lab's own roofs and points (the tensor cores: their BF16 roof and
    // points, for their own runs).
    using RooflineAddition = std::function<void(RooflineData& data, const Run* shown)>;
    void addToRoofline(RooflineAddition addition);
    RooflineData rooflineFor(const Run* shown) const;

private:
    void registerViews();
    void registerThroughput();
    void onExperiment(const QString& id);
    void onRunShown(const LoadedRun& loaded) override;
    void refresh();

    WorkbenchHost* m_window;
    QDockWidget* m_dock;
    QTabWidget* m_tabs;
    TileWalkView* m_tiles;
    ReuseView* m_reuse;
    RooflineView* m_roofline;
    LadderChart* m_ladder;
    std::vector<MatmulMeasurement> m_session;
    std::vector<RooflineAddition> m_rooflineAdditions;
    std::optional<MatmulCounters> m_counters;
};

LabModule matmulLabModule();

}  // namespace ws
