// The statistics of one launch against block records made by hand, where
// every figure can be worked out on paper.
#include "core/figures/launch_statistics.h"

#include <gtest/gtest.h>

#include "core/run/synthetic_run.h"

namespace ws {
namespace {

DeviceInfo h100Limits() { return syntheticDevice(132); }

// Blocks of 256 threads (8 warps): (sm, start, end) in ns.
Launch handMade(
    const std::vector<std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>>& blocks) {
    Launch l;
    l.block = {256, 1, 1};
    l.grid = {std::uint32_t(blocks.size()), 1, 1};
    l.blocks.resize(blocks.size());
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        l.blocks.block[i] = std::uint32_t(i);
        std::tie(l.blocks.sm[i], l.blocks.startNs[i], l.blocks.endNs[i]) = blocks[i];
    }
    return l;
}

TEST(LaunchStatistics, PerSmBlocksBusyTimeSpanAndTail) {
    // SM 0: two overlapping blocks 0-100 and 50-150 (busy 150 ns);
    // SM 3: one block 200-300 and one 400-1000 (busy 700 ns, idle between).
    const Launch l = handMade({{0, 0, 100}, {0, 50, 150}, {3, 200, 300}, {3, 400, 1000}});
    const LaunchStatistics s = launchStatistics(l, h100Limits(), 6);
    EXPECT_DOUBLE_EQ(s.spanNs, 1000);
    EXPECT_DOUBLE_EQ(s.tailNs, 600);  // the last start is at 400
    ASSERT_EQ(s.sms.size(), 2u);
    EXPECT_EQ(s.sms[0].sm, 0u);
    EXPECT_EQ(s.sms[0].blocks, 2u);
    EXPECT_DOUBLE_EQ(s.sms[0].busyNs, 150);
    EXPECT_EQ(s.sms[1].sm, 3u);
    EXPECT_EQ(s.sms[1].blocks, 2u);
    EXPECT_DOUBLE_EQ(s.sms[1].busyNs, 700);
    // Warps resident: 8 per block, over 100+100+100+600 = 900 block-ns, on 2
    // SMs of 64 warps each over 1000 ns.
    EXPECT_NEAR(s.achievedOccupancy, 8.0 * 900 / (1000.0 * 2 * 64), 1e-12);
}

TEST(LaunchStatistics, DurationHistogramKeepsEachBlockInItsBin) {
    // Durations 100, 100, 100, 600: six bins of (600-100)/6 ns from 100.
    const Launch l = handMade({{0, 0, 100}, {0, 50, 150}, {3, 200, 300}, {3, 400, 1000}});
    const DurationHistogram h = launchStatistics(l, h100Limits(), 6).durations;
    EXPECT_DOUBLE_EQ(h.firstNs, 100);
    EXPECT_NEAR(h.binNs, 500.0 / 6, 1e-9);
    ASSERT_EQ(h.counts.size(), 6u);
    EXPECT_EQ(h.counts[0], 3u);
    EXPECT_EQ(h.counts[5], 1u);
    for (int i = 1; i < 5; ++i) EXPECT_EQ(h.counts[std::size_t(i)], 0u);
    EXPECT_EQ(h.records[0], (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_EQ(h.records[5], (std::vector<std::uint32_t>{3}));
}

TEST(LaunchStatistics, TheoreticalOccupancyFromTheDeviceLimits) {
    const Launch l = handMade({{0, 0, 100}});
    const LaunchStatistics s = launchStatistics(l, h100Limits());
    // 256 threads: 8 blocks fill the SM's 2048 threads (the 32-block limit
    // is not reached), so every warp slot can be used.
    ASSERT_TRUE(s.theoreticalOccupancy);
    EXPECT_DOUBLE_EQ(*s.theoreticalOccupancy, 1.0);
    EXPECT_EQ(s.theoreticalBlocksPerSm, 8u);
    EXPECT_EQ(s.theoreticalLimit, "threads per SM");
}

// The kernel's registers and static shared memory, where its cubin gave
// them: the warp tiles' 128 registers a thread allow 2 blocks of 256 threads.
TEST(LaunchStatistics, TheKernelsRegistersAndStaticSharedMemoryCount) {
    Launch l = handMade({{0, 0, 100}});
    l.sharedBytes = 33280;
    const LaunchStatistics withoutThem = launchStatistics(l, h100Limits());
    EXPECT_EQ(withoutThem.theoreticalLimit, "shared memory per SM");
    EXPECT_EQ(withoutThem.theoreticalRegisters, 0u);
    const LaunchStatistics s = launchStatistics(l, h100Limits(), 20, {128, 0});
    ASSERT_TRUE(s.theoreticalOccupancy);
    EXPECT_DOUBLE_EQ(*s.theoreticalOccupancy, 0.25);
    EXPECT_EQ(s.theoreticalBlocksPerSm, 2u);
    EXPECT_EQ(s.theoreticalLimit, "registers per SM");
    EXPECT_EQ(s.theoreticalRegisters, 128u);
    // Static shared memory adds to the launch's: 100 KiB more leaves 1 block.
    const LaunchStatistics shared = launchStatistics(l, h100Limits(), 20, {32, 100 * 1024});
    EXPECT_EQ(shared.theoreticalBlocksPerSm, 1u);
    EXPECT_EQ(shared.theoreticalLimit, "shared memory per SM");
}

TEST(LaunchStatistics, NoRecordsGiveNothingRatherThanNonsense) {
    const LaunchStatistics s = launchStatistics(handMade({}), h100Limits());
    EXPECT_TRUE(s.sms.empty());
    EXPECT_EQ(s.spanNs, 0);
    EXPECT_EQ(s.achievedOccupancy, 0);
    EXPECT_TRUE(s.durations.counts.empty());
}

}  // namespace
}  // namespace ws
