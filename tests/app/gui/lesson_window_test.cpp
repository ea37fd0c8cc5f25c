// A lesson in the window, driven as an instructor drives it: keys from a
// presenter remote while a spin box has the focus, fragments, a jump by
// number, a black screen, presentation mode, a broken lesson, the session
// remembered for the next start.
#include <gtest/gtest.h>

#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QKeyEvent>
#include <QScrollBar>
#include <QSpinBox>
#include <algorithm>

#include "app/gui/compare/compare_table.h"
#include "app/gui/compare/run_pair.h"
#include "app/gui/lessons/lesson_controller.h"
#include "app/gui/lessons/lesson_keys.h"
#include "app/gui/lessons/notes_window.h"
#include "app/gui/lessons/slide_stage.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/saved_session.h"
#include "core/figures/run_comparison.h"
#include "core/trace/trace_io.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/view/ui_scale.h"

namespace ws {
namespace {

QString sourceResources() { return qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + "/resources"; }

// A lesson over the fixture's trace: three slides, fragments on the second.
constexpr const char* kLesson = R"(
title: Test lesson
summary: For the tests.
slides:
  - title: First
    trace: small.wstrace
    views: [grid, timeline]
    at: start
    narration: The first slide.
    notes: Say hello.
  - title: Second
    views: [timeline, warps, tree]
    layout: main-left
    at: {event: 2}
    highlight: {block: 3}
    narration: Block three.
    fragments:
      - highlight: {block: 5, lane: 7}
        narration: Now block five.
      - at: end
  - title: Third
    trace: no-such-trace.wstrace
    views: [grid]
    narration: This one's trace is missing.
)";

class LessonWindow : public ::testing::Test {
protected:
    LessonWindow() {
        test::app();
        qputenv("WARPSCOPE_RESOURCES", files.resources().toUtf8());
        EXPECT_TRUE(test::writeFile(files.dir() + "/test.yaml", kLesson));
    }
    ~LessonWindow() override {
        qunsetenv("WARPSCOPE_RESOURCES");
        UiScale::instance()->setModeFactor(1);
        UiScale::instance()->setUserScale(1);
    }
    // `interactive`: remembers the session in the settings (they go to a
    // temporary folder in the tests).
    std::unique_ptr<MainWindow> window(bool interactive = false) {
        auto w = std::make_unique<MainWindow>(
            WindowOptions{files.worker("nodevice"), 10000, interactive});
        w->show();
        return w;
    }
    static bool settled(MainWindow& w) {
        return test::waitFor([&] { return w.lesson()->settled(); });
    }
    // A lesson of one slide comparing the fixture's trace with itself at
    // `at`; returns its path.
    QString comparisonLesson(const char* at) {
        const QString path = files.dir() + "/compare.yaml";
        EXPECT_TRUE(test::writeFile(
            path, QStringLiteral("title: c\nslides:\n  - title: Two\n    trace: small.wstrace\n"
                                 "    compare: {trace: small.wstrace}\n    views: [timeline]\n"
                                 "    at: %1\n    narration: Both.\n")
                      .arg(QLatin1String(at))
                      .toUtf8()));
        return path;
    }
    // A key as a remote sends it: to whatever widget has the focus.
    static void press(QWidget* focus, int key, const QString& text = {}) {
        QKeyEvent down(QEvent::KeyPress, key, Qt::NoModifier, text);
        QApplication::sendEvent(focus, &down);
    }
    test::AppFixtureFiles files;
};

TEST_F(LessonWindow, OpensOnTheStageWithTheSlidesViewsAndCaption) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml").ok());
    ASSERT_TRUE(settled(*w));
    EXPECT_TRUE(w->stage()->isVisible());
    EXPECT_EQ(w->stage()->headingText(), "1 / 3 First");
    EXPECT_EQ(w->stage()->captionText(), "The first slide.");
    ASSERT_EQ(w->stage()->views().size(), 2u);
    EXPECT_EQ(w->stage()->views()[0]->property("ws-view-name").toString(), "grid");
    EXPECT_EQ(w->stage()->views()[1]->property("ws-view-name").toString(), "timeline");
    EXPECT_EQ(w->model()->time(), 0);  // at: start
}

