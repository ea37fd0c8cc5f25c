#pragma once
// The reduction lab in the main window: docks for the tree, the warps'
// divergence and cycles, the last-block arrivals and the throughput ladder,
// all following the window's playback model, their views by name ("tree",
// "divergence", "arrivals", "ladder"), and a compare window for two
// variants side by side.
#include <vector>

#include "app/gui/workbench/lab.h"

class QDockWidget;

namespace ws {

class ArrivalView;
class CompareWindow;
class DivergenceView;
class LadderChart;
class WorkbenchHost;
class ReductionTreeView;

class ReductionLab : public Lab {
    Q_OBJECT
public:
    explicit ReductionLab(WorkbenchHost* window);

    ReductionTreeView* tree() const { return m_tree; }
    DivergenceView* divergence() const { return m_divergence; }
    ArrivalView* arrivals() const { return m_arrivals; }
    LadderChart* ladder() const { return m_ladder; }
    CompareWindow* compareWindow();  // created on first use
    void showCompare();

private:
    void onRunShown(const LoadedRun& shown) override;
    void follow(const Run* run);
    void registerViews();

    WorkbenchHost* m_window;
    ReductionTreeView* m_tree;
    DivergenceView* m_divergence;
    ArrivalView* m_arrivals;
    LadderChart* m_ladder;
    CompareWindow* m_compare = nullptr;
    std::vector<QDockWidget*> m_docks;
};

LabModule reductionLabModule();

}  // namespace ws
