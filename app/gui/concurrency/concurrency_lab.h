#pragma once
// The concurrency lab in the main window: a dock with the operations
// timeline, the launch tree, the managed pages and the figures, shown when a
// streams, dynamic-parallelism or unified-memory experiment is chosen, and
// the four views registered by name ("operations", "launch-tree", "pages",
// "figures") for lessons, presentation mode and exports.
#include "app/gui/workbench/lab.h"

class QDockWidget;

namespace ws {

class WorkbenchHost;
class ConcurrencyLabViews;

class ConcurrencyLab : public Lab {
    Q_OBJECT
public:
    explicit ConcurrencyLab(WorkbenchHost* window);

    ConcurrencyLabViews* views() const { return m_views; }
    QDockWidget* dock() const { return m_dock; }

private:
    void registerViews();
    void onExperiment(const QString& id);
    void onRunShown(const LoadedRun& loaded) override;

    WorkbenchHost* m_window;
    ConcurrencyLabViews* m_views;
    QDockWidget* m_dock;
};

LabModule concurrencyLabModule();

}  // namespace ws
