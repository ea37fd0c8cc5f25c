#include "app/gui/matmul/matmul_lab.h"

#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QMenuBar>
#include <QTabWidget>
#include <algorithm>

#include "app/gui/common/app_log.h"
#include "app/gui/common/dock_sizes.h"
#include "app/gui/common/resource_paths.h"
#include "app/gui/common/scroll_when_short.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/workbench_host.h"
#include "core/catalog/catalog.h"
#include "widgets/matmul/reuse_view.h"
#include "widgets/matmul/roofline_view.h"
#include "widgets/matmul/tile_walk_view.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

namespace {

bool listsTiles(const ExperimentSpec* spec) { return spec && spec->lists("tiles"); }

// The counters scripts/gpu/matmul.sh measured, beside the bundled traces.
std::optional<MatmulCounters> bundledCounters() {
    const QString manifest = bundledManifestPath();
    if (manifest.isEmpty()) return std::nullopt;
    QFile f(QFileInfo(manifest).absolutePath() + QStringLiteral("/matmul-counters.json"));
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
    auto parsed = parseMatmulCounters(f.readAll().toStdString());
    if (!parsed) {
        appLog(QStringLiteral("ignoring %1: %2")
                   .arg(f.fileName(), QString::fromStdString(parsed.error())));
        return std::nullopt;
    }
    return *parsed;
}

// A plot instance that follows the window's run: `fill` gives its data.
template <typename View, typename Fill>
View* following(PlaybackModel* model, QWidget* parent, Fill fill) {
    auto* view = new View(parent);
    auto update = [view, model, fill] { view->setData(fill(model->run())); };
    QObject::connect(model, &PlaybackModel::runChanged, view, update);
    update();
    return view;
}

}  // namespace

LabModule matmulLabModule() {
    return {"matmul",
            {QStringLiteral("tiles"), QStringLiteral("reuse"), QStringLiteral("roofline"),
             QStringLiteral("matmul-ladder")},
            [](WorkbenchHost* host) -> Lab* { return new MatmulLab(host); }};
}

MatmulLab::MatmulLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_dock(window->addLabDock(tr("Matrix multiply lab"), QStringLiteral("matmul-lab"),
                                Qt::RightDockWidgetArea)),
      m_tabs(new QTabWidget(m_dock)),
      m_tiles(new TileWalkView(window->model(), m_tabs)),
      m_reuse(new ReuseView(m_tabs)),
      m_roofline(new RooflineView(m_tabs)),
      m_ladder(new LadderChart(m_tabs)),
      m_counters(bundledCounters()) {
    m_tabs->addTab(m_tiles, tr("Tile walk"));
    m_tabs->addTab(m_reuse, tr("Reuse"));
    m_tabs->addTab(m_roofline, tr("Roofline"));
    m_tabs->addTab(m_ladder, tr("Ladder"));
    m_dock->setWidget(scrollWhenShort(m_tabs));
    window->dockSizes()->prefer(m_dock, 760, Qt::Horizontal);
    m_dock->hide();
    window->menuBar()->addMenu(tr("Matri&x multiply lab"))->addAction(m_dock->toggleViewAction());
    connect(window->browser(), &ExperimentBrowser::experimentChosen, this,
            &MatmulLab::onExperiment);
    registerViews();
    registerThroughput();
    refresh();
}

MatmulSources MatmulLab::sources() const {
    return {&m_window->source()->bundled(), m_session, m_counters};
}

void MatmulLab::addToRoofline(RooflineAddition addition) {
    m_rooflineAdditions.push_back(std::move(addition));
    refresh();
}

RooflineData MatmulLab::rooflineFor(const Run* shown) const {
    RooflineData d = matmulRoofline(shown, sources());
    for (const RooflineAddition& add : m_rooflineAdditions) add(d, shown);
    return d;
}

void MatmulLab::registerViews() {
    ViewCatalog* views = m_window->views();
    views->add({QStringLiteral("tiles"), tr("Tile walk"), QStringLiteral("matmul"),
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new TileWalkView(c.model, parent);
                }});
    views->add({QStringLiteral("reuse"), tr("Loads per FLOP"), QStringLiteral("matmul"),
                [this](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return following<ReuseView>(c.model, parent, [this](const Run* run) {
                        return matmulReuse(run, sources());
                    });
                }});
    views->add({QStringLiteral("roofline"), tr("Roofline"), QStringLiteral("matmul"),
                [this](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return following<RooflineView>(
                        c.model, parent, [this](const Run* run) { return rooflineFor(run); });
                }});
    views->add(
        {QStringLiteral("matmul-ladder"), tr("Matrix multiply ladder"), QStringLiteral("matmul"),
         [this](const ViewContext& c, QWidget* parent) -> QWidget* {
             return following<LadderChart>(
                 c.model, parent, [this](const Run* run) { return matmulLadder(run, sources()); });
         }});
}

void MatmulLab::onExperiment(const QString& id) {
    const bool shown = listsTiles(findExperiment(id.toStdString()));
    m_window->showLabDock(m_dock, shown);
    if (shown) m_dock->raise();
}

void MatmulLab::onRunShown(const LoadedRun& loaded) {
    const Run& run = *loaded.prepared->run;
    m_window->showLabDock(m_dock, listsTiles(findExperiment(run.experiment)));
    if (loaded.origin == RunOrigin::Live)
        if (auto m = matmulMeasurementOf(run)) m_session.push_back(*m);
    refresh();
}

void MatmulLab::refresh() {
    const Run* run = m_window->model()->run();
    const MatmulSources s = sources();
    m_reuse->setData(matmulReuse(run, s));
    m_roofline->setData(rooflineFor(run));
    m_ladder->setData(matmulLadder(run, s));
}

void MatmulLab::registerThroughput() {
    // GFLOP/s against the FP32 peak wherever the product's throughput is
    // plotted, not GB/s against the memory's.
    m_window->throughputProviders()->add([this](const Run& run) -> std::optional<ThroughputData> {
        if (run.experiment != "matmul") return std::nullopt;
        return matmulThroughput(run, sources());
    });
}

}  // namespace ws