// A screenshot of an animated slide was taken wherever the animation had
// got to (0, 270 or 332 ns on five runs): finished, it rests at its end.
TEST_F(LessonWindow, AnAnimatedSlideFinishesAtItsEnd) {
    const QString path = files.dir() + "/animated.yaml";
    ASSERT_TRUE(test::writeFile(
        path, QStringLiteral("title: a\nslides:\n  - title: Moving\n    trace: small.wstrace\n"
                             "    views: [timeline]\n    animate: {from: start, to: end, "
                             "seconds: 30}\n    narration: It plays.\n")
                  .toUtf8()));
    auto w = window();
    ASSERT_TRUE(w->openLesson(path).ok());
    ASSERT_TRUE(settled(*w));
    EXPECT_LT(w->model()->time(), w->model()->duration());  // 30 s to go
    w->lesson()->finishAnimation();
    EXPECT_DOUBLE_EQ(w->model()->time(), w->model()->duration());
    w->lesson()->finishAnimation();  // nothing left to finish
    EXPECT_DOUBLE_EQ(w->model()->time(), w->model()->duration());
}

TEST_F(LessonWindow, TheLabsDocksMakeRoomForTheSlideAndComeBackAfter) {
    auto w = window();
    // The workbench with a run: the reduction lab's docks follow it.
    auto labDocks = [&] {
        QStringList shown;
        for (QDockWidget* d : w->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
            if (d->isVisibleTo(w.get()) &&
                !QStringList{"experiments", "parameters", "run"}.contains(d->objectName()))
                shown << d->objectName();
        return shown;
    };
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml").ok());
    ASSERT_TRUE(settled(*w));
    EXPECT_TRUE(labDocks().isEmpty()) << labDocks().join(", ").toStdString();
    press(w->stage(), Qt::Key_PageDown);
    ASSERT_TRUE(settled(*w));
    EXPECT_TRUE(labDocks().isEmpty()) << labDocks().join(", ").toStdString();
    w->closeLesson();
    EXPECT_FALSE(labDocks().isEmpty());  // the run's lab docks are back
}

TEST_F(LessonWindow, RemoteKeysWorkWhileASpinBoxHasTheFocus) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml").ok());
    ASSERT_TRUE(settled(*w));
    auto* spin = w->findChild<QSpinBox*>();
    ASSERT_NE(spin, nullptr);
    spin->setFocus();
    const int value = spin->value();
    press(spin, Qt::Key_PageDown);
    ASSERT_TRUE(settled(*w));
    EXPECT_EQ(w->lesson()->slide(), 1);
    EXPECT_EQ(w->stage()->headingText(), "2 / 3 Second");
    EXPECT_EQ(w->model()->highlight().block, 3);
    EXPECT_EQ(w->model()->currentStep(), 2);
    // Fragments first, then the next slide.
    press(spin, Qt::Key_Right);
    EXPECT_EQ(w->lesson()->fragment(), 1);
    EXPECT_EQ(w->model()->highlight().block, 5);
    EXPECT_EQ(w->model()->highlight().lane, 7);
    EXPECT_EQ(w->stage()->captionText(), "Now block five.");
    press(spin, Qt::Key_Space);
    EXPECT_EQ(w->lesson()->fragment(), 2);
    EXPECT_EQ(w->model()->time(), w->model()->duration());  // at: end
    EXPECT_EQ(w->model()->highlight().block, 5);            // carried on
    press(spin, Qt::Key_Backspace);
    EXPECT_EQ(w->lesson()->fragment(), 1);
    press(spin, Qt::Key_P);
    press(spin, Qt::Key_Up);
    EXPECT_EQ(w->lesson()->slide(), 0);
    // A number, then Enter.
    press(spin, Qt::Key_3, "3");
    EXPECT_EQ(w->stage()->pendingNumberText(), "go to slide 3…");
    press(spin, Qt::Key_Return);
    ASSERT_TRUE(settled(*w));
    EXPECT_EQ(w->lesson()->slide(), 2);
    press(spin, Qt::Key_Home);
    ASSERT_TRUE(settled(*w));
    EXPECT_EQ(w->lesson()->slide(), 0);
    press(spin, Qt::Key_End);
    EXPECT_EQ(w->lesson()->slide(), 2);
    // None of it reached the spin box.
    EXPECT_EQ(spin->value(), value);
}

