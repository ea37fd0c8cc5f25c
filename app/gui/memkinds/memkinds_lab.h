#pragma once
// The memory kinds lab in the main window: a dock per experiment's views
// (the latency staircase, L2 distance per SM, the bandwidth staircase, the
// constant cache's passes, the texture paths, and local memory beside
// occupancy), each shown when the run on show lists its views, all
// following the window's playback model; and the seven views registered by
// name for lessons, presentation mode and exports. The latency staircase
// lays this session's other memory-latency runs over the one on show.
#include <memory>
#include <vector>

#include "app/gui/workbench/lab.h"
#include "core/run/run.h"

class QDockWidget;

namespace ws {

class BandwidthStaircasePlot;
class ConstantBroadcastView;
class L2DistanceView;
class LatencyStaircasePlot;
class LocalMemoryPlot;
class OccupancyPlot;
class TexturePathsPlot;
class WorkbenchHost;

class MemkindsLab : public Lab {
    Q_OBJECT
public:
    explicit MemkindsLab(WorkbenchHost* window);

    LatencyStaircasePlot* latency() const { return m_latency; }
    L2DistanceView* l2Distance() const { return m_l2; }
    BandwidthStaircasePlot* bandwidth() const { return m_bandwidth; }
    ConstantBroadcastView* constant() const { return m_constant; }
    TexturePathsPlot* texture() const { return m_texture; }
    LocalMemoryPlot* local() const { return m_local; }
    OccupancyPlot* occupancy() const { return m_occupancy; }
    QDockWidget* latencyDock() const { return m_latencyDock; }
    QDockWidget* l2Dock() const { return m_l2Dock; }
    QDockWidget* bandwidthDock() const { return m_bandwidthDock; }
    QDockWidget* constantDock() const { return m_constantDock; }
    QDockWidget* textureDock() const { return m_textureDock; }
    QDockWidget* localDock() const { return m_localDock; }
    // The memory-latency runs of this session, the newest of each setting.
    const std::vector<std::shared_ptr<const Run>>& latencyRuns() const { return m_latencyRuns; }

private:
    void registerViews();
    void onRunShown(const LoadedRun&) override { follow(); }
    void follow();

    WorkbenchHost* m_window;
    LatencyStaircasePlot* m_latency;
    L2DistanceView* m_l2;
    BandwidthStaircasePlot* m_bandwidth;
    ConstantBroadcastView* m_constant;
    TexturePathsPlot* m_texture;
    LocalMemoryPlot* m_local;
    OccupancyPlot* m_occupancy;
    QDockWidget* m_latencyDock = nullptr;
    QDockWidget* m_l2Dock = nullptr;
    QDockWidget* m_bandwidthDock = nullptr;
    QDockWidget* m_constantDock = nullptr;
    QDockWidget* m_textureDock = nullptr;
    QDockWidget* m_localDock = nullptr;
    std::vector<std::shared_ptr<const Run>> m_latencyRuns;
};

LabModule memkindsLabModule();

}  // namespace ws
