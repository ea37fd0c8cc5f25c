#pragma once
// The memory lab in the main window: a dock with the bank, coalescing and
// image views, shown when a memory experiment is chosen (as its catalog entry
// lists its views), the parameter panel's values fed to the bank prediction,
// and the throughput plot switched to every variant against the image size.
// Installed by one call, so the window stays as it is.
#include <QObject>
#include <vector>

#include "app/gui/workbench/throughput_series.h"

class QDockWidget;

namespace ws {

class WorkbenchHost;
class MemoryLabViews;
struct LoadedRun;

class MemoryLab : public QObject {
    Q_OBJECT
public:
    explicit MemoryLab(WorkbenchHost* window);

    MemoryLabViews* views() const { return m_views; }
    QDockWidget* dock() const { return m_dock; }

private:
    void onExperiment(const QString& id);
    void onLoaded(const LoadedRun& loaded);

    WorkbenchHost* m_window;
    MemoryLabViews* m_views;
    QDockWidget* m_dock;
    std::vector<MeasuredRun> m_session;  // live memory runs of this session, for the plot
};

}  // namespace ws
