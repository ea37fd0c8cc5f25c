// The cost of recording as a person reads it: a few percent below zero is
// the launches' noise, not a faster kernel, and is said so.
#include "core/figures/overhead_text.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

Timing timing(double overhead, double spread) {
    Timing t;
    t.overheadPercent = overhead;
    t.kernelCvPercent = spread;
    if (spread > 0) t.kernelSamplesMs = {1.0, 1.1, 0.9};
    t.kernelMs = 1.0;
    t.recordedKernelMs = 1.0 + overhead / 100;
    return t;
}

TEST(OverheadText, AboveTheSpreadIsTheFigure) {
    EXPECT_EQ(recordingOverheadText(timing(24.3, 0.7)), "+24.30 %");
}

TEST(OverheadText, WithinTheSpreadSaysSo) {
    EXPECT_EQ(recordingOverheadText(timing(1.2, 19.2)),
              "+1.20 % (within the launches' spread of ± 19.2 %)");
}

TEST(OverheadText, ANegativeWithinTheSpreadIsNoneMeasurable) {
    // The streams trace's -3.15 % beside a spread of 19.2 %.
    EXPECT_EQ(recordingOverheadText(timing(-3.15, 19.2)),
              "none measurable (-3.15 %; the launches vary by ± 19.2 %)");
    // A trace recorded before the spread was kept.
    EXPECT_EQ(recordingOverheadText(timing(-0.4, 0)), "none measurable (-0.40 %)");
}

TEST(OverheadText, ANegativeBeyondTheSpreadIsShownAndFlagged) {
    // The two builds once compiled the work queue's chain differently.
    EXPECT_EQ(recordingOverheadText(timing(-35, 1.0)),
              "-35.00 %: the recording build ran faster than the plain one, beyond the "
              "launches' spread of ± 1.0 %");
}

TEST(OverheadText, ARecordingBuildThatWasNotTimedIsNotMeasured) {
    Timing t = timing(0, 77);
    t.recordedKernelMs = 0;
    EXPECT_EQ(recordingOverheadText(t), "not measured");
}

// A table's cell makes the same judgement in fewer words.
TEST(OverheadText, TheShortFormJudgesAlike) {
    EXPECT_EQ(recordingOverheadShort(timing(24.3, 0.7)), "+24.3 %");
    EXPECT_EQ(recordingOverheadShort(timing(1.2, 19.2)), "+1.2 %");
    EXPECT_EQ(recordingOverheadShort(timing(-1.2, 6.3)), "none measurable");
    EXPECT_EQ(recordingOverheadShort(timing(-35, 1.0)), "-35.0 % (faster?)");
    Timing untimed = timing(0, 77);
    untimed.recordedKernelMs = 0;
    EXPECT_EQ(recordingOverheadShort(untimed), "not measured");
}

}  // namespace
}  // namespace ws
