#include "app/gui/atomics/atomics_lab.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QSplitter>
#include <algorithm>

#include "app/gui/common/scroll_when_short.h"
#include "app/gui/workbench/workbench_host.h"
#include "core/atomics/cas_records.h"
#include "core/catalog/catalog.h"
#include "widgets/atomics/atomic_throughput_plot.h"
#include "widgets/atomics/cas_attempts_plot.h"
#include "widgets/atomics/cas_heatmap_view.h"
#include "widgets/atomics/queue_timeline_view.h"
#include "widgets/atomics/sm_busy_chart.h"

namespace ws {

namespace {

bool lists(const ExperimentSpec* spec, const char* view) { return spec && spec->lists(view); }

QSplitter* pair(QWidget* a, QWidget* b, int stretchA, int stretchB, QWidget* parent) {
    auto* s = new QSplitter(Qt::Horizontal, parent);
    s->addWidget(a);
    s->addWidget(b);
    s->setStretchFactor(0, stretchA);
    s->setStretchFactor(1, stretchB);
    return s;
}

}  // namespace

LabModule atomicsLabModule() {
    return {
        "atomics",
        {QStringLiteral("queue-timeline"), QStringLiteral("sm-busy"), QStringLiteral("cas-heatmap"),
         QStringLiteral("cas-attempts"), QStringLiteral("atomic-throughput")},
        [](WorkbenchHost* host) -> Lab* { return new AtomicsLab(host); }};
}

AtomicsLab::AtomicsLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_queue(new QueueTimelineView(window->model(), window)),
      m_busy(new SmBusyChart(window->model(), window)),
      m_heatmap(new CasHeatmapView(window->model(), window)),
      m_attempts(new CasAttemptsPlot(window->model(), window)),
      m_throughput(new AtomicThroughputPlot(window)) {
    auto dock = [window](const QString& title, QWidget* w, const QString& name) {
        QDockWidget* d = window->addLabDock(title, name, Qt::BottomDockWidgetArea);
        d->setWidget(scrollWhenShort(w));
        d->hide();
        return d;
    };
    m_queueDock = dock(tr("Work queue"), pair(m_queue, m_busy, 3, 2, window), "work-queue");
    m_casDock = dock(tr("CAS attempts"), pair(m_heatmap, m_attempts, 3, 2, window), "cas-attempts");
    m_contentionDock = dock(tr("Atomic contention"), m_throughput, "atomic-contention");
    QMenu* lab = window->menuBar()->addMenu(tr("&Atomics lab"));
    for (QDockWidget* d : {m_queueDock, m_casDock, m_contentionDock})
        lab->addAction(d->toggleViewAction());
    registerViews();
    follow();
}

ContentionPlotData AtomicsLab::contentionData() const {
    return contentionPlotFor(m_window->model()->run(), m_window->source()->bundled(), m_session);
}

void AtomicsLab::follow() {
    const Run* run = m_window->model()->run();
    const ExperimentSpec* spec = run ? findExperiment(run->experiment) : nullptr;
    if (run && run->experiment == "atomic-contention" && run->figures.count("atomicsPerSecond")) {
        // Recorded traces are in the manifest already; a live run joins the plot.
        const bool known = std::any_of(m_session.begin(), m_session.end(),
                                       [&](const auto& m) { return m.params == run->params; });
        const bool bundled =
            !m_window->source()->bundled().forExperiment(run->experiment).empty() &&
            m_window->source()->mode() == RunSource::Mode::Recorded;
        if (!known && !bundled)
            m_session.push_back({run->params, run->figures.at("atomicsPerSecond")});
    }
    m_throughput->setData(contentionData());
    if (!run) return;
    const bool queue = lists(spec, "queue-timeline") || lists(spec, "sm-busy");
    // The CUB and shuffle variants of argmin run no CAS loop: a dock of two
    // empty views took half the window.
    const bool cas =
        (lists(spec, "cas-heatmap") || lists(spec, "cas-attempts")) && hasCasRecords(*run);
    const bool contention = lists(spec, "atomic-throughput");
    m_window->showLabDock(m_queueDock, queue);
    m_window->showLabDock(m_casDock, cas);
    m_window->showLabDock(m_contentionDock, contention);
    for (auto [shown, d] :
         {std::pair{queue, m_queueDock}, {cas, m_casDock}, {contention, m_contentionDock}})
        if (shown) d->raise();
}

void AtomicsLab::registerViews() {
    ViewCatalog* views = m_window->views();
    const QString lab = QStringLiteral("atomics");
    views->add({QStringLiteral("queue-timeline"), tr("Work items on the SM timeline"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new QueueTimelineView(c.model, parent);
                }});
    views->add({QStringLiteral("sm-busy"), tr("Busy time per SM"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new SmBusyChart(c.model, parent);
                }});
    views->add({QStringLiteral("cas-heatmap"), tr("CAS attempts of each warp over time"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new CasHeatmapView(c.model, parent);
                }});
    views->add({QStringLiteral("cas-attempts"), tr("atomicCAS per thread"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new CasAttemptsPlot(c.model, parent);
                }});
    views->add({QStringLiteral("atomic-throughput"), tr("Atomics per second against threads"), lab,
                [this](const ViewContext& c, QWidget* parent) -> QWidget* {
                    auto* plot = new AtomicThroughputPlot(parent);
                    plot->setData(contentionData());
                    // Each instance keeps its data current with the window's run.
                    connect(c.model, &PlaybackModel::runChanged, plot,
                            [this, plot] { plot->setData(contentionData()); });
                    return plot;
                }});
}

}  // namespace ws
