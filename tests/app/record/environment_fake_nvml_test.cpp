// NVML's answers turned into Run::environment and its badges, against a fake
// libnvidia-ml (tests/app/record/fake_nvml.cpp) that plays a quiet GPU, a shared
// one, a MIG slice, a throttled and an idle one.
#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

#include "app/record/gpu/gpu_environment.h"
#include "core/device/environment_badges.h"

namespace ws::record {
namespace {

using namespace std::chrono_literals;

// Before any test asks NVML: the library is opened once per process.
const bool kFakeNvml = [] {
    setenv("WARPSCOPE_NVML_LIBRARY", WS_FAKE_NVML_LIBRARY, 1);
    return true;
}();

const std::string kUuid = "GPU-8c3b5f6e-1d2a-4b3c-9d8e-7f6a5b4c3d2e";

GpuEnvironment look(const char* scenario) {
    setenv("FAKE_NVML_SCENARIO", scenario, 1);
    return snapshotEnvironment(kUuid);
}

std::vector<BadgeKind> kinds(const GpuEnvironment& e) {
    std::vector<BadgeKind> k;
    for (const auto& b : environmentBadges(e)) k.push_back(b.kind);
    return k;
}

TEST(FakeNvml, AQuietGpu) {
    ASSERT_TRUE(kFakeNvml);
    const GpuEnvironment e = look("quiet");
    ASSERT_TRUE(e.queried) << e.unavailableReason;
    EXPECT_EQ(e.uuid, kUuid);
    EXPECT_TRUE(e.otherPids.empty());
    EXPECT_EQ(e.gpuUtilizationPercent, 0);
    EXPECT_EQ(e.computeMode, "Default");
    EXPECT_FALSE(e.migEnabled);
    EXPECT_EQ(e.smClockMHz, 1980);
    EXPECT_EQ(e.maxSmClockMHz, 1980);
    EXPECT_EQ(e.memClockMHz, 2619);
    EXPECT_EQ(e.throttleReasons, 0u);
    EXPECT_EQ(e.pcieGeneration, 5);
    EXPECT_EQ(e.pcieMaxWidth, 16);
    EXPECT_TRUE(environmentBadges(e).empty());
}

TEST(FakeNvml, OtherProcessesButNotThisOne) {
    const GpuEnvironment e = look("shared");
    ASSERT_TRUE(e.queried);
    EXPECT_EQ(e.otherPids, (std::vector<std::uint32_t>{4242, 4343}));
    EXPECT_EQ(e.otherProcessNames, (std::vector<std::string>{"python3", "unnamed"}));
    EXPECT_EQ(e.gpuUtilizationPercent, 87);
    const auto badges = environmentBadges(e);
    ASSERT_EQ(badges.size(), 1u);
    EXPECT_EQ(badges[0].kind, BadgeKind::SharedGpu);
    EXPECT_EQ(badges[0].text, "shared GPU: timings may be disturbed");
    EXPECT_NE(badges[0].detail.find("python3 (pid 4242)"), std::string::npos) << badges[0].detail;
}

TEST(FakeNvml, AMigSliceIsFoundByItsMigUuid) {
    const GpuEnvironment e = look("mig");
    ASSERT_TRUE(e.queried) << e.unavailableReason;
    EXPECT_EQ(e.uuid, "MIG-" + kUuid.substr(4));
    EXPECT_TRUE(e.migEnabled);
    EXPECT_EQ(e.migProfile, "1g.10gb");
    EXPECT_EQ(e.migSmCount, 16);
    EXPECT_EQ(e.smClockMHz, 1980);  // clocks come from the whole GPU
    const auto badges = environmentBadges(e);
    ASSERT_EQ(badges.size(), 1u);
    EXPECT_EQ(badges[0].text, "MIG 1g.10gb: 16 SMs");
}

TEST(FakeNvml, ThrottledAndBelowMaximum) {
    const GpuEnvironment e = look("throttled");
    EXPECT_EQ(e.throttleReasons, 0x44u);
    EXPECT_EQ(e.throttleReasonNames,
              (std::vector<std::string>{"software power cap", "hardware thermal slowdown"}));
    EXPECT_EQ(kinds(e), (std::vector<BadgeKind>{BadgeKind::Throttled, BadgeKind::ClockBelowMax}));
    EXPECT_EQ(environmentBadges(e)[0].text,
              "throttled: software power cap, hardware thermal slowdown");
}

TEST(FakeNvml, AnUnknownDeviceSaysSo) {
    setenv("FAKE_NVML_SCENARIO", "quiet", 1);
    const GpuEnvironment e = snapshotEnvironment("bogus-uuid");
    EXPECT_FALSE(e.queried);
    EXPECT_NE(e.unavailableReason.find("does not know the device bogus-uuid"), std::string::npos)
        << e.unavailableReason;
    EXPECT_EQ(kinds(e), std::vector<BadgeKind>{BadgeKind::StateUnknown});
}

TEST(FakeNvml, TheSamplerSeesTheBusyClockOnly) {
    setenv("FAKE_NVML_SCENARIO", "quiet", 1);
    ClockSampler busy(kUuid);
    std::this_thread::sleep_for(40ms);
    const BusyClocks b = busy.stop();
    EXPECT_GT(b.busySamples, 0);
    EXPECT_EQ(b.busySamples, b.samples);
    EXPECT_EQ(b.smClockMHz, 1980);
    EXPECT_EQ(b.pcieGeneration, 5);

    setenv("FAKE_NVML_SCENARIO", "idle", 1);
    ClockSampler idle(kUuid);
    std::this_thread::sleep_for(40ms);
    const BusyClocks i = idle.stop();
    EXPECT_GT(i.samples, 0);
    EXPECT_EQ(i.busySamples, 0);
    EXPECT_EQ(i.smClockMHz, 0);
}

TEST(FakeNvml, AShortRunSampledOnlyIdleGetsNoClockBadge) {
    // Before: idle; no busy sample; after: idle at 345 MHz.
    GpuEnvironment before = look("idle");
    before.lockWaitMs = 1500;
    before.runsAheadAtStart = 2;
    const GpuEnvironment after = look("idle");
    const GpuEnvironment e = mergeEnvironment(before, BusyClocks{}, after);
    EXPECT_EQ(e.smClockMHz, 345);
    EXPECT_EQ(e.throttleReasons, 0x1u);  // the idle reason stays, so the clock is read as idle
    EXPECT_TRUE(environmentBadges(e).empty());
    EXPECT_EQ(e.lockWaitMs, 1500);
    EXPECT_EQ(e.runsAheadAtStart, 2);
}

TEST(FakeNvml, MergingKeepsEveryProcessAndTheBusyClocks) {
    GpuEnvironment before = look("quiet");
    GpuEnvironment after = look("shared");  // two processes started during the run
    BusyClocks busy;
    busy.samples = busy.busySamples = 10;
    busy.smClockMHz = 1755;
    busy.memClockMHz = 2619;
    busy.reasons = 0x4;
    const GpuEnvironment e = mergeEnvironment(before, busy, after);
    EXPECT_EQ(e.otherPids.size(), 2u);
    EXPECT_EQ(e.gpuUtilizationPercent, 0);  // from before the run
    EXPECT_EQ(e.smClockMHz, 1755);
    EXPECT_EQ(e.throttleReasonNames, std::vector<std::string>{"software power cap"});
    EXPECT_EQ(kinds(e), (std::vector<BadgeKind>{BadgeKind::SharedGpu, BadgeKind::Throttled,
                                                BadgeKind::ClockBelowMax}));
}

}  // namespace
}  // namespace ws::record