TEST_F(LessonWindow, BlackAndWhiteScreensComeBackOnTheNextKey) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml").ok());
    ASSERT_TRUE(settled(*w));
    QWidget* focus = w->stage();
    press(focus, Qt::Key_B);
    EXPECT_EQ(w->stage()->blank(), SlideStage::Blank::Black);
    press(focus, Qt::Key_PageDown);  // brings the slide back, does not move on
    EXPECT_EQ(w->stage()->blank(), SlideStage::Blank::None);
    EXPECT_EQ(w->lesson()->slide(), 0);
    press(focus, Qt::Key_Comma);
    EXPECT_EQ(w->stage()->blank(), SlideStage::Blank::White);
    press(focus, Qt::Key_W);
    EXPECT_EQ(w->stage()->blank(), SlideStage::Blank::None);
    press(focus, Qt::Key_Period);
    EXPECT_EQ(w->stage()->blank(), SlideStage::Blank::Black);
    // The blank covers everything, the slide number too.
    EXPECT_TRUE(test::anyNear(test::render(*w->stage()), QRect(0, 0, 40, 40), Qt::black, 4));
}

TEST_F(LessonWindow, AMissingTraceIsSaidOnItsSlideAndTheOthersWork) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml", 2).ok());
    ASSERT_TRUE(settled(*w));
    EXPECT_EQ(w->lesson()->slide(), 2);
    EXPECT_TRUE(w->stage()->problemText().contains("'no-such-trace.wstrace'"))
        << w->stage()->problemText().toStdString();
    w->lesson()->first();
    ASSERT_TRUE(settled(*w));
    EXPECT_TRUE(w->stage()->problemText().isEmpty());
}

TEST_F(LessonWindow, TheMenusReadTheLessonOnAWorker) {
    // What File > Open lesson does: the call returns before the file is read;
    // the lesson opens when the worker is done; a broken one is refused then.
    auto w = window();
    bool called = false;
    Status result = makeError("not called");
    w->lesson()->openInBackground(files.dir() + "/test.yaml", 1, [&](Status s) {
        called = true;
        result = s;
    });
    EXPECT_FALSE(called);
    EXPECT_FALSE(w->lesson()->isOpen());
    ASSERT_TRUE(test::waitFor([&] { return called; }));
    EXPECT_TRUE(result.ok()) << result.error();
    ASSERT_TRUE(settled(*w));
    EXPECT_EQ(w->stage()->headingText(), "2 / 3 Second");
    called = false;
    w->lesson()->openInBackground(files.dir() + "/no-such.yaml", 0, [&](Status s) {
        called = true;
        result = s;
    });
    ASSERT_TRUE(test::waitFor([&] { return called; }));
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(QString::fromStdString(result.error()).contains("no-such.yaml")) << result.error();
    EXPECT_EQ(w->lesson()->path(), QFileInfo(files.dir() + "/test.yaml").absoluteFilePath());
}

TEST_F(LessonWindow, ABrokenLessonIsRefusedAndNothingChanges) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml").ok());
    ASSERT_TRUE(settled(*w));
    ASSERT_TRUE(test::writeFile(files.dir() + "/broken.yaml",
                                "title: t\nslides:\n  - title: Waves\n"
                                "    trace: small.wstrace\n    views: [grid, warpz]\n"));
    const Status s = w->openLesson(files.dir() + "/broken.yaml");
    ASSERT_FALSE(s.ok());
    EXPECT_TRUE(QString::fromStdString(s.error()).contains(
        "broken.yaml: slide 1 (Waves), field 'views': unknown view 'warpz'"))
        << s.error();
    EXPECT_EQ(w->lesson()->path(), QFileInfo(files.dir() + "/test.yaml").absoluteFilePath());
    EXPECT_EQ(w->stage()->headingText(), "1 / 3 First");
}

TEST_F(LessonWindow, PresentationModeShowsTheSlideAloneAndScalesIt) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml").ok());
    ASSERT_TRUE(settled(*w));
    const double font = QApplication::font().pointSizeF();
    w->setPresentation(true);
    QWidget* shown = w->screenshotTarget();
    ASSERT_NE(shown, w.get());
    EXPECT_TRUE(shown->isVisible());
    EXPECT_TRUE(w->stage()->isVisible());
    EXPECT_EQ(w->stage()->window(), shown);  // no menus, docks or playback bar in it
    EXPECT_NEAR(QApplication::font().pointSizeF(), font * UiScale::kPresentationFactor, 0.01);
    // Keys still reach the lesson.
    press(w->stage(), Qt::Key_PageDown);
    ASSERT_TRUE(settled(*w));
    EXPECT_EQ(w->lesson()->slide(), 1);
    w->setPresentation(false);
    EXPECT_EQ(w->stage()->window(), w.get());
    EXPECT_NEAR(QApplication::font().pointSizeF(), font, 0.01);
}

