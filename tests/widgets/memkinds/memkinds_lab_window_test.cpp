// The lab installed in the window: its seven views registered by name and
// made fresh by the catalog, its docks shown for the experiments whose
// catalog entries list their views, and the session's memory-latency runs
// laid over each other (the offscreen window is never shown).
#include <gtest/gtest.h>

#include <QDockWidget>

#include "app/gui/memkinds/memkinds_lab.h"
#include "app/gui/window/lab_modules.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/command_line.h"
#include "tests/widgets/memkinds/memkinds_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/shown_in_window.h"
#include "widgets/memkinds/latency_staircase_plot.h"

namespace ws {
namespace {

const char* const kViews[] = {"latency-staircase",  "l2-distance",   "bandwidth-staircase",
                              "constant-broadcast", "texture-paths", "local-memory",
                              "occupancy"};

std::unique_ptr<MainWindow> window() {
    test::app();
    WindowOptions o;
    o.workerCommand = {QStringLiteral("/bin/false")};  // never asked: runs are set directly
    o.interactive = false;
    return std::make_unique<MainWindow>(o);
}

TEST(MemkindsLab, RegistersItsViewsByNameAndDocumentsThem) {
    auto w = window();
    for (const char* name : kViews) {
        const ViewEntry* e = w->views()->find(QString::fromLatin1(name));
        ASSERT_NE(e, nullptr) << name;
        EXPECT_EQ(e->lab, QStringLiteral("memkinds"));
        std::unique_ptr<QWidget> view(e->create(w->viewContext(), nullptr));
        ASSERT_NE(view, nullptr) << name;
        EXPECT_TRUE(allViewNames().contains(QString::fromLatin1(name))) << name;
    }
}

TEST(MemkindsLab, ShowsTheDocksTheExperimentLists) {
    auto w = window();
    auto* lab = w->findChild<MemkindsLab*>();
    ASSERT_NE(lab, nullptr);
    struct Expect {
        ws::Run run;
        QDockWidget* dock;
    };
    const std::vector<Expect> cases = {
        {test::latencyRun(), lab->latencyDock()},     {test::l2Run(), lab->l2Dock()},
        {test::bandwidthRun(), lab->bandwidthDock()}, {test::constantRun(), lab->constantDock()},
        {test::textureRun(), lab->textureDock()},     {test::localRun(), lab->localDock()}};
    for (const Expect& c : cases) {
        SCOPED_TRACE(c.run.experiment);
        test::showInWindow(w.get(), test::prepared(c.run));
        for (const Expect& other : cases)
            EXPECT_EQ(other.dock->isHidden(), other.dock != c.dock)
                << other.dock->objectName().toStdString();
    }
    // A run of another lab closes them all.
    test::showInWindow(w.get(), test::smallPrepared());
    for (const Expect& c : cases) EXPECT_TRUE(c.dock->isHidden());
}

TEST(MemkindsLab, TheStaircaseKeepsTheSessionsLatencyRuns) {
    auto w = window();
    auto* lab = w->findChild<MemkindsLab*>();
    ASSERT_NE(lab, nullptr);
    std::unique_ptr<QWidget> made(
        w->views()->find(QStringLiteral("latency-staircase"))->create(w->viewContext(), nullptr));
    auto* plot = static_cast<LatencyStaircasePlot*>(made.get());
    test::showInWindow(w.get(), test::prepared(test::latencyRun("global")));
    EXPECT_EQ(plot->curveCount(), 1);
    test::showInWindow(w.get(), test::prepared(test::latencyRun("cg", 1.1)));
    EXPECT_EQ(plot->curveCount(), 2);
    EXPECT_EQ(lab->latency()->curveCount(), 2);
    // The same setting again replaces its curve.
    test::showInWindow(w.get(), test::prepared(test::latencyRun("global")));
    EXPECT_EQ(lab->latencyRuns().size(), 2u);
    EXPECT_EQ(plot->curveCount(), 2);
}

}  // namespace
}  // namespace ws
