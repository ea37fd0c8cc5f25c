#include "app/gui/window/workbench_views.h"

#include <QObject>
#include <QPointer>

#include "app/gui/window/main_window.h"
#include "app/gui/workbench/throughput_series.h"
#include "app/gui/workbench/view_entries.h"
#include "widgets/plots/launch_stats_view.h"
#include "widgets/plots/throughput_plot.h"
#include "widgets/profile/counters_view.h"
#include "widgets/profile/stalls_view.h"
#include "widgets/reduction/warp_view.h"
#include "widgets/timeline/grid_view.h"
#include "widgets/timeline/timeline_view.h"

namespace ws {

QStringList workbenchViewNames() {
    return {QStringLiteral("grid"),       QStringLiteral("timeline"),   QStringLiteral("warps"),
            QStringLiteral("throughput"), QStringLiteral("statistics"), QStringLiteral("stalls"),
            QStringLiteral("counters")};
}

void registerWorkbenchViews(MainWindow* window) {
    ViewCatalog* views = window->views();
    views->add(modelView<GridView>("grid", QObject::tr("Blocks of the grid"), "workbench"));
    views->add(modelView<TimelineView>("timeline", QObject::tr("SM timeline"), "workbench"));
    views->add(
        modelView<WarpView>("warps", QObject::tr("Warps of the selected block"), "workbench"));
    views->add(
        modelView<LaunchStatsView>("statistics", QObject::tr("Block statistics"), "workbench"));
    // What the labs' providers plot for the run (throughput, or the bank
    // probe's cycles per access), as the window's own plot shows it.
    views->add({QStringLiteral("throughput"), QObject::tr("Throughput"),
                QStringLiteral("workbench"), [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return following(
                        c, new ThroughputPlot(parent),
                        [](const ViewContext& c, ThroughputPlot* plot) {
                            const Run* run = c.model->run();
                            if (!run) return plot->setData({});
                            plot->setData(c.window->throughputProviders()->dataFor(
                                *run, c.source->bundled(), c.window->sessionRuns(),
                                [model = QPointer<PlaybackModel>(c.model), run,
                                 plot = QPointer<ThroughputPlot>(plot)](ThroughputData d) {
                                    // Only for the run still on show.
                                    if (model && plot && model->run() == run) plot->setData(d);
                                }));
                        });
                }});
    views->add(modelView<StallsView>("stalls", QObject::tr("Where the warps waited"), "workbench"));
    views->add(modelView<CountersView>("counters", QObject::tr("Hardware counters"), "workbench"));
}

}  // namespace ws
