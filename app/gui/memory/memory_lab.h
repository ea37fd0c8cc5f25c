#pragma once
// The memory lab in the main window: a dock with the bank, coalescing and
// image views, shown when a memory experiment is chosen (as its catalog entry
// lists its views), the same views by name ("banks", "coalescing", "image"),
// the parameter panel's values fed to the bank prediction, and what the
// throughput plot shows for its runs: every variant against the image size,
// or the bank probe's cycles per access.
#include "app/gui/workbench/lab.h"

class QDockWidget;

namespace ws {

class WorkbenchHost;
class MemoryLabViews;

class MemoryLab : public Lab {
    Q_OBJECT
public:
    explicit MemoryLab(WorkbenchHost* window);

    MemoryLabViews* views() const { return m_views; }
    QDockWidget* dock() const { return m_dock; }

private:
    void onExperiment(const QString& id);
    void onRunShown(const LoadedRun& loaded) override;
    void registerViews();

    WorkbenchHost* m_window;
    MemoryLabViews* m_views;
    QDockWidget* m_dock;
};

LabModule memoryLabModule();

}  // namespace ws
