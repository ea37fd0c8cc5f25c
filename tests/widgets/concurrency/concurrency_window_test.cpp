// The concurrency lab in the window: its four views registered by name, its
// dock shown for its experiments only, a trace of the lab opened into it, and
// a traced program's whole timeline (another lab's run holding operations)
// shown there too.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <fstream>
#include <sstream>

#include "app/gui/concurrency/concurrency_lab_views.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/experiment_browser.h"
#include "core/program/timeline_run.h"
#include "core/trace/trace_io.h"
#include "tests/widgets/concurrency/concurrency_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/concurrency/launch_tree_view.h"
#include "widgets/concurrency/operations_view.h"
#include "widgets/concurrency/pages_view.h"
#include "widgets/plots/figures_view.h"

namespace ws {
namespace {

// Runs the event loop until `done` holds or 10 s pass.
bool waitFor(const std::function<bool()>& done) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

struct Window {
    QApplication& app = test::app();
    MainWindow window{WindowOptions{{QStringLiteral("false")}, 2000, false}};
    QDockWidget* dock() const {
        return window.findChild<QDockWidget*>(QStringLiteral("concurrency-lab"));
    }
    // Whether the dock would show with the window (offscreen, nothing is shown).
    bool docked() const { return dock()->isVisibleTo(&const_cast<MainWindow&>(window)); }
    // As a click in the experiment browser does it.
    void choose(const char* id) {
        emit window.browser()->experimentChosen(QString::fromLatin1(id));
    }
};

TEST(ConcurrencyLabWindow, ViewsAreRegisteredByName) {
    Window w;
    const ViewContext context = w.window.viewContext();
    for (const char* name : {"operations", "launch-tree", "pages", "figures"}) {
        const ViewEntry* entry = w.window.views()->find(QString::fromLatin1(name));
        ASSERT_NE(entry, nullptr) << name;
        EXPECT_EQ(entry->lab, QStringLiteral("concurrency"));
        std::unique_ptr<QWidget> view(entry->create(context, nullptr));
        ASSERT_NE(view, nullptr) << name;
    }
    std::unique_ptr<QWidget> ops(w.window.views()->find("operations")->create(context, nullptr));
    EXPECT_NE(qobject_cast<OperationsView*>(ops.get()), nullptr);
}

TEST(ConcurrencyLabWindow, TheDockFollowsTheChosenExperiment) {
    Window w;
    ASSERT_NE(w.dock(), nullptr);
    EXPECT_FALSE(w.docked());
    w.choose("unified-memory");
    EXPECT_TRUE(w.docked());
    auto* views = w.dock()->findChild<ConcurrencyLabViews*>();
    ASSERT_NE(views, nullptr);
    EXPECT_EQ(views->tabs()->currentWidget(), views->pages());
    EXPECT_FALSE(views->tabs()->isTabVisible(views->tabs()->indexOf(views->launchTree())));
    w.choose("dynamic-parallelism");
    EXPECT_EQ(views->tabs()->currentWidget(), views->launchTree());
    w.choose("reduce-single-block");
    EXPECT_FALSE(w.docked());
}

TEST(ConcurrencyLabWindow, ALabTraceOpensIntoTheDock) {
    Window w;
    QTemporaryDir dir;
    const QString path = dir.path() + "/streams.wstrace";
    ws::Run run = test::streamsRun(4, 8);
    run.params = *resolveParams(*findExperiment("streams"),
                                std::vector<std::string>{"chunks=8", "streams=4"});
    ASSERT_TRUE(saveTrace(run, path.toStdString()).ok());
    bool shown = false;
    QObject::connect(&w.window, &MainWindow::runShown, [&] { shown = true; });
    w.window.openTrace(path);
    ASSERT_TRUE(waitFor([&] { return shown; }));
    EXPECT_TRUE(w.docked());
    auto* views = w.dock()->findChild<ConcurrencyLabViews*>();
    EXPECT_TRUE(views->operations()->lanes().hasOperations);
    EXPECT_EQ(views->tabs()->currentWidget(), views->figuresPage());
}

std::string programData(const std::string& name) {
    std::ifstream in(std::string(WS_PROGRAM_DATA) + "/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(ConcurrencyLabWindow, ATracedProgramsTimelineShowsItsOperationsAndFigures) {
    Window w;
    auto log = program::parseLaunchLog(programData("streams-dot-launches.jsonl"));
    auto timeline = program::parseTimelineLog(programData("streams-dot-timeline.jsonl"));
    ASSERT_TRUE(log.ok() && timeline.ok());
    DeviceInfo device;
    device.name = "NVIDIA H100 80GB HBM3";
    device.smCount = 132;
    auto run = program::timelineRun(*timeline, *log, {}, device,
                                    program::TracedCommand{{"./streams_dot"}, "/tmp"});
    ASSERT_TRUE(run.ok()) << run.error();
    QTemporaryDir dir;
    const QString path = dir.path() + "/timeline.wstrace";
    ASSERT_TRUE(saveTrace(*run, path.toStdString()).ok());
    int shown = 0;
    QObject::connect(&w.window, &MainWindow::runShown, [&] { ++shown; });
    w.window.openTrace(path);
    ASSERT_TRUE(waitFor([&] { return shown == 1; }));
    EXPECT_TRUE(w.docked());
    auto* views = w.dock()->findChild<ConcurrencyLabViews*>();
    EXPECT_TRUE(views->operations()->lanes().hasOperations);
    EXPECT_TRUE(views->operations()->isVisibleTo(views));
    EXPECT_EQ(views->tabs()->currentWidget(), views->figuresPage());
    EXPECT_FALSE(views->tabs()->isTabVisible(views->tabs()->indexOf(views->pages())));
    // A run of the same lab without operations leaves the dock.
    run->operations = {};
    const QString plain = dir.path() + "/launch.wstrace";
    ASSERT_TRUE(saveTrace(*run, plain.toStdString()).ok());
    w.window.openTrace(plain);
    ASSERT_TRUE(waitFor([&] { return shown == 2; }));
    EXPECT_FALSE(w.docked());
}

}  // namespace
}  // namespace ws
