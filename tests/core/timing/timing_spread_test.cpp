// The spread of repeated timings, against values worked by hand.
#include "core/timing/timing_spread.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(TimingSpread, WorkedByHand) {
    // mean 2, deviations -1, 0, 0, 1: sample variance 2/3, stdev 0.8165, CV 40.82 %
    const Spread s = spreadOf({3, 2, 1, 2});
    EXPECT_DOUBLE_EQ(s.median, 2);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 3);
    EXPECT_NEAR(s.cvPercent, 40.8248, 1e-4);
}

TEST(TimingSpread, EvenCountsTakeTheMiddlePair) {
    EXPECT_DOUBLE_EQ(spreadOf({0.4, 0.1, 0.3, 0.2}).median, 0.25);
}

TEST(TimingSpread, OneOrNoSampleHasNoSpread) {
    EXPECT_EQ(spreadOf({}).cvPercent, 0);
    const Spread one = spreadOf({0.35});
    EXPECT_EQ(one.cvPercent, 0);
    EXPECT_EQ(one.min, 0.35);
    EXPECT_EQ(one.max, 0.35);
}

TEST(TimingSpread, IdenticalSamplesHaveNone) { EXPECT_EQ(spreadOf({0.5, 0.5, 0.5}).cvPercent, 0); }

TEST(TimingSpread, RecordedIntoTimingWithoutTouchingTheMedian) {
    Timing t;
    t.kernelMs = 1.5;
    recordSpread(t, {1, 2, 1.5});
    EXPECT_EQ(t.kernelMs, 1.5);
    EXPECT_EQ(t.kernelMinMs, 1);
    EXPECT_EQ(t.kernelMaxMs, 2);
    EXPECT_NEAR(t.kernelCvPercent, 33.3333, 1e-4);  // stdev 0.5 / mean 1.5
    EXPECT_EQ(t.kernelSamplesMs, (std::vector<double>{1, 2, 1.5}));
}

}  // namespace
}  // namespace ws
