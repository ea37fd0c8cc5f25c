// The compare window on two recorded H100 runs: both load off the UI thread,
// each side draws the chosen view of its own run, the right side follows the
// left's playback by time or by reduction step, the table gives the figures
// and their ratio, and a file that cannot be read is said on its side.
#include "app/gui/window/run_compare_window.h"

#include <gtest/gtest.h>

#include <QScrollBar>

#include "app/gui/compare/compare_table.h"
#include "app/gui/window/main_window.h"
#include "core/trace/trace_io.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/timeline/timeline_view.h"

namespace ws {
namespace {

QString bundledTrace(const QString& name) {
    return qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + "/resources/traces/" + name;
}

const QString kDivergent =
    "reduce-ladder__variant-interleaved-divergent__n-2_20__block-256__type-float.wstrace";
const QString kSequential =
    "reduce-ladder__variant-sequential__n-2_20__block-256__type-float.wstrace";

class RunCompare : public ::testing::Test {
protected:
    RunCompare() {
        test::app();
        qputenv("WARPSCOPE_RESOURCES", files.resources().toUtf8());
        window =
            std::make_unique<MainWindow>(WindowOptions{files.worker("nodevice"), 10000, false});
    }
    ~RunCompare() override { qunsetenv("WARPSCOPE_RESOURCES"); }
    RunCompareWindow* compare(const QString& left, const QString& right) {
        RunCompareWindow* c = window->compareWindow();
        c->compareFiles(left, right);
        EXPECT_TRUE(test::waitFor([c] { return !c->loading(); }));
        return c;
    }
    test::AppFixtureFiles files;
    std::unique_ptr<MainWindow> window;
};

TEST_F(RunCompare, TwoTracesSideBySideWithTheirFiguresAndRatio) {
    RunCompareWindow* c = compare(bundledTrace(kDivergent), bundledTrace(kSequential));
    ASSERT_NE(c->pair()->leftRun(), nullptr);
    ASSERT_NE(c->pair()->rightRun(), nullptr);
    EXPECT_EQ(c->pair()->leftRun()->params.at("variant"), "interleaved-divergent");
    EXPECT_EQ(c->pair()->rightRun()->params.at("variant"), "sequential");
    EXPECT_TRUE(c->problem().isEmpty()) << c->problem().toStdString();
    // The kernel times' ratio is the table's, computed from the two runs.
    const QString table = c->table()->text();
    const double left = c->pair()->leftRun()->timing.kernelMs;
    const double right = c->pair()->rightRun()->timing.kernelMs;
    ASSERT_GT(left, 0);
    ASSERT_GT(right, 0);
    EXPECT_TRUE(table.contains(QString::asprintf("%.2f×", right / left))) << table.toStdString();
    EXPECT_TRUE(table.contains("verified")) << table.toStdString();
}

// A fifth of the window held six of the figures' rows; the last ("alike in
// both") was a scroll away. Shown, the table has all its rows in view.
TEST_F(RunCompare, TheTableShowsEveryRowOfItsFigures) {
    RunCompareWindow* c = compare(bundledTrace(kDivergent), bundledTrace(kSequential));
    c->resize(1000, 640);  // a laptop's window
    c->show();
    QApplication::processEvents();
    CompareTable* table = c->table();
    ASSERT_GE(table->rowCount(), 5);
    EXPECT_GE(table->height(), table->contentHeight())
        << table->rowCount() << " rows in " << table->height() << " px";
    EXPECT_EQ(table->verticalScrollBar()->maximum(), 0);
    // Nor is any cell drawn as the current one: the table takes no focus.
    EXPECT_EQ(table->focusPolicy(), Qt::NoFocus);
    // Made larger, then smaller again: the table still has all its rows.
    c->resize(1400, 1000);
    QApplication::processEvents();
    c->resize(1000, 600);
    QApplication::processEvents();
    EXPECT_GE(table->height(), table->contentHeight()) << "after a resize";
    c->hide();
}

TEST_F(RunCompare, EachSideDrawsTheChosenViewOfItsOwnRun) {
    RunCompareWindow* c = compare(bundledTrace(kDivergent), bundledTrace(kSequential));
    EXPECT_FALSE(c->setView("no-such-view"));
    ASSERT_TRUE(c->setView("tree"));
    c->resize(1200, 800);
    c->show();
    for (int side = 0; side < 2; ++side) {
        ASSERT_NE(c->view(side), nullptr);
        EXPECT_EQ(c->view(side)->property("ws-view-name").toString(), "tree");
    }
    // Two different runs: their pictures differ.
    ASSERT_TRUE(test::waitFor([c] { return c->view(0)->isVisible() && c->view(1)->isVisible(); }));
    EXPECT_NE(test::render(*c->view(0)), test::render(*c->view(1)));
}

TEST_F(RunCompare, TheRightFollowsTheLeftByTimeOrByStep) {
    RunCompareWindow* c = compare(bundledTrace(kDivergent), bundledTrace(kSequential));
    PlaybackModel* left = c->pair()->left();
    PlaybackModel* right = c->pair()->right();
    left->setTime(left->duration() / 3);
    EXPECT_DOUBLE_EQ(right->time(), std::min(left->duration() / 3, right->duration()));
    ASSERT_GT(left->stepCount(), 3);
    ASSERT_GT(right->stepCount(), 3);
    c->setLockstep(RunPair::Lockstep::Event);
    left->setStep(3);
    EXPECT_EQ(right->currentStep(), 3);
}

// Played in step by GPU time, a shorter run on the left plays on to the
// longer run's end, so the right run's last part is seen in time, not
// jumped to at the left's last event.
TEST_F(RunCompare, PlayingInStepByTimeRunsToTheLongerRunsEnd) {
    RunCompareWindow* c = compare(bundledTrace(kDivergent), bundledTrace(kSequential));
    PlaybackModel* a = c->pair()->left();
    PlaybackModel* b = c->pair()->right();
    // The shorter of the two on the left.
    if (a->duration() > b->duration())
        c = compare(bundledTrace(kSequential), bundledTrace(kDivergent));
    PlaybackModel* left = c->pair()->left();
    PlaybackModel* right = c->pair()->right();
    ASSERT_LT(left->duration(), right->duration());
    EXPECT_DOUBLE_EQ(left->playbackEnd(), right->duration());
    // Between the two ends the right follows the left's time, ns for ns.
    const double between = (left->duration() + right->duration()) / 2;
    left->setTime(between);
    EXPECT_DOUBLE_EQ(left->time(), between);
    EXPECT_DOUBLE_EQ(right->time(), between);
    left->toEnd();
    EXPECT_DOUBLE_EQ(left->time(), right->duration());
    EXPECT_DOUBLE_EQ(right->time(), right->duration());
    // Playing from the start ends at the longer run's end too.
    left->setSpeed(64);
    left->toStart();
    left->play();
    ASSERT_TRUE(test::waitFor([left] { return !left->playing(); }, 20000));
    EXPECT_DOUBLE_EQ(left->time(), right->duration());
    EXPECT_DOUBLE_EQ(right->time(), right->duration());
}

// Side by side on one time scale, the faster run looks faster: its timeline
// spans the slower run's time, its bars end early.
TEST_F(RunCompare, BothTimelinesShareTheLongerRunsScale) {
    RunCompareWindow* c = compare(bundledTrace(kDivergent), bundledTrace(kSequential));
    PlaybackModel* left = c->pair()->left();
    PlaybackModel* right = c->pair()->right();
    ASSERT_NE(left->duration(), right->duration());
    const double longer = std::max(left->duration(), right->duration());
    EXPECT_DOUBLE_EQ(left->commonSpan(), longer);
    EXPECT_DOUBLE_EQ(right->commonSpan(), longer);
    ASSERT_TRUE(c->setView("timeline"));
    for (int side = 0; side < 2; ++side) {
        auto* timeline = qobject_cast<TimelineView*>(c->view(side));
        ASSERT_NE(timeline, nullptr);
        EXPECT_DOUBLE_EQ(timeline->data().viewEnd, longer) << side;
    }
    // A pair that ends gives the window's model its own scale back.
    PlaybackModel solo;
    {
        RunPair pair(&solo);
        pair.setRight(right->preparedShared());
        solo.setRun(left->preparedShared());
        EXPECT_DOUBLE_EQ(solo.commonSpan(), longer);
    }
    EXPECT_EQ(solo.commonSpan(), 0);
}

TEST_F(RunCompare, AnUnreadableFileIsSaidOnItsSideAndTheOtherStays) {
    ASSERT_TRUE(test::writeFile(files.dir() + "/broken.wstrace", "not a trace at all"));
    RunCompareWindow* c = compare(bundledTrace(kDivergent), files.dir() + "/broken.wstrace");
    EXPECT_NE(c->pair()->leftRun(), nullptr);
    EXPECT_EQ(c->pair()->rightRun(), nullptr);
    EXPECT_TRUE(c->problem().startsWith("Right: ")) << c->problem().toStdString();
    EXPECT_TRUE(c->problem().contains("broken.wstrace")) << c->problem().toStdString();
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

// Two runs recorded with --why, naive against padded transpose: each side's
// stalls view draws its own kernel's samples, and the table sets their main
// stall, DRAM bytes and bank conflicts side by side.
TEST_F(RunCompare, BothRunsStallsAndCountersSideBySide) {
    const QString naive =
        "transpose-f32__width-4096__height-4096__variant-naive__rows_per_thread-4.wstrace";
    const QString padded =
        "transpose-f32__width-4096__height-4096__variant-padded__rows_per_thread-4.wstrace";
    RunCompareWindow* c = compare(bundledTrace(naive), bundledTrace(padded));
    ASSERT_TRUE(c->pair()->leftRun() && c->pair()->rightRun());
    ASSERT_TRUE(c->pair()->leftRun()->profile.hasStalls());
    ASSERT_TRUE(c->pair()->rightRun()->profile.hasStalls());
    const QString table = c->table()->text();
    EXPECT_TRUE(table.contains("main stall")) << table.toStdString();
    EXPECT_TRUE(table.contains("bank conflicts")) << table.toStdString();
    EXPECT_TRUE(table.contains("waiting for global memory")) << table.toStdString();
    c->resize(1400, 900);
    c->show();
    for (const char* view : {"stalls", "counters"}) {
        ASSERT_TRUE(c->setView(view));
        ASSERT_TRUE(
            test::waitFor([c] { return c->view(0)->isVisible() && c->view(1)->isVisible(); }));
        EXPECT_NE(test::render(*c->view(0)), test::render(*c->view(1))) << view;
    }
    c->hide();
}

}  // namespace
}  // namespace ws
