// The window with a fake worker: the CPU-only path opens the recorded
// traces and says so, a live run says it is live, a crash is reported in the
// window and the next run works, a corrupt trace is reported with its reason.
#include "app/gui/window/main_window.h"

#include <gtest/gtest.h>

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTreeWidget>

#include "app/gui/window/lab_modules.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/parameter_panel.h"
#include "app/gui/workbench/run_info_panel.h"
#include "core/catalog/catalog.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/plots/throughput_plot.h"
#include "widgets/reduction/warp_view.h"

namespace ws {
namespace {

class MainWindowTest : public ::testing::Test {
protected:
    MainWindowTest() {
        test::app();
        qputenv("WARPSCOPE_RESOURCES", files.resources().toUtf8());
    }
    ~MainWindowTest() override { qunsetenv("WARPSCOPE_RESOURCES"); }
    std::unique_ptr<MainWindow> window(const QString& mode, int timeoutMs = 10000) {
        auto w = std::make_unique<MainWindow>(WindowOptions{files.worker(mode), timeoutMs, false});
        QObject::connect(w.get(), &MainWindow::runShown, [this] { ++shown; });
        QObject::connect(w.get(), &MainWindow::loadFailed, [this](QString m) { failures << m; });
        return w;
    }
    static ParamValues params(const std::string& n) {
        return *resolveParams(*findExperiment("reduce-single-block"), {"n=" + n, "block=128"});
    }
    test::AppFixtureFiles files;
    int shown = 0;
    QStringList failures;
};

// A 1366 x 768 laptop (less 40 lines of panels) holds the window with any
// lab's docks: the memory lab's three views side by side held it 1526 px
// wide, the matrix multiply lab's legend of five columns 1411, and the
// concurrency lab's views 909 px tall. On a 1080-line screen the docks keep
// their whole heights: every parameter and the Run button in view.
TEST_F(MainWindowTest, TheWindowFitsALaptopScreenWithEveryLabsDocks) {
    const QString traces = qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + "/resources/traces/";
    for (const QSize screen : {QSize(1366, 728), QSize(1920, 1080)}) {
        auto w = window("nodevice");
        w->setOffscreenSize(screen);
        w->show();
        for (const char* trace :
             {"transpose-f32__width-4096__height-4096__variant-tiled__rows_per_thread-4.wstrace",
              "vector-add__n-7.wstrace",
              "host-device-bandwidth__min_bytes-1024__max_bytes-2_30.wstrace",
              "matmul__n-1024__variant-warptile.wstrace",
              "reduce-ladder__variant-sequential__n-2_20__block-256__type-float.wstrace",
              "streams__mode-dot__n-2_20__streams-4__block-1024.wstrace"}) {
            const int before = shown;
            w->openTrace(traces + trace, false);
            ASSERT_TRUE(test::waitFor([&] { return shown > before; })) << trace;
            for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
            EXPECT_LE(w->minimumSizeHint().width(), screen.width()) << trace;
            EXPECT_LE(w->minimumSizeHint().height(), screen.height()) << trace;
            // Nor did a dock shown for a moment while it loaded grow it: the
            // window does not shrink back by itself.
            EXPECT_LE(w->height(), screen.height()) << trace;
            EXPECT_LE(w->width(), screen.width()) << trace;
            // Every slider can still be dragged: beside "rows and columns" the
            // matrix size's shrank to a 10-px handle.
            for (const auto& p : w->parameters()->experiment()->params)
                if (QSlider* slider = w->parameters()->sliderFor(p.name);
                    slider && slider->isVisible())
                    EXPECT_GE(slider->width(), 24) << trace << " " << p.name;
            if (screen.height() < 1080) continue;
            auto* form = w->findChild<ParameterPanel*>()->findChild<QScrollArea*>();
            ASSERT_NE(form, nullptr);
            EXPECT_FALSE(form->verticalScrollBar()->isVisible()) << trace;
        }
    }
}

// A run with nothing for a lab dock to show keeps it closed: cuBLAS's
// matrix multiply opened "Shared-memory banks" over half the window to say
// it recorded no accesses, and CUB's argmin two empty CAS views.
TEST_F(MainWindowTest, LabDocksStayClosedWhereTheRunHasNothingForThem) {
    const QString traces = qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + "/resources/traces/";
    auto w = window("nodevice");
    w->show();
    auto dockOpen = [&](const char* name) {
        auto* d = w->findChild<QDockWidget*>(QString::fromLatin1(name));
        EXPECT_NE(d, nullptr) << name;
        return d && !d->isHidden();
    };
    const struct {
        const char* trace;
        bool banks, cas;
    } cases[] = {
        {"matmul__n-1024__variant-warptile.wstrace", true, false},
        {"matmul__n-4096__variant-cublas.wstrace", false, false},
        {"matmul__n-1024__variant-cpu-blocked.wstrace", false, false},
        {"argmin__variant-cas-original__input-descending__n-50000__traced_blocks-16.wstrace", false,
         true},
        {"argmin__variant-cub__input-blog__n-50000.wstrace", false, false}};
    for (const auto& c : cases) {
        const int before = shown;
        w->openTrace(traces + c.trace, false);
        ASSERT_TRUE(test::waitFor([&] { return shown > before; })) << c.trace;
        QCoreApplication::processEvents();
        EXPECT_EQ(dockOpen("memory-lab"), c.banks) << c.trace;
        EXPECT_EQ(dockOpen("cas-attempts"), c.cas) << c.trace;
    }
}

// Opening a trace chooses its experiment in the list, and the list shows it:
// in a laptop's short list it stayed at "Basics", the choice scrolled away.
TEST(ExperimentBrowserList, TheChosenExperimentIsScrolledIntoView) {
    test::app();
    ExperimentBrowser browser;
    browser.setAttribute(Qt::WA_DontShowOnScreen);
    browser.show();
    browser.resize(300, 260);
    QCoreApplication::processEvents();
    for (const char* id : {"argmin", "streams", "hello", "work-queue"}) {
        browser.setCurrent(QString::fromLatin1(id));
        QCoreApplication::processEvents();
        QTreeWidget* tree = browser.tree();
        ASSERT_NE(tree->currentItem(), nullptr) << id;
        const QRect item = tree->visualItemRect(tree->currentItem());
        EXPECT_TRUE(tree->viewport()->rect().contains(item)) << id;
    }
}

TEST_F(MainWindowTest, WithoutAGpuShowsTheRecordedTraceAndSaysSo) {
    auto w = window("nodevice");
    w->runExperiment("reduce-single-block", params("50000"));
    ASSERT_TRUE(test::waitFor([&] { return shown > 0 || !failures.isEmpty(); }));
    ASSERT_EQ(shown, 1) << failures.join('\n').toStdString();
    const QString info = w->runInfo()->text();
    EXPECT_TRUE(info.contains("RECORDED")) << info.toStdString();
    EXPECT_TRUE(info.contains("No GPU here")) << info.toStdString();
    EXPECT_TRUE(info.contains("n=65536")) << info.toStdString();  // the nearest recorded run
    EXPECT_EQ(w->source()->mode(), RunSource::Mode::Recorded);
    // Sliders snap to the two recorded values of n.
    EXPECT_EQ(w->parameters()->sliderFor("n")->maximum(), 1);
    // The throughput plot shows the recorded sweep.
    EXPECT_EQ(w->throughput()->curveCount(), 1);
    EXPECT_EQ(w->throughput()->data().points.size(), 2u);
}

// The matrix multiplies plot FLOP/s against their compute peaks, in the
// window's plot and in the "throughput" view a lesson shows, not GB/s
// against the memory's peak.
TEST_F(MainWindowTest, TheMatrixMultipliesPlotFlopsNotBytes) {
    const QString traces = qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + "/resources/traces/";
    const std::pair<const char*, const char*> cases[] = {
        {"matmul-tc__n-2048__traced_blocks-4__variant-persistent.wstrace", "TFLOP/s"},
        {"matmul__n-1024__variant-warptile.wstrace", "GFLOP/s"},
        {"transpose-f32__width-1024__height-1024__variant-best__rows_per_thread-4.wstrace",
         "GB/s"}};
    for (const auto& [file, unit] : cases) {
        if (!QFileInfo::exists(traces + file)) {
            ADD_FAILURE() << "no bundled " << file;
            continue;
        }
        auto w = window("nodevice");
        const int before = shown;
        w->openTrace(traces + file, false);
        ASSERT_TRUE(test::waitFor([&] { return shown > before || !failures.isEmpty(); })) << file;
        EXPECT_EQ(w->throughput()->data().unit, QString::fromLatin1(unit)) << file;
        const ViewEntry* entry = w->views()->find(QStringLiteral("throughput"));
        ASSERT_NE(entry, nullptr);
        std::unique_ptr<QWidget> view(entry->create(w->viewContext(), nullptr));
        auto* plot = qobject_cast<ThroughputPlot*>(view.get());
        ASSERT_NE(plot, nullptr);
        EXPECT_EQ(plot->data().unit, QString::fromLatin1(unit)) << file;
    }
}

TEST_F(MainWindowTest, ALiveRunSaysItIsLive) {
    auto w = window("ok");
    w->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(test::waitFor([&] { return shown > 0 || !failures.isEmpty(); }));
    ASSERT_EQ(shown, 1) << failures.join('\n').toStdString();
    EXPECT_TRUE(w->runInfo()->text().contains("LIVE"));
    EXPECT_TRUE(w->runInfo()->badgeText().contains("verified"));
    EXPECT_EQ(w->model()->run()->launches[0].blocks.size(), 16u);
}

TEST_F(MainWindowTest, AWorkerCrashIsReportedAndTheNextRunWorks) {
    auto w = window("crash-once");
    w->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(test::waitFor([&] { return !failures.isEmpty(); }));
    EXPECT_TRUE(failures[0].contains("crashed")) << failures[0].toStdString();
    EXPECT_TRUE(w->runInfo()->text().contains("crashed"));
    // The window goes on: the crash left no run shown and the next one works.
    EXPECT_EQ(shown, 0);
    w->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(test::waitFor([&] { return shown > 0; }));
    EXPECT_EQ(w->source()->worker()->startCount(), 2);
}

TEST_F(MainWindowTest, AWorkerThatExitsAtOnceLeadsToRecordedTracesAndSaysWhy) {
    auto w = std::make_unique<MainWindow>(WindowOptions{{"/bin/false"}, 60000, false});
    QObject::connect(w.get(), &MainWindow::runShown, [this] { ++shown; });
    w->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(test::waitFor([&] { return shown > 0; }, 5000));
    EXPECT_EQ(w->source()->mode(), RunSource::Mode::Recorded);
    const QString info = w->runInfo()->text();
    EXPECT_TRUE(info.contains("RECORDED")) << info.toStdString();
    EXPECT_TRUE(info.contains("'/bin/false' exited with status 1 before it said hello"))
        << info.toStdString();
}

TEST_F(MainWindowTest, ACorruptTraceIsReportedWithWhatAndWhere) {
    const QString bad = files.dir() + "/corrupt.wstrace";
    ASSERT_TRUE(test::writeFile(bad, "this is not a trace at all"));
    auto w = window("ok");
    w->openTrace(bad);
    ASSERT_TRUE(test::waitFor([&] { return !failures.isEmpty(); }));
    EXPECT_TRUE(failures[0].contains("corrupt.wstrace")) << failures[0].toStdString();
    // Named once, with what is wrong.
    EXPECT_EQ(failures[0].count("corrupt.wstrace"), 1) << failures[0].toStdString();
    EXPECT_TRUE(failures[0].contains("not a warpscope trace")) << failures[0].toStdString();
    EXPECT_EQ(w->model()->run(), nullptr);
}

// The window names no lab: each is installed from its module, which says
// which views it registers. The help (made before any window) and the
// window's catalog list the same names, each under the lab that declared it.
TEST_F(MainWindowTest, EveryLabRegistersTheViewsItsModuleDeclares) {
    auto w = window("nodevice");
    QStringList registered = w->views()->names();
    QStringList declared = allViewNames();
    registered.sort();
    declared.sort();
    EXPECT_EQ(registered, declared);
    EXPECT_EQ(declared.removeDuplicates(), 0);
    for (const LabModule& lab : labModules())
        for (const QString& name : lab.views) {
            const ViewEntry* e = w->views()->find(name);
            ASSERT_NE(e, nullptr) << name.toStdString();
            EXPECT_EQ(e->lab, QString::fromLatin1(lab.name)) << name.toStdString();
        }
    // One object per lab, each a child of the window.
    EXPECT_EQ(w->findChildren<Lab*>(QString(), Qt::FindDirectChildrenOnly).size(),
              qsizetype(labModules().size()));
}

// A view renamed keeps its former name for lessons written before: the
// tensor cores' "tc-..." views are the "tensorcore-..." ones, and a lesson
// may name either, while the listing shows only the current names.
TEST_F(MainWindowTest, ARenamedViewIsFoundByItsFormerName) {
    auto w = window("nodevice");
    for (const char* view : {"pipeline", "tile", "ladder"}) {
        const QString current = QStringLiteral("tensorcore-") + QLatin1String(view);
        const QString former = QStringLiteral("tc-") + QLatin1String(view);
        const ViewEntry* now = w->views()->find(current);
        ASSERT_NE(now, nullptr) << current.toStdString();
        EXPECT_EQ(w->views()->find(former), now) << former.toStdString();
        EXPECT_FALSE(w->views()->names().contains(former));
        EXPECT_TRUE(w->views()->acceptedNames().contains(former));
    }
    EXPECT_EQ(w->views()->find(QStringLiteral("tc-nothing")), nullptr);
}

TEST_F(MainWindowTest, PaintsEveryViewOnceLoaded) {
    auto w = window("ok");
    w->resize(1600, 1000);
    w->openTrace(files.trace());
    ASSERT_TRUE(test::waitFor([&] { return shown > 0; }));
    const QImage img = test::render(*w);
    EXPECT_EQ(img.size(), QSize(1600, 1000));
}

TEST_F(MainWindowTest, TheBundledLessonsMenuFillsFromAWorkerWithEachLessonsTitle) {
    // Two lessons: one readable (its own title), one broken (its file's name).
    ASSERT_TRUE(QDir().mkpath(files.resources() + "/lessons"));
    ASSERT_TRUE(
        test::writeFile(files.resources() + "/lessons/01-first-look.yaml",
                        "title: A first look\nslides:\n  - title: One\n    trace: small.wstrace\n"
                        "    views: [grid]\n    narration: Hello.\n"));
    ASSERT_TRUE(
        test::writeFile(files.resources() + "/lessons/02-broken.yaml", "title: [unclosed\n"));

    auto w = window("ok");
    auto* menu = w->findChild<QMenu*>(QStringLiteral("bundledLessonsMenu"));
    ASSERT_NE(menu, nullptr);
    // The titles arrive by a queued call: nothing was read before the window
    // returned to the event loop.
    EXPECT_TRUE(menu->actions().isEmpty());
    EXPECT_FALSE(menu->isEnabled());
    ASSERT_TRUE(test::waitFor([&] { return menu->actions().size() == 2; }));
    EXPECT_TRUE(menu->isEnabled());
    EXPECT_EQ(menu->actions()[0]->text(), QStringLiteral("A first look"));
    EXPECT_EQ(menu->actions()[1]->text(), QStringLiteral("broken"));
}

TEST_F(MainWindowTest, TheFirstKernelsDockShowsWithItsOwnExperimentsAndStaysWhereOpened) {
    auto w = window("ok");
    auto* dock = w->findChild<QDockWidget*>(QStringLiteral("basics-lab"));
    ASSERT_NE(dock, nullptr);
    // As a click in the experiment browser does.
    const auto choose = [&](const char* id) { emit w->browser()->experimentChosen(id); };
    choose("vector-add");
    EXPECT_FALSE(dock->isHidden());
    // Another lab's experiment: the dock would take the width its views need.
    choose("transpose-f32");
    EXPECT_TRUE(dock->isHidden());
    // Opened from the menu, it stays through the same experiment's runs ...
    dock->toggleViewAction()->trigger();
    EXPECT_FALSE(dock->isHidden());
    choose("transpose-f32");
    EXPECT_FALSE(dock->isHidden());
    // ... and goes with the next lab's.
    choose("reduce-ladder");
    EXPECT_TRUE(dock->isHidden());
}

TEST_F(MainWindowTest, LabDocksOpenAtTheWidthTheyAskFor) {
    // Sizes given before the window is shown were scaled by its first layout:
    // the tree asked for 620 px of 1920 and opened at about 770.
    auto w = window("ok");
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->show();
    auto* tree = w->findChild<QDockWidget*>(QStringLiteral("reduction-tree"));
    ASSERT_NE(tree, nullptr);
    // Hidden until a reduction's run, as every lab's docks are until their own.
    EXPECT_FALSE(tree->isVisible());
    w->openTrace(files.trace());  // a reduction
    ASSERT_TRUE(test::waitFor([&] { return tree->isVisible(); }));
    ASSERT_TRUE(test::waitFor([&] { return std::abs(tree->width() - 620) <= 12; }, 2000))
        << tree->width() << " of " << w->width();
    // A lab's dock hidden at start gets its size when it is first shown.
    auto* matmul = w->findChild<QDockWidget*>(QStringLiteral("matmul-lab"));
    ASSERT_NE(matmul, nullptr);
    for (QDockWidget* d : w->findChildren<QDockWidget*>())
        if (d->parent() == w.get() && w->dockWidgetArea(d) == Qt::RightDockWidgetArea) d->hide();
    matmul->show();
    ASSERT_TRUE(test::waitFor([&] { return std::abs(matmul->width() - 760) <= 12; }, 2000))
        << matmul->width();
}

TEST_F(MainWindowTest, TheWarpsPanelShowsOnlyForExperimentsWithWarpSteps) {
    auto w = window("ok");
    auto* panel = w->warps()->parentWidget();
    ASSERT_NE(panel, nullptr);
    w->openTrace(files.trace());  // a reduction
    ASSERT_TRUE(test::waitFor([&] { return shown == 1; }));
    EXPECT_FALSE(panel->isHidden());
    // The bank probe has no warp steps: its panel said "not traced" in a
    // third of the row the plot needs.
    w->openTrace(qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") +
                 "/resources/traces/bank-probe__pattern-stride__width-4__stride-1.wstrace");
    ASSERT_TRUE(test::waitFor([&] { return shown == 2 || !failures.isEmpty(); }));
    ASSERT_TRUE(failures.isEmpty()) << failures.join('\n').toStdString();
    EXPECT_TRUE(panel->isHidden());
    w->openTrace(files.trace());
    ASSERT_TRUE(test::waitFor([&] { return shown == 3; }));
    EXPECT_FALSE(panel->isHidden());
}

}  // namespace
}  // namespace ws