// A 720p projector shows the 1080p slide with fewer pixels: the text scales
// with the screen's height, so the views keep their room.
TEST_F(LessonWindow, PresentationScalesWithTheScreensHeight) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml").ok());
    ASSERT_TRUE(settled(*w));
    const double font = QApplication::font().pointSizeF();
    w->setOffscreenSize(QSize(1280, 720));
    w->setPresentation(true);
    EXPECT_EQ(w->screenshotTarget()->size(), QSize(1280, 720));
    EXPECT_NEAR(QApplication::font().pointSizeF(),
                font * UiScale::kPresentationFactor * 720.0 / 1080.0, 0.05);
    w->setPresentation(false);
    EXPECT_NEAR(QApplication::font().pointSizeF(), font, 0.01);
}

TEST_F(LessonWindow, TheScaleGrowsFontsLinesAndHitAreasLive) {
    auto w = window();
    const double font = QApplication::font().pointSizeF();
    UiScale::instance()->setUserScale(2);
    EXPECT_NEAR(QApplication::font().pointSizeF(), font * 2, 0.01);
    QCoreApplication::processEvents();  // widgets hear of the new font by event
    EXPECT_NEAR(w->stage()->font().pointSizeF(), font * 2, 0.01);
    EXPECT_EQ(ui::px(1.5), 3.0);
    UiScale::instance()->setUserScale(1);
    EXPECT_NEAR(QApplication::font().pointSizeF(), font, 0.01);
}

TEST_F(LessonWindow, AComparisonSettlesWithBothRunsAndNamesTheSecond) {
    auto w = window();
    ASSERT_TRUE(w->openLesson(comparisonLesson("{time_ns: 500}")).ok());
    ASSERT_TRUE(settled(*w));
    ASSERT_NE(w->lesson()->comparison(), nullptr);
    // Settled means both runs are on show, the second at the first's time.
    ASSERT_NE(w->lesson()->comparison()->rightRun(), nullptr);
    EXPECT_EQ(w->lesson()->comparison()->right()->time(), w->model()->time());
    EXPECT_TRUE(w->stage()->problemText().isEmpty()) << w->stage()->problemText().toStdString();
    // At the end, each run stands at its own end.
    w->model()->toEnd();
    EXPECT_EQ(w->lesson()->comparison()->right()->time(),
              w->lesson()->comparison()->right()->duration());
}

// Two runs of one experiment are told apart by what differs between them;
// they used to share the title "reduce-multi-block-noncomm".
TEST(LessonComparisonTitles, NameWhatDiffers) {
    const ParamValues grid64 = {{"n", "1048576"}, {"grid", "64"}, {"op", "affine"}};
    const ParamValues grid0 = {{"n", "1048576"}, {"grid", "0"}, {"op", "affine"}};
    EXPECT_EQ(LessonController::sideLabel("reduce-multi-block-noncomm", grid64, grid0),
              "grid = 64");
    EXPECT_EQ(LessonController::sideLabel("reduce-multi-block-noncomm", grid0, grid64), "grid = 0");
    const ParamValues seq = {{"variant", "sequential"}, {"n", "1024"}};
    const ParamValues best = {{"variant", "best"}, {"n", "1024"}};
    EXPECT_EQ(LessonController::sideLabel("reduce-ladder", seq, best), "sequential");
    // Nothing differs (two recordings of one setting): the variant, or the experiment.
    EXPECT_EQ(LessonController::sideLabel("reduce-ladder", seq, seq), "sequential");
    EXPECT_EQ(LessonController::sideLabel("bank-probe", grid0, grid0), "bank-probe");
}

