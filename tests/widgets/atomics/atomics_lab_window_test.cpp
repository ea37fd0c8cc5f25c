// The lab installed in the window: its five views registered by name and
// made fresh by the catalog, and its docks shown for the experiments whose
// catalog entries list their views (hidden or not: the offscreen window is
// never shown).
#include <gtest/gtest.h>

#include <QDockWidget>
#include <set>

#include "app/gui/atomics/atomics_lab.h"
#include "app/gui/atomics/atomics_throughput.h"
#include "app/gui/window/main_window.h"
#include "app/gui/worker/run_source.h"
#include "tests/widgets/atomics/atomics_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/shown_in_window.h"
#include "widgets/atomics/queue_timeline_view.h"

namespace ws {
namespace {

std::unique_ptr<MainWindow> window() {
    test::app();
    WindowOptions o;
    o.workerCommand = {QStringLiteral("/bin/false")};  // never asked: runs are set directly
    o.interactive = false;
    return std::make_unique<MainWindow>(o);
}

TEST(AtomicsLab, RegistersItsViewsByName) {
    auto w = window();
    for (const char* name :
         {"queue-timeline", "sm-busy", "cas-heatmap", "cas-attempts", "atomic-throughput"}) {
        const ViewEntry* e = w->views()->find(QString::fromLatin1(name));
        ASSERT_NE(e, nullptr) << name;
        EXPECT_EQ(e->lab, QStringLiteral("atomics"));
        std::unique_ptr<QWidget> view(e->create(w->viewContext(), nullptr));
        ASSERT_NE(view, nullptr) << name;
    }
    // A fresh instance follows the window's model.
    std::unique_ptr<QWidget> made(
        w->views()->find(QStringLiteral("queue-timeline"))->create(w->viewContext(), nullptr));
    test::showInWindow(w.get(), test::prepared(test::queueRun("queue", "heavy", 128, 4, 1)));
    EXPECT_EQ(static_cast<QueueTimelineView*>(made.get())->bars().bars.size(), 128u);
}

TEST(AtomicsLab, ShowsTheDocksTheExperimentLists) {
    auto w = window();
    auto* lab = w->findChild<AtomicsLab*>();
    ASSERT_NE(lab, nullptr);
    test::showInWindow(w.get(), test::prepared(test::queueRun("static", "heavy", 128, 4, 1)));
    EXPECT_FALSE(lab->queueDock()->isHidden());
    EXPECT_TRUE(lab->casDock()->isHidden());
    test::showInWindow(w.get(), test::prepared(test::argminRun("cas-modified-new", "blog", 5000)));
    EXPECT_TRUE(lab->queueDock()->isHidden());
    EXPECT_FALSE(lab->casDock()->isHidden());
    // Argmin without a CAS loop (CUB, shuffle) has no records: no dock.
    ws::Run cub = test::argminRun("cub", "blog", 5000);
    for (Launch& l : cub.launches) l.tables.clear();
    test::showInWindow(w.get(), test::prepared(cub));
    EXPECT_TRUE(lab->casDock()->isHidden());
    test::showInWindow(w.get(), test::prepared(test::contentionRun(4096, 1)));
    EXPECT_FALSE(lab->contentionDock()->isHidden());
    // One curve per setting: the current run's, and each bundled setting's.
    std::set<QString> names{contentionSeriesName(w->model()->run()->params)};
    for (const BundledTrace* t : w->source()->bundled().forExperiment("atomic-contention"))
        names.insert(contentionSeriesName(t->params));
    const ContentionPlotData data = lab->contentionData();
    EXPECT_EQ(data.series.size(), names.size());
    for (const ContentionSeries& s : data.series)
        EXPECT_TRUE(names.count(s.name)) << s.name.toStdString();
}

}  // namespace
}  // namespace ws
