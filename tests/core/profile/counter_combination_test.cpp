// A timed work of several kernels, each counted in its own range: bytes and
// counts add up, shares of a peak are the kernels' time-weighted mean.
#include "core/profile/counter_combination.h"

#include <gtest/gtest.h>

#include "core/profile/counter_catalog.h"

namespace ws {
namespace {

const std::vector<std::string> kMetrics = {"dram__bytes_read.sum",
                                           "sm__warps_active.avg.pct_of_peak_sustained_active",
                                           "gpu__time_duration.sum"};

TEST(CounterCombination, BytesAddUpAndSharesAreWeightedByTime) {
    // The ladder's three launches: a long one at high occupancy, two short.
    const std::vector<KernelCounters> kernels = {
        {{60e6, 90.0, 300e3}}, {{1e6, 30.0, 50e3}}, {{0.0, 10.0, 10e3}}};
    const auto whole = combineKernelCounters(kMetrics, kernels);
    ASSERT_EQ(whole.size(), kMetrics.size());
    EXPECT_DOUBLE_EQ(whole[0], 61e6);
    EXPECT_DOUBLE_EQ(whole[2], 360e3);
    EXPECT_DOUBLE_EQ(whole[1], (90.0 * 300e3 + 30.0 * 50e3 + 10.0 * 10e3) / 360e3);
}

TEST(CounterCombination, OneKernelIsItsOwnCounters) {
    const std::vector<KernelCounters> kernels = {{{5.0, 42.0, 7.0}}};
    EXPECT_EQ(combineKernelCounters(kMetrics, kernels), kernels[0].values);
}

TEST(CounterCombination, WithoutTimesEveryKernelWeighsAlike) {
    const std::vector<std::string> metrics = {"sm__throughput.avg.pct_of_peak_sustained_elapsed",
                                              "smsp__inst_executed.sum"};
    const auto whole = combineKernelCounters(metrics, {{{80.0, 10.0}}, {{20.0, 5.0}}});
    EXPECT_DOUBLE_EQ(whole[0], 50.0);
    EXPECT_DOUBLE_EQ(whole[1], 15.0);
}

TEST(CounterCombination, EveryRecordedShareIsAveragedAndEveryCountAdded) {
    for (const CounterInfo& c : recordedCounters())
        EXPECT_EQ(isAveragedMetric(std::string(c.metric)), c.unit == CounterUnit::Percent)
            << c.metric;
}

TEST(CounterCombination, NoKernelsGiveZeros) {
    EXPECT_EQ(combineKernelCounters(kMetrics, {}), std::vector<double>(3, 0.0));
}

}  // namespace
}  // namespace ws