TEST_F(LessonWindow, AComparisonInAShortWindowLeavesTheViewsRoom) {
    // The table of figures asked for all its rows, and in a window (not
    // full screen) the two runs' timelines were left a strip one SM high.
    auto w = window();
    w->resize(1280, 720);
    ASSERT_TRUE(w->openLesson(comparisonLesson("end")).ok());
    ASSERT_TRUE(settled(*w));
    QApplication::processEvents();
    auto* table = w->stage()->findChild<CompareTable*>();
    ASSERT_NE(table, nullptr);
    ASSERT_EQ(w->stage()->views().size(), 2u);
    const int stage = w->stage()->height();
    EXPECT_LE(table->height(), std::max(CompareTable::kMinHeight, int(0.45 * stage)))
        << "stage " << stage;
    for (QWidget* view : w->stage()->views())
        EXPECT_GE(view->height(), stage / 4) << "stage " << stage << ", table " << table->height();
    // Every figure is still there, a scroll away: a row of its own, or named
    // in the row of figures alike in both.
    const auto folded =
        foldAlikeFigures(compareRuns(*w->model()->run(), *w->lesson()->comparison()->rightRun()));
    EXPECT_EQ(std::size_t(table->rowCount()), folded.rows.size() + (folded.alike.empty() ? 0 : 1));
}

TEST_F(LessonWindow, AComparisonOnA1024x768ProjectorShowsEveryRowOfItsTable) {
    // Held to a third of the stage, the table scrolled its last row ("GPU
    // state") out of view in presentation mode at 1024 x 768.
    auto w = window();
    ASSERT_TRUE(w->openLesson(comparisonLesson("end")).ok());
    w->setPresentation(true);
    QWidget* shown = w->screenshotTarget();
    shown->resize(1024, 768);
    ASSERT_TRUE(settled(*w));
    QApplication::processEvents();
    auto* table = w->stage()->findChild<CompareTable*>();
    ASSERT_NE(table, nullptr);
    // One trace on both sides: all but the headline figures are alike, in
    // one row that wraps to the lines its text needs.
    ASSERT_GE(table->rowCount(), 3);
    ASSERT_EQ(table->alikeRow(), table->rowCount() - 1);
    const QString alike = table->item(table->alikeRow(), 1)->text();
    EXPECT_TRUE(alike.contains("verified: yes")) << alike.toStdString();
    int span = 0;
    for (int c = 1; c < table->columnCount(); ++c) span += table->columnWidth(c);
    EXPECT_GT(table->fontMetrics().horizontalAdvance(alike), span) << "a text that wraps";
    EXPECT_GE(table->rowHeight(table->alikeRow()), 2 * table->fontMetrics().height());
    EXPECT_EQ(table->verticalScrollBar()->maximum(), 0)
        << "table " << table->height() << " of a stage " << w->stage()->height() << ", "
        << table->rowCount() << " rows of " << table->rowHeight(0) << " px, header "
        << table->horizontalHeader()->height();
    const int stage = w->stage()->height();
    for (QWidget* view : w->stage()->views())
        EXPECT_GE(view->height(), stage / 4) << "stage " << stage << ", table " << table->height();
    w->setPresentation(false);
}

// At 1024 x 768 one side's title wrapped and the other's did not: the
// views of a comparison started at different heights.
TEST_F(LessonWindow, AComparisonsTwoViewsStartLevel) {
    auto w = window();
    const QString path = files.dir() + "/titles.yaml";
    ASSERT_TRUE(test::writeFile(
        path, QByteArrayLiteral("title: c\nslides:\n  - title: Two\n    trace: small.wstrace\n"
                                "    compare: {trace: small.wstrace}\n    views: [timeline]\n"
                                "    narration: Both.\n")));
    ASSERT_TRUE(w->openLesson(path).ok());
    w->setPresentation(true);
    QWidget* shown = w->screenshotTarget();
    for (const int width : {1024, 760, 640}) {
        SCOPED_TRACE(width);
        shown->resize(width, 768);
        ASSERT_TRUE(settled(*w));
        QApplication::processEvents();
        ASSERT_EQ(w->stage()->views().size(), 2u);
        const QWidget* a = w->stage()->views()[0];
        const QWidget* b = w->stage()->views()[1];
        EXPECT_EQ(a->mapTo(w->stage(), QPoint(0, 0)).y(), b->mapTo(w->stage(), QPoint(0, 0)).y());
    }
    w->setPresentation(false);
}

TEST_F(LessonWindow, TheNextStartReopensTheSlideOnShow) {
    auto w = window(true);
    ASSERT_TRUE(w->openLesson(files.dir() + "/test.yaml", 1).ok());
    ASSERT_TRUE(settled(*w));
    const SavedSession saved = loadSession();
    EXPECT_EQ(saved.kind, SavedSession::Kind::Lesson);
    EXPECT_EQ(saved.lesson, QFileInfo(files.dir() + "/test.yaml").absoluteFilePath());
    EXPECT_EQ(saved.slide, 1);
}

