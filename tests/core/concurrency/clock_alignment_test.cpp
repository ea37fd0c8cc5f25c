// The arithmetic that puts CUPTI's clock on %globaltimer, on hand-made samples.
#include "core/timing/clock_alignment.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

// Both clocks near 1.7e18 ns, as on a real machine: beyond a double's exact range.
constexpr std::uint64_t kNow = 1'732'000'000'123'456'789ull;

ClockSample sample(std::int64_t offset, std::uint64_t hostBefore, std::uint64_t width) {
    return {hostBefore, std::uint64_t(std::int64_t(hostBefore + width / 2) + offset),
            hostBefore + width};
}

TEST(ClockAlignment, OffsetIsTheDeviceReadingMinusTheBracketMiddle) {
    EXPECT_DOUBLE_EQ(sampleOffsetNs({kNow, kNow + 600, kNow + 1000}), 100.0);
    EXPECT_DOUBLE_EQ(sampleOffsetNs({kNow, kNow - 510'000, kNow + 2000}), -511'000.0);
    // Odd widths keep their half nanosecond.
    EXPECT_DOUBLE_EQ(sampleOffsetNs({kNow, kNow + 1, kNow + 1}), 0.5);
}

TEST(ClockAlignment, WarmupIsDroppedAndTheMedianKept) {
    std::vector<ClockSample> s = {
        sample(-555'000, kNow, 3000),  // warm-up: 45 us off
        sample(-510'000, kNow + 10'000, 1500), sample(-510'400, kNow + 20'000, 1600),
        sample(-509'900, kNow + 30'000, 1400), sample(-510'100, kNow + 40'000, 1500)};
    auto fit = fitClockOffset(s, 1);
    ASSERT_TRUE(fit.ok()) << fit.error();
    EXPECT_TRUE(fit->alignment.measured);
    EXPECT_EQ(fit->alignment.samples, 4);
    EXPECT_DOUBLE_EQ(fit->alignment.offsetNs, -510'050.0);
    EXPECT_DOUBLE_EQ(fit->alignment.spreadNs, 500.0);
    EXPECT_DOUBLE_EQ(fit->medianBracketNs, 1500.0);
    EXPECT_EQ(fit->warmupDropped, 1);
    EXPECT_EQ(fit->outliersDropped, 0);
}

TEST(ClockAlignment, ABracketFarWiderThanTheOthersIsAnOutlier) {
    std::vector<ClockSample> s;
    for (int i = 0; i < 6; ++i) s.push_back(sample(-510'000 + 10 * i, kNow + 10'000 * i, 1500));
    s.push_back(sample(-480'000, kNow + 90'000, 60'000));  // the host thread was descheduled
    auto fit = fitClockOffset(s, 0);
    ASSERT_TRUE(fit.ok());
    EXPECT_EQ(fit->outliersDropped, 1);
    EXPECT_EQ(fit->alignment.samples, 6);
    EXPECT_DOUBLE_EQ(fit->alignment.spreadNs, 50.0);
}

TEST(ClockAlignment, ABracketTwiceTheUsualWidthIsAnOutlierToo) {
    std::vector<ClockSample> s;
    for (int i = 0; i < 8; ++i) s.push_back(sample(-510'000 + 20 * i, kNow + 10'000 * i, 4000));
    s.push_back(sample(-505'000, kNow + 90'000, 10'000));  // interrupted, half its bracket off
    auto fit = fitClockOffset(s, 0);
    ASSERT_TRUE(fit.ok());
    EXPECT_EQ(fit->outliersDropped, 1);
    EXPECT_DOUBLE_EQ(fit->alignment.spreadNs, 140.0);
}

TEST(ClockAlignment, RefusesTooFewSamplesAndBackwardBrackets) {
    std::vector<ClockSample> s = {sample(0, kNow, 100), sample(0, kNow + 10, 100)};
    EXPECT_FALSE(fitClockOffset(s, 1).ok());
    EXPECT_TRUE(fitClockOffset(s, 0).ok());
    s.push_back({kNow + 100, kNow + 50, kNow + 20});
    auto bad = fitClockOffset(s, 0);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("sample 2"), std::string::npos) << bad.error();
}

TEST(ClockAlignment, TimestampsMoveByTheOffsetAndZeroStaysUncollected) {
    ClockAlignment a{.measured = true, .offsetNs = -510'000.4};
    EXPECT_EQ(toGlobalTimer(kNow, a), kNow - 510'000);
    EXPECT_EQ(toGlobalTimer(0, a), 0u);
    EXPECT_EQ(toGlobalTimer(100, a), 0u);  // would fall before the epoch
    a.offsetNs = 250.6;
    EXPECT_EQ(toGlobalTimer(kNow, a), kNow + 251);
}

TEST(ClockAlignment, KernelStartGapsCompareOperationsWithTheirBlocks) {
    ws::Run run;
    run.launches.resize(2);
    run.launches[0].blocks.resize(2);
    run.launches[0].blocks.startNs = {kNow + 900, kNow + 700};
    run.launches[0].blocks.endNs = {kNow + 2000, kNow + 2000};
    OperationRecords& o = run.operations;
    auto add = [&](OperationKind kind, std::uint64_t start, std::int32_t launch) {
        o.kind.push_back(std::uint8_t(kind));
        o.stream.push_back(7);
        o.engine.push_back(0);
        o.hostMemory.push_back(0);
        o.bytes.push_back(0);
        o.startNs.push_back(start);
        o.endNs.push_back(start + 10);
        o.correlation.push_back(0);
        o.launch.push_back(launch);
    };
    add(OperationKind::Kernel, kNow + 200, 0);
    add(OperationKind::Kernel, kNow + 200, 1);  // launch 1 has no block records
    add(OperationKind::CopyHostToDevice, kNow, -1);
    EXPECT_EQ(kernelStartGapsNs(run), std::vector<double>{500.0});
}

}  // namespace
}  // namespace ws
