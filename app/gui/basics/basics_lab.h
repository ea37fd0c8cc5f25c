#pragma once
// The first-kernels lab in the main window: a dock of tabs with the views of
// hello (greetings), vector-add (indexing), set0 (SASS) and the bandwidth
// plot for their experiments, and the device view and the CPU-against-GPU
// plot for every experiment. Each view is registered by name in the window's
// view catalog.
#include <vector>

#include "app/gui/workbench/lab.h"
#include "core/run/run.h"
#include "core/timing/crossover.h"

class QDockWidget;
class QTabWidget;

namespace ws {

class WorkbenchHost;
class CpuGpuPlot;

class BasicsLab : public Lab {
    Q_OBJECT
public:
    explicit BasicsLab(WorkbenchHost* window);
    QDockWidget* dock() const { return m_dock; }
    QTabWidget* tabs() const { return m_tabs; }
    CpuGpuPlot* cpuGpu() const { return m_cpuGpu; }

private:
    void registerViews();
    void onExperiment(const QString& id);
    void onRunShown(const LoadedRun& loaded) override;
    void showTabsFor(const std::string& id, bool showDock = true);

    WorkbenchHost* m_window;
    QDockWidget* m_dock;
    QTabWidget* m_tabs;
    CpuGpuPlot* m_cpuGpu;
    std::string m_dockShownFor;  // the experiment the dock's visibility was last set for
    struct SessionPoint {
        std::string experiment;
        ParamValues params;
        CostPoint point;
    };
    std::vector<SessionPoint> m_session;  // live runs of this session, for the plot
};

LabModule basicsLabModule();

// The CPU-against-GPU points for the run on show: its own crossover sweep,
// else the recorded and session runs of the same experiment and setting at
// other sizes. `source` says which.
std::vector<CostPoint> cpuGpuPointsFor(const Run& run,
                                       const std::vector<std::pair<ParamValues, CostPoint>>& others,
                                       QString* source);

}  // namespace ws
