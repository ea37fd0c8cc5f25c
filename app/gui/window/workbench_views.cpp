#include "app/gui/window/workbench_views.h"

#include <QObject>

#include "app/gui/memory/bank_probe_series.h"
#include "app/gui/reduction/ladder_data.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/throughput_series.h"
#include "widgets/memory/bank_view.h"
#include "widgets/memory/coalescing_view.h"
#include "widgets/memory/image_view.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/plots/launch_stats_view.h"
#include "widgets/plots/throughput_plot.h"
#include "widgets/profile/counters_view.h"
#include "widgets/profile/stalls_view.h"
#include "widgets/reduction/arrival_view.h"
#include "widgets/reduction/divergence_view.h"
#include "widgets/reduction/reduction_tree_view.h"
#include "widgets/reduction/warp_view.h"
#include "widgets/timeline/grid_view.h"
#include "widgets/timeline/timeline_view.h"

namespace ws {

namespace {

// A view built on the playback model alone.
template <typename View>
ViewEntry modelView(const char* name, const QString& title, const char* lab) {
    return {QString::fromLatin1(name), title, QString::fromLatin1(lab),
            [](const ViewContext& c, QWidget* parent) -> QWidget* {
                return new View(c.model, parent);
            }};
}

// Calls `refresh` now and whenever the run on show changes, while `view` lives.
template <typename View, typename Refresh>
View* following(const ViewContext& c, View* view, Refresh refresh) {
    QObject::connect(c.model, &PlaybackModel::runChanged, view,
                     [c, view, refresh] { refresh(c, view); });
    refresh(c, view);
    return view;
}

ThroughputData throughputOf(const ViewContext& c) {
    const Run* run = c.model->run();
    if (!run) return {};
    return c.window->throughputProviders()->dataFor(*run, c.source->bundled(),
                                                    c.window->sessionRuns());
}

}  // namespace

void registerWorkbenchViews(MainWindow* window) {
    ViewCatalog* views = window->views();
    views->add(modelView<GridView>("grid", QObject::tr("Blocks of the grid"), "workbench"));
    views->add(modelView<TimelineView>("timeline", QObject::tr("SM timeline"), "workbench"));
    views->add(
        modelView<WarpView>("warps", QObject::tr("Warps of the selected block"), "workbench"));
    views->add(
        modelView<LaunchStatsView>("statistics", QObject::tr("Block statistics"), "workbench"));
    views->add({QStringLiteral("throughput"), QObject::tr("Throughput"),
                QStringLiteral("workbench"), [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return following(c, new ThroughputPlot(parent),
                                     [](const ViewContext& c, ThroughputPlot* plot) {
                                         const Run* run = c.model->run();
                                         if (!run || !isBankProbe(*run)) {
                                             plot->setData(throughputOf(c));
                                             return;
                                         }
                                         plot->setData(bankProbeCyclesFor(
                                             *run, c.source->bundled(), plot,
                                             [model = c.model, run, plot](ThroughputData d) {
                                                 // Only for the run still on show.
                                                 if (model->run() == run) plot->setData(d);
                                             }));
                                     });
                }});
    views->add(modelView<StallsView>("stalls", QObject::tr("Where the warps waited"), "workbench"));
    views->add(modelView<CountersView>("counters", QObject::tr("Hardware counters"), "workbench"));
    views->add(modelView<ReductionTreeView>("tree", QObject::tr("Reduction tree"), "reduction"));
    views->add(
        modelView<DivergenceView>("divergence", QObject::tr("Warps and divergence"), "reduction"));
    views->add(modelView<ArrivalView>("arrivals", QObject::tr("Last-block arrivals"), "reduction"));
    views->add({QStringLiteral("ladder"), QObject::tr("Throughput ladder"),
                QStringLiteral("reduction"), [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return following(
                        c, new LadderChart(parent), [](const ViewContext& c, LadderChart* chart) {
                            const Run* run = c.model->run();
                            chart->setData(ladderFor(c.source->bundled(), run,
                                                     run ? run->device.memBandwidthGBs : 0));
                        });
                }});
    views->add(modelView<BankView>("banks", QObject::tr("Shared-memory banks"), "memory"));
    views->add(modelView<CoalescingView>(
        "coalescing", QObject::tr("Global memory: sectors and lines"), "memory"));
    views->add(modelView<ImageView>("image", QObject::tr("Input and output images"), "memory"));
}

}  // namespace ws
