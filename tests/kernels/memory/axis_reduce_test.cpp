// The axis reductions of seed 001 against exact CPU sums, and the coalescing
// their records show.
#include <gtest/gtest.h>

#include "core/access/bank_conflicts.h"
#include "tests/kernels/memory/memory_gpu.h"

namespace ws {
namespace {

Result<memory::MemoryRun> runReduce(const std::string& id, int w, int h, int block,
                                    int traced = 2) {
    return memory::runAxisReduce(
        test::memorySettingsFor(
            id, {"width=" + std::to_string(w), "height=" + std::to_string(h),
                 "block=" + std::to_string(block), "traced_blocks=" + std::to_string(traced)}),
        test::quickOptions(), test::deviceLimits());
}

TEST(MemoryAxisReduce, EveryKernelMatchesTheExactSums) {
    WS_REQUIRE_GPU();
    const std::pair<int, int> sizes[] = {{1, 1}, {129, 3}, {1000, 1000}, {4096, 17}, {5, 3000}};
    for (const char* id : {"reduce-columns", "reduce-rows-atomic", "reduce-rows-block"})
        for (int block : {64, 256, 1024})
            for (auto [w, h] : sizes) {
                auto run = runReduce(id, w, h, block);
                ASSERT_TRUE(run.ok()) << id << ": " << run.error();
                const Verification& v = run->run.verification;
                EXPECT_TRUE(v.passed)
                    << id << " block=" << block << " " << w << "x" << h << ": " << v.note;
                EXPECT_EQ(v.tolerance, 0.0) << "integer sums below 2^24 are exact";
                test::expectCompleteBlocks(run->run.launches[0]);
            }
}

// traced_blocks=0 launches the build with block records alone.
TEST(MemoryAxisReduce, BlockRecordsAloneMatchTheExactSums) {
    WS_REQUIRE_GPU();
    const std::pair<int, int> sizes[] = {{1, 1}, {129, 3}, {1000, 1000}, {5, 3000}};
    for (const char* id : {"reduce-columns", "reduce-rows-atomic", "reduce-rows-block"})
        for (int block : {64, 1024})
            for (auto [w, h] : sizes) {
                auto run = runReduce(id, w, h, block, 0);
                ASSERT_TRUE(run.ok()) << id << ": " << run.error();
                EXPECT_TRUE(run->run.verification.passed)
                    << id << " block=" << block << " " << w << "x" << h << ": "
                    << run->run.verification.note;
                test::expectBlocksOnly(run->run.launches[0]);
            }
}

TEST(MemoryAxisReduce, ColumnReadsAreCoalescedRowChunksAreNot) {
    WS_REQUIRE_GPU();
    auto columns = runReduce("reduce-columns", 4096, 64, 256);
    ASSERT_TRUE(columns.ok()) << columns.error();
    const auto& c = columns->run.launches[0].globalAccesses;
    ASSERT_GT(c.size(), 0u);
    for (std::size_t i = 0; i < c.size(); ++i)
        if (!c.isWrite[i]) {
            EXPECT_EQ(countSectors(test::recordedGlobal(c, i), c.activeMask[i], 1).sectors, 1u);
        }

    auto rows = runReduce("reduce-rows-atomic", 4096, 4096, 256);
    ASSERT_TRUE(rows.ok()) << rows.error();
    const auto& r = rows->run.launches[0].globalAccesses;
    ASSERT_GT(r.size(), 0u);
    for (std::size_t i = 0; i < r.size(); ++i)
        if (!r.isWrite[i]) {
            EXPECT_EQ(countSectors(test::recordedGlobal(r, i), r.activeMask[i], 1).sectors, 32u);
        }
}

TEST(MemoryAxisReduce, BlockTreeReadsConsecutiveWords) {
    WS_REQUIRE_GPU();
    auto run = runReduce("reduce-rows-block", 4096, 8, 512);
    ASSERT_TRUE(run.ok()) << run.error();
    const auto& s = run->run.launches[0].sharedAccesses;
    ASSERT_GT(s.size(), 0u);
    for (std::size_t i = 0; i < s.size(); ++i)
        EXPECT_EQ(analyzeBanks(test::recordedShared(s, i)).passes, 1u);
}

TEST(MemoryAxisReduce, RefusesABlockTheDeviceCannotRun) {
    WS_REQUIRE_GPU();
    DeviceInfo small = test::deviceLimits();
    small.maxThreadsPerBlock = 128;
    auto run = memory::runAxisReduce(test::memorySettingsFor("reduce-columns", {"block=256"}),
                                     test::quickOptions(), small);
    ASSERT_FALSE(run.ok());
    EXPECT_NE(run.error().find("block=256"), std::string::npos) << run.error();
}

}  // namespace
}  // namespace ws
