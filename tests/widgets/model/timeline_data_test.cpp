#include "widgets/model/timeline_data.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/widgets/support/qt_test_support.h"
#include "widgets/view/view_text.h"

namespace ws {
namespace {

TimelineData data() {
    TimelineData d;
    d.x0 = 100;
    d.width = 1000;
    d.minSpan = 10;
    d.setFullRange(0, 1e6);
    return d;
}

TEST(TimelineData, MapsBothWays) {
    const TimelineData d = data();
    EXPECT_DOUBLE_EQ(d.mapTimeToX(0), 100);
    EXPECT_DOUBLE_EQ(d.mapTimeToX(1e6), 1100);
    EXPECT_DOUBLE_EQ(d.mapXToTime(600), 5e5);
    for (double t : {0.0, 1234.5, 5e5, 999999.0})
        EXPECT_NEAR(d.mapXToTime(d.mapTimeToX(t)), t, 1e-6);
}

TEST(TimelineData, ZoomKeepsTheTimeUnderTheCursor) {
    TimelineData d = data();
    for (double x : {350.0, 600.0, 1000.0}) {
        d.showAll();
        d.zoom(2, 600);  // first zoom in, so there is room on both sides
        const double before = d.mapXToTime(x);
        d.zoom(1.25, x);
        EXPECT_NEAR(d.mapXToTime(x), before, 1e-6) << "x " << x;
        d.zoom(1 / 1.25, x);
        EXPECT_NEAR(d.mapXToTime(x), before, 1e-6) << "x " << x;
    }
}

TEST(TimelineData, ZoomStopsAtTheMinimumSpanAndAtTheFullRange) {
    TimelineData d = data();
    d.zoom(1e9, 600);
    EXPECT_NEAR(d.span(), 10, 1e-9);
    d.zoom(1e-9, 600);
    EXPECT_DOUBLE_EQ(d.viewStart, 0);
    EXPECT_DOUBLE_EQ(d.viewEnd, 1e6);
    EXPECT_FALSE(d.zoomedIn());
}

TEST(TickTimes, MultiplesOfTheStepInsideTheView) {
    EXPECT_EQ(tickTimes(0, 1000, 250), (std::vector<double>{0, 250, 500, 750, 1000}));
    EXPECT_EQ(tickTimes(-30, 45, 20), (std::vector<double>{-20, 0, 20, 40}));
    EXPECT_TRUE(tickTimes(10, 19, 20).empty());
    EXPECT_TRUE(tickTimes(0, 100, 0).empty());
    EXPECT_TRUE(tickTimes(100, 0, 10).empty());
    EXPECT_EQ(tickTimes(0, 1e9, 1).size(), std::size_t(kMaxTicks));
}

TEST(TickTimes, AStepBelowTheResolutionOfTheTimesGivesFewTicksAndEnds) {
    // At 1e17 ns neighbouring doubles are 16 ns apart: a 2 ns step does not
    // move t, and `t += step` would loop forever.
    const std::vector<double> ticks = tickTimes(1e17, 1e17 + 100, 2);
    ASSERT_FALSE(ticks.empty());
    EXPECT_LE(ticks.size(), 8u);
    EXPECT_TRUE(std::is_sorted(ticks.begin(), ticks.end()));
    EXPECT_EQ(std::adjacent_find(ticks.begin(), ticks.end()), ticks.end());
    for (double t : ticks) {
        EXPECT_GE(t, 1e17);
        EXPECT_LE(t, 1e17 + 100);
    }
}

TEST(TimelineData, PanStaysInsideTheRun) {
    TimelineData d = data();
    d.zoom(10, 100);  // [0, 1e5]
    EXPECT_TRUE(d.zoomedIn());
    d.pan(-500);
    EXPECT_DOUBLE_EQ(d.viewStart, 0);
    d.pan(500);  // half the width: half the span
    EXPECT_NEAR(d.viewStart, 5e4, 1e-6);
    d.pan(1e9);
    EXPECT_DOUBLE_EQ(d.viewEnd, 1e6);
    EXPECT_NEAR(d.span(), 1e5, 1e-6);
}

// Ticks 250 ns apart 401 us into a run: each label tells its tick from the
// next, where formatDuration wrote "401 µs" four times in a row.
TEST(TickLabels, CarryTheDecimalsTheirStepNeeds) {
    EXPECT_EQ(formatTick(401250, 250), QStringLiteral("401.25 µs"));
    // Every tick of an axis with the same decimals: "401.50" beside "401.25".
    EXPECT_EQ(formatTick(401500, 250), QStringLiteral("401.50 µs"));
    EXPECT_EQ(formatTick(401000, 500), QStringLiteral("401.0 µs"));
    EXPECT_EQ(formatTick(401200, 200), QStringLiteral("401.2 µs"));
    EXPECT_EQ(formatTick(2.5e6, 1e5), QStringLiteral("2.5 ms"));
    EXPECT_EQ(formatTick(12345, 5), QStringLiteral("12.345 µs"));
    // Steps of whole units, whole numbers.
    EXPECT_EQ(formatTick(2e6, 1e6), QStringLiteral("2 ms"));
    EXPECT_EQ(formatTick(350, 50), QStringLiteral("350 ns"));
    EXPECT_EQ(formatTick(0, 250), QStringLiteral("0 ns"));
}

TEST(TickLabels, AStepLeavesRoomForItsWiderLabels) {
    test::app();  // fonts need the application
    QFont font;
    font.setPixelSize(13);
    const QFontMetrics fm(font);
    // 1 ns a pixel, 401 us along: "401.25 µs" is wider than "000.00 µs"
    // only a little; "401.125 µs" would need a coarser step.
    const double step = timeAxisStep(fm, 1.0, 401000, 402000);
    const auto ticks = tickTimes(401000, 402000, step);
    ASSERT_GE(ticks.size(), 2u);
    for (std::size_t i = 1; i < ticks.size(); ++i) {
        EXPECT_NE(formatTick(ticks[i - 1], step), formatTick(ticks[i], step));
        EXPECT_GE(step / 1.0, fm.horizontalAdvance(formatTick(ticks[i], step)) + 16);
    }
}

// A projected slide's caption broke "8" from "µs" and "GB/" from "s".
TEST(RunningText, NumbersKeepTheirUnitsAndRatesTheirSlash) {
    const QString nbsp(QChar(0x00a0)), joiner(QChar(0x2060));
    EXPECT_EQ(keepNumbersWithUnits(QStringLiteral("done at 8 µs, 162 to 335 GB/s.")),
              QStringLiteral("done at 8") + nbsp + QStringLiteral("µs, 162 to 335") + nbsp +
                  QStringLiteral("GB/") + joiner + QStringLiteral("s."));
    EXPECT_EQ(keepNumbersWithUnits(QStringLiteral("**13.7 µs** and 1.75 ×")),
              QStringLiteral("**13.7") + nbsp + QStringLiteral("µs** and 1.75") + nbsp +
                  QStringLiteral("×"));
    // Words that begin like a unit stay apart from their number.
    EXPECT_EQ(keepNumbersWithUnits(QStringLiteral("8 steps of 32 banks, 4 Bytes")),
              QStringLiteral("8 steps of 32 banks, 4 Bytes"));
    EXPECT_EQ(keepNumbersWithUnits(QStringLiteral("2 MiB at 3.1 TFLOP/s")),
              QStringLiteral("2") + nbsp + QStringLiteral("MiB at 3.1") + nbsp +
                  QStringLiteral("TFLOP/") + joiner + QStringLiteral("s"));
}

TEST(TimelineData, ShowsOneRangeWithRoomEitherSideAndInsideTheRun) {
    TimelineData d = data();  // [0, 1e6]
    d.showRange(4e5, 4.2e5);
    EXPECT_NEAR(d.viewStart, 4e5 - 1e3, 1e-6);
    EXPECT_NEAR(d.viewEnd, 4.2e5 + 1e3, 1e-6);
    EXPECT_TRUE(d.showsRange(4e5, 4.2e5));
    EXPECT_FALSE(d.showsRange(4e5, 4.3e5));
    // At the run's end the spare room moves inside; a range shorter than the
    // smallest span is shown at that span.
    d.showRange(9.9e5, 1e6);
    EXPECT_DOUBLE_EQ(d.viewEnd, 1e6);
    EXPECT_NEAR(d.span(), 1.1e4, 1e-6);
    d.showRange(5e5, 5e5 + 1);
    EXPECT_NEAR(d.span(), d.minSpan, 1e-9);
    d.showAll();
    EXPECT_FALSE(d.showsRange(5e5, 5e5 + 1));
}

// A double-click on something shows it, a second one (or one on nothing)
// all of the run.
TEST(TimelineData, FitOrShowAllTogglesBetweenAThingAndTheWholeRun) {
    TimelineData d = data();  // [0, 1e6]
    d.fitOrShowAll(4e5, 4.2e5);
    EXPECT_TRUE(d.showsRange(4e5, 4.2e5));
    d.fitOrShowAll(4e5, 4.2e5);
    EXPECT_FALSE(d.zoomedIn());
    d.fitOrShowAll(4e5, 4.2e5);
    d.fitOrShowAll(0, 0);  // nothing under the click
    EXPECT_FALSE(d.zoomedIn());
}

}  // namespace
}  // namespace ws
