#pragma once
#include <vector>
// The reduction lab in the main window: docks for the tree, the warps'
// divergence and cycles, the last-block arrivals and the throughput ladder,
// all following the window's playback model, and a compare window for two
// variants side by side. Installed by one call, so the window stays as it is.
#include <QObject>

class QDockWidget;

namespace ws {

class ArrivalView;
class CompareWindow;
class DivergenceView;
class LadderChart;
class WorkbenchHost;
class ReductionTreeView;

class ReductionLab : public QObject {
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
    void onRunChanged();

    WorkbenchHost* m_window;
    ReductionTreeView* m_tree;
    DivergenceView* m_divergence;
    ArrivalView* m_arrivals;
    LadderChart* m_ladder;
    CompareWindow* m_compare = nullptr;
    std::vector<QDockWidget*> m_docks;
};

}  // namespace ws
