// How often a kernel is sampled: about the samples asked for per launch,
// within the periods CUPTI takes (2^5 to 2^31 cycles).
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/profile/stall_sampling.h"

namespace ws::profile {
namespace {

double samplesPerLaunch(double ms, int sms, int clockKHz, int log2) {
    return ms * 1e-3 * clockKHz * 1e3 * sms / std::ldexp(1.0, log2);
}

TEST(SamplingPeriod, DrawsAboutTheSamplesAskedFor) {
    for (double ms : {0.05, 0.5, 5.0, 50.0}) {
        const int log2 = samplingPeriodFor(ms, 132, 1980000, 1e5);
        const double drawn = samplesPerLaunch(ms, 132, 1980000, log2);
        EXPECT_LE(drawn, 1e5) << ms << " ms";
        EXPECT_GT(drawn, 0.5e5) << ms << " ms";
    }
}

TEST(SamplingPeriod, StaysWithinCuptisRange) {
    EXPECT_EQ(samplingPeriodFor(1e-6, 1, 1000, 1e9), 5);
    EXPECT_EQ(samplingPeriodFor(1e9, 132, 1980000, 1), 31);
    EXPECT_EQ(samplingPeriodFor(0, 0, 0, 0), 5);
}

}  // namespace
}  // namespace ws::profile
