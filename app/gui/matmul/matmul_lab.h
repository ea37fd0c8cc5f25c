#pragma once
// The matrix multiply lab in the main window: a dock with the tile walk, the
// reuse bars, the roofline and the ladder as % of cuBLAS, shown for the
// experiments that list the tile walk; the throughput plot switched to
// GFLOP/s for them; and the four views registered by name ("tiles",
// "reuse", "roofline", "matmul-ladder") for lessons, presentation mode and
// exports. Installed by one call, so the window stays as it is.
#include <QObject>
#include <optional>
#include <vector>

#include "app/gui/matmul/matmul_series.h"

class QDockWidget;
class QTabWidget;

namespace ws {

class LadderChart;
class WorkbenchHost;
class ReuseView;
class RooflineView;
class TensorCoreLab;
class TileWalkView;
struct LoadedRun;

class MatmulLab : public QObject {
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
    // Where the roofline takes the tensor cores' live runs from: the
    // tensor-core lab keeps them (none until this is called).
    void setTensorCores(const TensorCoreLab* lab) { m_tensorCores = lab; }

private:
    void registerViews();
    void registerThroughput();
    void onExperiment(const QString& id);
    void onLoaded(const LoadedRun& loaded);
    void refresh();

    WorkbenchHost* m_window;
    QDockWidget* m_dock;
    QTabWidget* m_tabs;
    TileWalkView* m_tiles;
    ReuseView* m_reuse;
    RooflineView* m_roofline;
    LadderChart* m_ladder;
    std::vector<MatmulMeasurement> m_session;
    const TensorCoreLab* m_tensorCores = nullptr;
    std::optional<MatmulCounters> m_counters;
};

}  // namespace ws
