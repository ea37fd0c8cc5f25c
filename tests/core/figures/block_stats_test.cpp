#include "core/figures/block_stats.h"

#include <gtest/gtest.h>

#include "core/device/occupancy.h"
#include "core/run/synthetic_run.h"
#include "tests/core/support/hand_block_records.h"

namespace ws {
namespace {

BlockRecords records(
    std::initializer_list<std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>> list) {
    return handBlockRecords(list);
}

TEST(BlockStats, DurationsSmsAndSpan) {
    const auto b = records({{0, 100, 110}, {0, 105, 145}, {2, 100, 120}, {2, 130, 160}});
    const auto s = blockStats(b);
    EXPECT_EQ(s.duration.count, 4u);
    EXPECT_EQ(s.duration.minNs, 10u);
    EXPECT_EQ(s.duration.maxNs, 40u);
    EXPECT_DOUBLE_EQ(s.duration.meanNs, 25.0);
    EXPECT_DOUBLE_EQ(s.duration.medianNs, 25.0);  // (20 + 30) / 2
    EXPECT_EQ(s.blocksPerSm, (std::vector<std::uint32_t>{2, 0, 2}));
    EXPECT_EQ(s.firstStartNs, 100u);
    EXPECT_EQ(s.lastEndNs, 160u);
    EXPECT_EQ(s.spanNs, 60u);
    EXPECT_DOUBLE_EQ(blockStats(records({{0, 0, 1}, {0, 0, 9}, {0, 0, 5}})).duration.medianNs, 5.0);
    EXPECT_EQ(blockStats(BlockRecords{}).duration.count, 0u);
}

TEST(BlockStats, WavesFollowResidencySlots) {
    // One SM with two slots: blocks 0,1 first, then 2,3, then 4.
    const auto b = records({{0, 0, 10}, {0, 1, 12}, {0, 10, 20}, {0, 12, 22}, {0, 20, 25}});
    const auto w = assignWaves(b);
    EXPECT_EQ(w.wave, (std::vector<std::uint32_t>{0, 0, 1, 1, 2}));
    ASSERT_EQ(w.waves.size(), 3u);
    EXPECT_EQ(w.waves[1].blocks, 2u);
    EXPECT_EQ(w.waves[1].firstStartNs, 10u);
    EXPECT_EQ(w.waves[1].lastEndNs, 22u);
}

TEST(BlockStats, SyntheticWavesMatchTheGridOverResidentSlots) {
    // 4 SMs x 8 slots = 32 blocks per wave; 320 blocks give about 10 waves.
    const ws::Run run = makeSyntheticRun(320, 4, 5);
    const auto w = assignWaves(run.launches[0].blocks);
    EXPECT_GE(w.waves.size(), 9u);
    EXPECT_LE(w.waves.size(), 12u);
    EXPECT_EQ(w.waves[0].blocks, 32u);
}

TEST(BlockStats, ResidentBlocksStepFunction) {
    const auto b = records({{0, 0, 10}, {0, 5, 10}, {1, 0, 100}, {0, 10, 15}});
    const std::vector<ResidencyPoint> expected = {{0, 1}, {5, 2}, {10, 1}, {15, 0}};
    EXPECT_EQ(residentOverTime(b, 0), expected);
    EXPECT_EQ(residentOverTime(b, 1), (std::vector<ResidencyPoint>{{0, 1}, {100, 0}}));
    EXPECT_TRUE(residentOverTime(b, 7).empty());
}

DeviceInfo h100() { return makeSyntheticRun(1, 132, 1).device; }

TEST(Occupancy, ThreadsLimitLargeBlocks) {
    auto o = predictOccupancy(h100(), {.threadsPerBlock = 1024});
    ASSERT_TRUE(o) << o.error();
    EXPECT_EQ(o->blocksPerSm, 2u);
    EXPECT_EQ(o->limitedBy, OccupancyLimit::Threads);
    EXPECT_DOUBLE_EQ(o->occupancy, 1.0);
    EXPECT_EQ(occupancyLimitName(o->limitedBy), "threads per SM");
}

TEST(Occupancy, BlockLimitForTinyBlocks) {
    auto o = predictOccupancy(h100(), {.threadsPerBlock = 32});
    ASSERT_TRUE(o);
    EXPECT_EQ(o->blocksPerSm, 32u);
    EXPECT_EQ(o->limitedBy, OccupancyLimit::Blocks);
    EXPECT_DOUBLE_EQ(o->occupancy, 0.5);
}

TEST(Occupancy, SharedMemoryAndRegisters) {
    // 228 KiB per SM / (48 KiB + 1 KiB reserved) = 4 blocks.
    auto s = predictOccupancy(h100(), {.threadsPerBlock = 128, .sharedBytesPerBlock = 48 * 1024});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->blocksPerSm, 4u);
    EXPECT_EQ(s->limitedBy, OccupancyLimit::SharedMemory);
    // 128 registers: 4096 per warp, 16 warps per SM, 2 blocks of 8 warps.
    auto r = predictOccupancy(h100(), {.threadsPerBlock = 256, .registersPerThread = 128});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->byRegisters, 2u);
    EXPECT_EQ(r->limitedBy, OccupancyLimit::Registers);
    // 33 registers round up to 40 per thread: 1280 per warp, from each of
    // the four 16,384-register sub-partitions 12 warps, 48 in all (the whole
    // file's 51 would overcount, as cuda_occupancy.h knows): 24 blocks of 2.
    auto q = predictOccupancy(h100(), {.threadsPerBlock = 64, .registersPerThread = 33});
    ASSERT_TRUE(q);
    EXPECT_EQ(q->byRegisters, 24u);
}

TEST(Occupancy, ImpossibleBlocksAreErrors) {
    auto big = predictOccupancy(h100(), {.threadsPerBlock = 2048});
    ASSERT_FALSE(big);
    EXPECT_NE(big.error().find("1024"), std::string::npos);
    auto shared = predictOccupancy(h100(), {.threadsPerBlock = 64, .sharedBytesPerBlock = 1 << 20});
    ASSERT_FALSE(shared);
    EXPECT_NE(shared.error().find("shared memory"), std::string::npos);
    EXPECT_FALSE(predictOccupancy(DeviceInfo{}, {.threadsPerBlock = 64}));
}

}  // namespace
}  // namespace ws