// --traces DIR as record-lesson leaves it: an experiment's run is found by
// the name the lesson gives it, the heading names the GPU that measured it,
// a trace the folder lacks comes from the bundled ones and the heading says
// so, and figures_from runs fill the caption; one the folder lacks, of
// another GPU, is marked there, in the notes and in the runs listed as from
// elsewhere.
TEST_F(LessonWindow, ALessonRecordedElsewhereShowsItsGpuAndItsFallbacks) {
    const QString recorded = files.dir() + "/h200";
    ASSERT_TRUE(QDir().mkpath(recorded));
    ws::Run h200 = test::smallRun();
    h200.device.name = "NVIDIA H200";
    ASSERT_TRUE(saveTrace(
        h200, (recorded + "/reduce-single-block__n-2048__block-128.wstrace").toStdString()));
    ASSERT_TRUE(test::writeFile(recorded + "/manifest.json",
                                R"({"format":"warpscope-manifest","version":1,"traces":[
 {"file":"reduce-single-block__n-2048__block-128.wstrace","experiment":"reduce-single-block",
  "params":{"n":"2048","block":"128","type":"int32","traced_blocks":"1"},
  "device":"NVIDIA H200","recordedAt":"2026-11-28T10:00:00Z","verified":true,"kernelMs":0.002,"gbPerS":4.1}]})"));
    const QString path = files.dir() + "/recorded.yaml";
    ASSERT_TRUE(
        test::writeFile(path,
                        "title: r\nslides:\n"
                        "  - title: Here\n    experiment: reduce-single-block\n"
                        "    params: {n: 2048, block: 128}\n    views: [timeline]\n"
                        "    narration: '{blocks} and {other.blocks}'\n"
                        "    notes: 'Other: {other.blocks}'\n"
                        "    figures_from: {other: b.wstrace}\n"
                        "  - title: Bundled\n    trace: b.wstrace\n    views: [timeline]\n"));
    auto w = window();
    w->lesson()->setTracesDir(recorded);
    ASSERT_TRUE(w->openLesson(path).ok());
    ASSERT_TRUE(settled(*w));
    ASSERT_NE(w->model()->run(), nullptr);
    EXPECT_EQ(w->model()->run()->device.name, "NVIDIA H200");
    EXPECT_EQ(w->stage()->badgeText(), "measured on H200") << w->stage()->badgeText().toStdString();
    const QString blocks = QString::number(test::smallRun().launches.front().blocks.size());
    EXPECT_EQ(w->stage()->captionText(),
              blocks + " and " + blocks + "† *† measured on Test GPU, not on this slide's H200*")
        << w->stage()->captionText().toStdString();
    EXPECT_TRUE(w->lesson()->checkSlide().isEmpty())
        << w->lesson()->checkSlide().join('\n').toStdString();
    const QString bundled = QFileInfo(files.resources() + "/traces/b.wstrace").absoluteFilePath();
    EXPECT_EQ(w->lesson()->runsFromElsewhere(),
              QStringList{"figures_from 'other': " + bundled +
                          ", measured on Test GPU (not in h200; the slide's run: NVIDIA H200)"})
        << w->lesson()->runsFromElsewhere().join('\n').toStdString();
    EXPECT_EQ(w->lesson()->narrationLines(),
              (QStringList{blocks + " and " + blocks + "†",
                           "† measured on Test GPU, not on this slide's H200"}));
    NotesWindow notes(w->lesson());
    EXPECT_TRUE(notes.notesText().startsWith(
        "Other: " + blocks + "† *† other measured on Test GPU, not on this slide's H200*"))
        << notes.notesText().toStdString();
    EXPECT_TRUE(notes.notesText().contains("**⚠** figures\\_from 'other': "))
        << notes.notesText().toStdString();

    w->lesson()->next();
    ASSERT_TRUE(settled(*w));
    EXPECT_EQ(w->stage()->badgeText(),
              QString::fromUtf8("bundled run: not in h200 · measured on Test GPU"))
        << w->stage()->badgeText().toStdString();
    EXPECT_EQ(w->lesson()->runsFromElsewhere(),
              QStringList{"its run: " + bundled + ", measured on Test GPU (not in h200)"})
        << w->lesson()->runsFromElsewhere().join('\n').toStdString();
}

}  // namespace
}  // namespace ws
