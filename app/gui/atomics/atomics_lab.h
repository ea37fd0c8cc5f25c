#pragma once
// The atomics lab in the main window: docks for the work queue (items on the
// SM timeline, busy time per SM), argmin's CAS attempts (over time and as a
// histogram) and atomic contention (atomics per second against threads),
// each shown when the run on show lists its views, all following the window's
// playback model; and the five views registered by name for lessons,
// presentation mode and exports.
#include <vector>

#include "app/gui/atomics/atomics_throughput.h"
#include "app/gui/workbench/lab.h"

class QDockWidget;

namespace ws {

class AtomicThroughputPlot;
class CasAttemptsPlot;
class CasHeatmapView;
class WorkbenchHost;
class QueueTimelineView;
class SmBusyChart;

class AtomicsLab : public Lab {
    Q_OBJECT
public:
    explicit AtomicsLab(WorkbenchHost* window);

    QueueTimelineView* queueTimeline() const { return m_queue; }
    SmBusyChart* smBusy() const { return m_busy; }
    CasHeatmapView* casHeatmap() const { return m_heatmap; }
    CasAttemptsPlot* casAttempts() const { return m_attempts; }
    AtomicThroughputPlot* throughput() const { return m_throughput; }
    QDockWidget* queueDock() const { return m_queueDock; }
    QDockWidget* casDock() const { return m_casDock; }
    QDockWidget* contentionDock() const { return m_contentionDock; }
    ContentionPlotData contentionData() const;

private:
    void registerViews();
    void onRunShown(const LoadedRun&) override { follow(); }
    void follow();

    WorkbenchHost* m_window;
    QueueTimelineView* m_queue;
    SmBusyChart* m_busy;
    CasHeatmapView* m_heatmap;
    CasAttemptsPlot* m_attempts;
    AtomicThroughputPlot* m_throughput;
    QDockWidget* m_queueDock = nullptr;
    QDockWidget* m_casDock = nullptr;
    QDockWidget* m_contentionDock = nullptr;
    std::vector<ContentionMeasurement> m_session;  // live contention runs of this session
};

LabModule atomicsLabModule();

}  // namespace ws
