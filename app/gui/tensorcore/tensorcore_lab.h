#pragma once
// The tensor cores in the main window: a "Tensor cores" dock with the TMA
// ring's pipeline, the block tile split into wgmma instructions and the BF16
// ladder, shown for matmul-tc runs; a menu entry; and the three views
// registered by name ("tensorcore-pipeline", "tensorcore-tile",
// "tensorcore-ladder"; the former "tc-..." names are accepted) for lessons,
// presentation mode and exports. Its runs join the matrix multiply's
// roofline with their BF16 roof.
#include <vector>

#include "app/gui/tensorcore/tensorcore_series.h"
#include "app/gui/workbench/lab.h"

class QDockWidget;
class QTabWidget;

namespace ws {

class LadderChart;
class PipelineView;
class TensorTileView;
class WorkbenchHost;

class TensorCoreLab : public Lab {
    Q_OBJECT
public:
    explicit TensorCoreLab(WorkbenchHost* window);

    QDockWidget* dock() const { return m_dock; }
    QTabWidget* tabs() const { return m_tabs; }
    PipelineView* pipeline() const { return m_pipeline; }
    TensorTileView* tile() const { return m_tile; }
    LadderChart* ladder() const { return m_ladder; }
    // Bundled traces and this session's live matmul-tc runs.
    TensorCoreSources sources() const;

private:
    void registerViews();
    void onExperiment(const QString& id);
    void onRunShown(const LoadedRun& loaded) override;
    void refresh();

    WorkbenchHost* m_window;
    QDockWidget* m_dock;
    QTabWidget* m_tabs;
    PipelineView* m_pipeline;
    TensorTileView* m_tile;
    LadderChart* m_ladder;
    std::vector<TensorCoreMeasurement> m_session;
};

LabModule tensorCoreLabModule();

}  // namespace ws
