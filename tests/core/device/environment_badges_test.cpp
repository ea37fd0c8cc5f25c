// Badges and facts from a GPU's environment, for each case a run can be in.
#include "core/device/environment_badges.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

GpuEnvironment quietH100() {
    GpuEnvironment e;
    e.queried = true;
    e.uuid = "GPU-8c3b5f6e-1d2a-4b3c-9d8e-7f6a5b4c3d2e";
    e.gpuUtilizationPercent = 0;
    e.memoryUtilizationPercent = 0;
    e.computeMode = "Default";
    e.smClockMHz = e.maxSmClockMHz = 1980;
    e.memClockMHz = 2619;
    e.pcieGeneration = e.pcieMaxGeneration = 5;
    e.pcieWidth = e.pcieMaxWidth = 16;
    return e;
}

TEST(EnvironmentBadges, AQuietGpuHasNone) { EXPECT_TRUE(environmentBadges(quietH100()).empty()); }

TEST(EnvironmentBadges, AnOldTraceHasNone) {
    // Recorded before the environment was: nothing queried, no reason given.
    EXPECT_TRUE(environmentBadges(ws::Run{}).empty());
    EXPECT_EQ(environmentFacts(GpuEnvironment{}),
              std::vector<std::string>{"GPU state: not recorded"});
}

TEST(EnvironmentBadges, OtherProcesses) {
    ws::Run run;
    run.environment = quietH100();
    run.environment.otherPids = {4242, 77};
    run.environment.otherProcessNames = {"python3", ""};
    const auto badges = environmentBadges(run);
    ASSERT_EQ(badges.size(), 1u);
    EXPECT_EQ(badges[0].kind, BadgeKind::SharedGpu);
    EXPECT_EQ(badges[0].text, "shared GPU: timings may be disturbed");
    EXPECT_EQ(badges[0].detail,
              "2 other processes computed on this GPU: python3 (pid 4242), unnamed (pid 77)");
}

TEST(EnvironmentBadges, TheMpsServerIsNamed) {
    GpuEnvironment e = quietH100();
    e.otherPids = {900};
    e.otherProcessNames = {"nvidia-cuda-mps-server"};
    EXPECT_EQ(environmentBadges(e).at(0).text, "shared GPU (MPS): timings may be disturbed");
}

TEST(EnvironmentBadges, MigSlice) {
    GpuEnvironment e = quietH100();
    e.migEnabled = true;
    e.migProfile = "1g.10gb";
    e.migSmCount = 16;
    const auto badges = environmentBadges(e);
    ASSERT_EQ(badges.size(), 1u);
    EXPECT_EQ(badges[0].kind, BadgeKind::MigSlice);
    EXPECT_EQ(badges[0].text, "MIG 1g.10gb: 16 SMs");
}

TEST(EnvironmentBadges, ThrottledNamesItsReasonsButNotIdle) {
    GpuEnvironment e = quietH100();
    e.throttleReasons = 0x1 | 0x4 | 0x40;
    const auto badges = environmentBadges(e);
    ASSERT_EQ(badges.size(), 1u);
    EXPECT_EQ(badges[0].text, "throttled: software power cap, hardware thermal slowdown");
}

TEST(EnvironmentBadges, ClockBelowMaximumOnlyWhenTheClockWasReadBusy) {
    GpuEnvironment e = quietH100();
    e.smClockMHz = 1755;  // 89 % of 1980
    ASSERT_EQ(environmentBadges(e).size(), 1u);
    EXPECT_EQ(environmentBadges(e)[0].kind, BadgeKind::ClockBelowMax);
    EXPECT_EQ(environmentBadges(e)[0].detail, "SM clock 1755 of 1980 MHz while the run computed");
    e.smClockMHz = 1890;  // within 5 %: boost wanders
    EXPECT_TRUE(environmentBadges(e).empty());
    e.smClockMHz = 345;
    e.throttleReasons = kClockReasonGpuIdle;  // read while idle: says nothing
    EXPECT_TRUE(environmentBadges(e).empty());
}

TEST(EnvironmentBadges, NvmlMissingIsSaid) {
    GpuEnvironment e;
    e.unavailableReason =
        "NVML is not available (libnvidia-ml.so.1: cannot open shared object file)";
    const auto badges = environmentBadges(e);
    ASSERT_EQ(badges.size(), 1u);
    EXPECT_EQ(badges[0].kind, BadgeKind::StateUnknown);
    EXPECT_NE(badges[0].detail.find("libnvidia-ml.so.1"), std::string::npos);
}

TEST(EnvironmentBadges, ReasonNamesInBitOrderUnknownBitsInHex) {
    EXPECT_EQ(clockReasonNames(0x100 | 0x2 | (1ull << 40)),
              (std::vector<std::string>{"applications clocks setting", "display clock setting",
                                        "reason 0x10000000000"}));
    EXPECT_TRUE(clockReasonNames(0).empty());
}

TEST(EnvironmentBadges, FactsSayWhatWasSeen) {
    GpuEnvironment e = quietH100();
    e.lockWaitMs = 2300;
    e.runsAheadAtStart = 2;
    const auto facts = environmentFacts(e);
    ASSERT_GE(facts.size(), 6u);
    EXPECT_EQ(facts[0], "waited 2300 ms for the GPU (2 runs ahead)");
    EXPECT_EQ(facts[2], "other processes on the GPU: none");
    EXPECT_EQ(facts[4], "compute mode: Default, MIG off");
    EXPECT_EQ(facts[5], "clocks while computing: SM 1980 of 1980 MHz, memory 2619 MHz");
    EXPECT_EQ(facts.back(), "PCIe: Gen5 x16 (max Gen5 x16)");
}

}  // namespace
}  // namespace ws
