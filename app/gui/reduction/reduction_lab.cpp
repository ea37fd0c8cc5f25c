#include "app/gui/reduction/reduction_lab.h"

#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QMenuBar>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/common/dock_sizes.h"
#include "app/gui/common/scroll_when_short.h"
#include "app/gui/compare/compare_window.h"
#include "app/gui/reduction/ladder_data.h"
#include "app/gui/workbench/view_entries.h"
#include "app/gui/workbench/workbench_host.h"
#include "core/catalog/catalog.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/reduction/arrival_view.h"
#include "widgets/reduction/divergence_view.h"
#include "widgets/reduction/reduction_tree_view.h"

namespace ws {

LabModule reductionLabModule() {
    return {"reduction",
            {QStringLiteral("tree"), QStringLiteral("divergence"), QStringLiteral("arrivals"),
             QStringLiteral("ladder")},
            [](WorkbenchHost* host) -> Lab* { return new ReductionLab(host); }};
}

ReductionLab::ReductionLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_tree(new ReductionTreeView(window->model(), window)),
      m_divergence(new DivergenceView(window->model(), window)),
      m_arrivals(new ArrivalView(window->model(), window)),
      m_ladder(new LadderChart(window)) {
    // The tree with its options: which pass and how many slots.
    auto* treeBox = new QWidget(window);
    auto* v = new QVBoxLayout(treeBox);
    v->setContentsMargins(0, 0, 0, 0);
    auto* options = new QHBoxLayout;
    auto* pass = new QComboBox(treeBox);
    pass->addItems({tr("follow playback"), tr("block's own tree"), tr("merge / warp results")});
    auto* window32 = new QComboBox(treeBox);
    window32->addItems({tr("slots to fit the values"), tr("16 slots"), tr("32 slots"),
                        tr("64 slots"), tr("all slots")});
    window32->setCurrentIndex(0);
    options->addWidget(pass);
    options->addWidget(window32);
    options->addStretch();
    v->addLayout(options);
    v->addWidget(m_tree, 1);
    connect(pass, &QComboBox::currentIndexChanged, this, [this](int i) { m_tree->setPass(i - 1); });
    connect(window32, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i == 0) return m_tree->setFitValues(true);
        static const std::uint32_t counts[] = {16, 32, 64, 0};
        m_tree->setWindow(m_tree->windowFirst(), counts[i - 1]);
    });

    auto dock = [window](const QString& title, QWidget* w, const QString& name) {
        QDockWidget* d = window->addLabDock(title, name, Qt::RightDockWidgetArea);
        d->setWidget(scrollWhenShort(w));
        return d;
    };
    auto* treeDock = dock(tr("Reduction tree"), treeBox, "reduction-tree");
    auto* divDock = dock(tr("Warps and divergence"), m_divergence, "divergence");
    auto* arrDock = dock(tr("Last-block arrivals"), m_arrivals, "arrivals");
    auto* ladDock = dock(tr("Throughput ladder"), m_ladder, "ladder");
    window->tabifyDockWidget(treeDock, divDock);
    window->tabifyDockWidget(divDock, arrDock);
    window->tabifyDockWidget(arrDock, ladDock);
    treeDock->raise();
    // Shown with a reduction's run (onRunChanged), as each lab's docks are
    // with its own: all labs' docks at once, before the first run, held the
    // window taller than a laptop's screen, and it stayed so.
    for (QDockWidget* d : {treeDock, divDock, arrDock, ladDock}) d->hide();
    // A third of a projector's width: the linked views in the middle keep room
    // for their legends and the throughput plot.
    window->dockSizes()->prefer(treeDock, 620, Qt::Horizontal);

    m_docks = {treeDock, divDock, arrDock, ladDock};
    QMenu* lab = window->menuBar()->addMenu(tr("&Reduction lab"));
    for (QDockWidget* d : {treeDock, divDock, arrDock, ladDock})
        lab->addAction(d->toggleViewAction());
    lab->addSeparator();
    lab->addAction(tr("&Compare two variants…"), this, &ReductionLab::showCompare);
    registerViews();
    follow(nullptr);
}

void ReductionLab::registerViews() {
    ViewCatalog* views = m_window->views();
    views->add(modelView<ReductionTreeView>("tree", tr("Reduction tree"), "reduction"));
    views->add(modelView<DivergenceView>("divergence", tr("Warps and divergence"), "reduction"));
    views->add(modelView<ArrivalView>("arrivals", tr("Last-block arrivals"), "reduction"));
    views->add({QStringLiteral("ladder"), tr("Throughput ladder"), QStringLiteral("reduction"),
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return following(
                        c, new LadderChart(parent), [](const ViewContext& c, LadderChart* chart) {
                            const Run* run = c.model->run();
                            chart->setData(ladderFor(c.source->bundled(), run,
                                                     run ? run->device.memBandwidthGBs : 0));
                        });
                }});
}

void ReductionLab::onRunShown(const LoadedRun& shown) { follow(shown.prepared->run.get()); }

void ReductionLab::follow(const Run* run) {
    // The lab follows the catalog: experiments without a reduction tree (the
    // memory lab's) hide its docks instead of showing an empty tree.
    if (run) {
        const ExperimentSpec* spec = findExperiment(run->experiment);
        const bool hasTree = spec && spec->lists("tree");
        for (QDockWidget* d : m_docks) m_window->showLabDock(d, hasTree);
        if (hasTree) m_docks.front()->raise();
    }
    m_ladder->setData(
        ladderFor(m_window->source()->bundled(), run, run ? run->device.memBandwidthGBs : 0));
}

CompareWindow* ReductionLab::compareWindow() {
    if (!m_compare) m_compare = new CompareWindow(m_window->source()->bundled(), m_window);
    return m_compare;
}

void ReductionLab::showCompare() {
    CompareWindow* c = compareWindow();
    const Run* run = m_window->model()->run();
    // The pairs that teach the most: the first and third rungs, or two warp trees.
    if (run && run->experiment == "reduce-warp")
        c->compare(run->experiment, run->params, QStringLiteral("shuffle"), QStringLiteral("comm"));
    else
        c->compare("reduce-ladder",
                   run && run->experiment == "reduce-ladder"
                       ? run->params
                       : ParamValues{{"n", "1048576"}, {"block", "256"}, {"type", "float"}},
                   QStringLiteral("interleaved-divergent"), QStringLiteral("sequential"));
    c->show();
    c->raise();
}

}  // namespace ws
