#include "core/timing/timing_stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace ws {
namespace {

TEST(TimingStats, SpreadOfRepeatedTimings) {
    Timing t;
    fillTimingSpread(t, {2.0, 1.0, 4.0, 3.0});
    EXPECT_DOUBLE_EQ(t.kernelMs, 2.5);
    EXPECT_DOUBLE_EQ(t.kernelMinMs, 1.0);
    EXPECT_DOUBLE_EQ(t.kernelMaxMs, 4.0);
    EXPECT_EQ(t.repetitions, 4);
    // mean 2.5, sample stdev sqrt(5/3)
    EXPECT_NEAR(t.kernelCvPercent, std::sqrt(5.0 / 3.0) / 2.5 * 100, 1e-9);
    EXPECT_EQ(t.kernelSamplesMs.size(), 4u);
    Timing empty;
    fillTimingSpread(empty, {});
    EXPECT_EQ(empty.kernelMs, 0);
    EXPECT_DOUBLE_EQ(medianMs({5.0}), 5.0);
}

}  // namespace
}  // namespace ws
