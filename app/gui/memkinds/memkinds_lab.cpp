#include "app/gui/memkinds/memkinds_lab.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QSplitter>
#include <algorithm>

#include "app/gui/common/scroll_when_short.h"
#include "app/gui/workbench/workbench_host.h"
#include "core/catalog/catalog.h"
#include "widgets/memkinds/bandwidth_staircase_plot.h"
#include "widgets/memkinds/constant_broadcast_view.h"
#include "widgets/memkinds/l2_distance_view.h"
#include "widgets/memkinds/latency_staircase_plot.h"
#include "widgets/memkinds/local_memory_plot.h"
#include "widgets/memkinds/occupancy_plot.h"
#include "widgets/memkinds/texture_paths_plot.h"

namespace ws {

namespace {

// Curves the staircase lays over each other at most: more read as a tangle.
constexpr std::size_t kLatencyRuns = 6;

bool lists(const ExperimentSpec* spec, const char* view) { return spec && spec->lists(view); }

QSplitter* pair(QWidget* a, QWidget* b, QWidget* parent) {
    auto* s = new QSplitter(Qt::Horizontal, parent);
    s->addWidget(a);
    s->addWidget(b);
    s->setStretchFactor(0, 1);
    s->setStretchFactor(1, 1);
    return s;
}

}  // namespace

LabModule memkindsLabModule() {
    return {"memkinds",
            {QStringLiteral("latency-staircase"), QStringLiteral("l2-distance"),
             QStringLiteral("bandwidth-staircase"), QStringLiteral("constant-broadcast"),
             QStringLiteral("texture-paths"), QStringLiteral("local-memory"),
             QStringLiteral("occupancy")},
            [](WorkbenchHost* host) -> Lab* { return new MemkindsLab(host); }};
}

MemkindsLab::MemkindsLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_latency(new LatencyStaircasePlot(window->model(), window)),
      m_l2(new L2DistanceView(window->model(), window)),
      m_bandwidth(new BandwidthStaircasePlot(window->model(), window)),
      m_constant(new ConstantBroadcastView(window->model(), window)),
      m_texture(new TexturePathsPlot(window->model(), window)),
      m_local(new LocalMemoryPlot(window->model(), window)),
      m_occupancy(new OccupancyPlot(window->model(), window)) {
    auto dock = [window](const QString& title, QWidget* w, const QString& name) {
        QDockWidget* d = window->addLabDock(title, name, Qt::BottomDockWidgetArea);
        d->setWidget(scrollWhenShort(w));
        d->hide();
        return d;
    };
    m_latencyDock = dock(tr("Latency staircase"), m_latency, "latency-staircase");
    m_l2Dock = dock(tr("L2 distance per SM"), m_l2, "l2-distance");
    m_bandwidthDock = dock(tr("Bandwidth staircase"), m_bandwidth, "bandwidth-staircase");
    m_constantDock = dock(tr("Constant memory"), m_constant, "constant-broadcast");
    m_textureDock = dock(tr("Texture paths"), m_texture, "texture-paths");
    m_localDock =
        dock(tr("Local memory and occupancy"), pair(m_local, m_occupancy, window), "local-memory");
    QMenu* lab = window->menuBar()->addMenu(tr("Memory &kinds lab"));
    for (QDockWidget* d :
         {m_latencyDock, m_l2Dock, m_bandwidthDock, m_constantDock, m_textureDock, m_localDock})
        lab->addAction(d->toggleViewAction());
    registerViews();
    follow();
}

void MemkindsLab::follow() {
    const auto prepared = m_window->model()->preparedShared();
    const Run* run = prepared ? prepared->run.get() : nullptr;
    const ExperimentSpec* spec = run ? findExperiment(run->experiment) : nullptr;
    if (run && run->experiment == "memory-latency") {
        // The newest run of each setting: the same setting run again replaces its curve.
        std::erase_if(m_latencyRuns, [&](const auto& r) { return r->params == run->params; });
        m_latencyRuns.push_back(prepared->run);
        if (m_latencyRuns.size() > kLatencyRuns) m_latencyRuns.erase(m_latencyRuns.begin());
        m_latency->setOtherRuns(m_latencyRuns);
    }
    if (!run) return;
    const std::pair<QDockWidget*, bool> docks[] = {
        {m_latencyDock, lists(spec, "latency-staircase")},
        {m_l2Dock, lists(spec, "l2-distance")},
        {m_bandwidthDock, lists(spec, "bandwidth-staircase")},
        {m_constantDock, lists(spec, "constant-broadcast")},
        {m_textureDock, lists(spec, "texture-paths")},
        {m_localDock, lists(spec, "local-memory") || lists(spec, "occupancy")}};
    for (const auto& [d, shown] : docks) m_window->showLabDock(d, shown);
    for (const auto& [d, shown] : docks)
        if (shown) d->raise();
}

void MemkindsLab::registerViews() {
    ViewCatalog* views = m_window->views();
    const QString lab = QStringLiteral("memkinds");
    views->add({QStringLiteral("latency-staircase"), tr("Latency against working set"), lab,
                [this](const ViewContext& c, QWidget* parent) -> QWidget* {
                    auto* plot = new LatencyStaircasePlot(c.model, parent);
                    plot->setOtherRuns(m_latencyRuns);
                    // Each instance lays the session's runs over the one on show.
                    connect(c.model, &PlaybackModel::runChanged, plot,
                            [this, plot] { plot->setOtherRuns(m_latencyRuns); });
                    return plot;
                }});
    views->add({QStringLiteral("l2-distance"), tr("L2 latency from each SM"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new L2DistanceView(c.model, parent);
                }});
    views->add({QStringLiteral("bandwidth-staircase"), tr("Bandwidth against working set"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new BandwidthStaircasePlot(c.model, parent);
                }});
    views->add({QStringLiteral("constant-broadcast"), tr("A warp reading __constant__ memory"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new ConstantBroadcastView(c.model, parent);
                }});
    views->add({QStringLiteral("texture-paths"), tr("Texture, global and __ldg reads"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new TexturePathsPlot(c.model, parent);
                }});
    views->add({QStringLiteral("local-memory"), tr("Registers, local memory and spills"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new LocalMemoryPlot(c.model, parent);
                }});
    views->add({QStringLiteral("occupancy"), tr("Blocks per SM against registers"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new OccupancyPlot(c.model, parent);
                }});
}

}  // namespace ws
