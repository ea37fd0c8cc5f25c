// Blocks per SM on an H100 as the CUDA occupancy calculator gives them
// (registers per warp in 256s, taken from one of four sub-partitions; 1 KiB
// of shared memory reserved per block; 2048 threads, 32 blocks, 228 KiB per
// SM), the limit that binds named; and blocks measured from block records.
#include "core/memkinds/occupancy_model.h"

#include <gtest/gtest.h>

#include <array>

namespace ws::memkinds {
namespace {

DeviceInfo h100() {
    DeviceInfo d;
    d.ccMajor = 9;
    d.regsPerSm = 65536;
    d.maxThreadsPerSm = 2048;
    d.maxBlocksPerSm = 32;
    d.sharedMemPerSm = 233472;
    return d;
}

void expectBlocks(std::uint32_t regs, std::uint32_t threads, std::uint32_t shared,
                  std::uint32_t blocks, const char* limitedBy) {
    const OccupancyLimits o = predictOccupancy(h100(), regs, threads, shared);
    EXPECT_EQ(o.blocks, blocks) << regs << " registers, " << threads << " threads, " << shared
                                << " B shared";
    EXPECT_EQ(o.limitedBy, limitedBy) << regs << " registers, " << threads << " threads";
}

TEST(OccupancyModel, CalculatorValuesOnH100) {
    expectBlocks(32, 256, 0, 8, "threads");  // 2048 threads and 65536 registers both full
    expectBlocks(64, 256, 0, 4, "registers");
    expectBlocks(128, 256, 0, 2, "registers");
    expectBlocks(255, 256, 0, 1, "registers");
    expectBlocks(32, 1024, 0, 2, "threads");
    expectBlocks(32, 256, 100 * 1024, 2, "shared memory");
    expectBlocks(32, 256, 48 * 1024, 4, "shared memory");  // 49 KiB each: 4 fit in 228 KiB
    expectBlocks(16, 32, 0, 32, "block slots");
    expectBlocks(40, 256, 0, 6, "registers");
    // 40 registers: 1280 per warp, 12 warps per sub-partition, 48 per SM.
    expectBlocks(40, 96, 0, 16, "registers");
}

TEST(OccupancyModel, EachLimitAlone) {
    const OccupancyLimits o = predictOccupancy(h100(), 64, 256, 10 * 1024);
    EXPECT_EQ(o.byRegisters, 4u);
    EXPECT_EQ(o.byThreads, 8u);
    EXPECT_EQ(o.bySharedMemory, 20u);  // 233472 / (10240 + 1024)
    EXPECT_EQ(o.byBlockSlots, 32u);
    EXPECT_EQ(o.blocks, 4u);
}

TEST(OccupancyModel, RoundingRules) {
    // No registers reported counts as one: 256 per warp.
    EXPECT_EQ(predictOccupancy(h100(), 0, 1024, 0).byRegisters, 8u);
    // 100 threads take four whole warps.
    EXPECT_EQ(predictOccupancy(h100(), 32, 100, 0).byThreads, 16u);
    // Shared memory in 128-byte units: 1 byte takes 1024 + 128.
    EXPECT_EQ(predictOccupancy(h100(), 32, 32, 1).bySharedMemory, 233472u / 1152u);
    // Before 8.0: no reserved kilobyte, 256-byte units.
    DeviceInfo volta = h100();
    volta.ccMajor = 7;
    volta.sharedMemPerSm = 98304;
    EXPECT_EQ(predictOccupancy(volta, 32, 32, 1).bySharedMemory, 98304u / 256u);
    EXPECT_EQ(predictOccupancy(h100(), 256, 32, 0).blocks, 0u);  // beyond 255 registers
    EXPECT_EQ(predictOccupancy(h100(), 32, 0, 0).blocks, 0u);
}

BlockRecords records(std::initializer_list<std::array<std::uint64_t, 3>> rows) {
    BlockRecords b;
    std::uint32_t i = 0;
    for (const auto& r : rows) {
        b.block.push_back(i++);
        b.sm.push_back(std::uint32_t(r[0]));
        b.startNs.push_back(r[1]);
        b.endNs.push_back(r[2]);
        b.startClock.push_back(0);
        b.endClock.push_back(0);
    }
    return b;
}

TEST(OccupancyModel, OverlapsShorterThanTheMarginDoNotCount) {
    // Two blocks held 50 us together, and a third that replaced one of them
    // 300 ns before thread 0's end reading: three with no margin, two with one.
    const auto b = records({{0, 0, 50000}, {0, 100, 50100}, {0, 49800, 99800}});
    EXPECT_EQ(measuredBlocksPerSm(b), 3u);
    EXPECT_EQ(measuredBlocksPerSm(b, 5000), 2u);
    // A block shorter than the margin counts with nobody.
    EXPECT_EQ(measuredBlocksPerSm(records({{0, 0, 1000}, {0, 500, 900}}), 5000), 0u);
}

TEST(OccupancyModel, MeasuredBlocksPerSm) {
    EXPECT_EQ(measuredBlocksPerSm({}), 0u);
    EXPECT_EQ(measuredBlocksPerSm(records({{0, 100, 200}})), 1u);
    // Three overlap on SM 0; SM 1's two do not overlap each other.
    EXPECT_EQ(measuredBlocksPerSm(records(
                  {{0, 100, 300}, {0, 150, 250}, {0, 200, 400}, {1, 100, 200}, {1, 300, 400}})),
              3u);
    // A block starting as another ends takes its place: one at a time.
    EXPECT_EQ(measuredBlocksPerSm(records({{0, 100, 200}, {0, 200, 300}, {0, 300, 400}})), 1u);
    // Overlaps on different SMs do not add up.
    EXPECT_EQ(measuredBlocksPerSm(records({{0, 100, 200}, {1, 100, 200}, {2, 100, 200}})), 1u);
    // Two waves of four blocks on one SM.
    EXPECT_EQ(measuredBlocksPerSm(records({{5, 0, 10},
                                           {5, 1, 11},
                                           {5, 2, 10},
                                           {5, 0, 12},
                                           {5, 10, 20},
                                           {5, 11, 20},
                                           {5, 12, 22},
                                           {5, 10, 21}})),
              4u);
}

}  // namespace
}  // namespace ws::memkinds
