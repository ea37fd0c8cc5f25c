// The transposes against the CPU reference, and their records against the
// bank and sector analysis of core/access/bank_conflicts.h.
#include <gtest/gtest.h>

#include "core/access/bank_conflicts.h"
#include "tests/kernels/memory/memory_gpu.h"

namespace ws {
namespace {

using test::deviceLimits;
using test::memorySettingsFor;
using test::quickOptions;

Result<memory::MemoryRun> runU8(int w, int h, const std::string& variant, int traced = 2) {
    return memory::runTransposeU8(
        memorySettingsFor("transpose-u8",
                          {"width=" + std::to_string(w), "height=" + std::to_string(h),
                           "variant=" + variant, "traced_blocks=" + std::to_string(traced)}),
        quickOptions(), deviceLimits());
}

Result<memory::MemoryRun> runF32(int w, int h, const std::string& variant, int rows = 4,
                                 int traced = 2) {
    return memory::runTransposeF32(
        memorySettingsFor(
            "transpose-f32",
            {"width=" + std::to_string(w), "height=" + std::to_string(h), "variant=" + variant,
             "rows_per_thread=" + std::to_string(rows), "traced_blocks=" + std::to_string(traced)}),
        quickOptions(), deviceLimits());
}

TEST(MemoryTransposeU8, EveryVariantMatchesTheReference) {
    WS_REQUIRE_GPU();
    const std::pair<int, int> sizes[] = {{16, 16}, {17, 5}, {1, 1000}, {333, 1}, {1920, 1080}};
    for (const char* variant : {"naive", "shared", "padded"})
        for (auto [w, h] : sizes) {
            auto run = runU8(w, h, variant);
            ASSERT_TRUE(run.ok()) << variant << " " << w << "x" << h << ": " << run.error();
            const ws::Run& r = run->run;
            EXPECT_TRUE(r.verification.passed)
                << variant << " " << w << "x" << h << ": " << r.verification.note;
            ASSERT_EQ(r.launches.size(), 1u);
            test::expectCompleteBlocks(r.launches[0]);
            EXPECT_GT(r.timing.kernelMs, 0);
        }
}

// traced_blocks=0: the recording launches are the build with block records
// alone. Its output must still be the transpose, every block recorded once.
TEST(MemoryTransposeU8, BlockRecordsAloneMatchTheReference) {
    WS_REQUIRE_GPU();
    const std::pair<int, int> sizes[] = {{16, 16}, {17, 5}, {1, 1000}, {333, 1}, {1920, 1080}};
    for (const char* variant : {"naive", "shared", "padded"})
        for (auto [w, h] : sizes) {
            auto run = runU8(w, h, variant, 0);
            ASSERT_TRUE(run.ok()) << variant << " " << w << "x" << h << ": " << run.error();
            EXPECT_TRUE(run->run.verification.passed)
                << variant << " " << w << "x" << h << ": " << run->run.verification.note;
            ASSERT_EQ(run->run.launches.size(), 1u);
            test::expectBlocksOnly(run->run.launches[0]);
            EXPECT_GT(run->run.timing.recordedKernelMs, 0);
        }
}

TEST(MemoryTransposeU8, RecordedColumnReadIsTheSeedTilePattern) {
    WS_REQUIRE_GPU();
    for (auto [variant, pad, passes] :
         {std::tuple{"shared", 0u, 2u}, std::tuple{"padded", 4u, 1u}}) {
        auto run = runU8(64, 64, variant, 1);
        ASSERT_TRUE(run.ok()) << run.error();
        const auto& rec = run->run.launches[0].sharedAccesses;
        const WarpAccess tile = tileColumnAccess(16, 16, 1, pad);
        std::size_t reads = 0;
        for (std::size_t i = 0; i < rec.size(); ++i) {
            if (rec.instruction[i] != 1) continue;  // 0: the row store, 1: the column read
            ++reads;
            const WarpAccess a = test::recordedShared(rec, i);
            EXPECT_EQ(a.activeMask, 0xffffffffu);
            EXPECT_EQ(a.widthBytes, 1u);
            // Warp w holds rows ty = 2w and 2w + 1 of the block: one column further.
            for (int lane = 0; lane < 32; ++lane)
                EXPECT_EQ(a.address[lane], tile.address[lane] + 2 * rec.warp[i])
                    << variant << " warp " << rec.warp[i] << " lane " << lane;
            EXPECT_EQ(analyzeBanks(a).passes, passes) << variant;
        }
        EXPECT_EQ(reads, 8u) << "8 warps of block 0";
    }
}

TEST(MemoryTransposeU8, NaiveWritesTouchMoreSectorsThanReads) {
    WS_REQUIRE_GPU();
    auto run = runU8(1024, 1024, "naive", 1);
    ASSERT_TRUE(run.ok()) << run.error();
    const auto& g = run->run.launches[0].globalAccesses;
    ASSERT_GT(g.size(), 0u);
    for (std::size_t i = 0; i < g.size(); ++i) {
        const auto sectors = countSectors(test::recordedGlobal(g, i), g.activeMask[i], 1);
        if (g.isWrite[i]) {
            EXPECT_EQ(sectors.sectors, 16u) << "16 columns of 2 adjacent bytes";
        } else {
            EXPECT_EQ(sectors.sectors, 2u) << "2 rows of 16 bytes, one sector each";
        }
    }
}

TEST(MemoryTransposeF32, EveryVariantMatchesTheReference) {
    WS_REQUIRE_GPU();
    const std::pair<int, int> sizes[] = {{32, 32},    {33, 31},  {1, 77},     {100, 7},
                                         {1000, 999}, {64, 128}, {2048, 2048}};
    for (const char* variant : {"copy", "naive", "tiled", "padded", "best"})
        for (int rows : {1, 4, 8}) {
            if ((std::string(variant) == "copy" || std::string(variant) == "best") && rows != 4)
                continue;
            for (auto [w, h] : sizes) {
                auto run = runF32(w, h, variant, rows);
                ASSERT_TRUE(run.ok()) << variant << " " << w << "x" << h << ": " << run.error();
                EXPECT_TRUE(run->run.verification.passed)
                    << variant << " rows=" << rows << " " << w << "x" << h << ": "
                    << run->run.verification.note;
                test::expectCompleteBlocks(run->run.launches[0]);
            }
        }
}

TEST(MemoryTransposeF32, BlockRecordsAloneMatchTheReference) {
    WS_REQUIRE_GPU();
    const std::pair<int, int> sizes[] = {{32, 32}, {33, 31}, {1, 77}, {100, 7}, {1000, 999}};
    for (const char* variant : {"copy", "naive", "tiled", "padded", "best"})
        for (int rows : {1, 4, 8}) {
            if ((std::string(variant) == "copy" || std::string(variant) == "best") && rows != 4)
                continue;
            for (auto [w, h] : sizes) {
                auto run = runF32(w, h, variant, rows, 0);
                ASSERT_TRUE(run.ok()) << variant << " " << w << "x" << h << ": " << run.error();
                EXPECT_TRUE(run->run.verification.passed)
                    << variant << " rows=" << rows << " " << w << "x" << h << ": "
                    << run->run.verification.note;
                test::expectBlocksOnly(run->run.launches[0]);
            }
        }
}

TEST(MemoryTransposeF32, RecordedTileReadsAreTheTileColumnPattern) {
    WS_REQUIRE_GPU();
    constexpr int kRows = 4, kStep = 32 / kRows;
    for (auto [variant, pad, passes] :
         {std::tuple{"tiled", 0u, 32u}, std::tuple{"padded", 4u, 1u}}) {
        auto run = runF32(256, 256, variant, kRows);
        ASSERT_TRUE(run.ok()) << run.error();
        const auto& rec = run->run.launches[0].sharedAccesses;
        const WarpAccess column = tileColumnAccess(32, 32, 4, pad);
        std::size_t reads = 0;
        for (std::size_t i = 0; i < rec.size(); ++i) {
            if (rec.instruction[i] < std::uint32_t(kRows)) continue;  // stores come first
            ++reads;
            const std::uint32_t j = rec.instruction[i] - kRows;
            const WarpAccess a = test::recordedShared(rec, i);
            for (int lane = 0; lane < 32; ++lane)
                EXPECT_EQ(a.address[lane], column.address[lane] + (rec.warp[i] + j * kStep) * 4)
                    << variant << " warp " << rec.warp[i] << " read " << j << " lane " << lane;
            EXPECT_EQ(analyzeBanks(a).passes, passes) << variant;
            EXPECT_GT(rec.cycles[i], 0);
        }
        EXPECT_GT(reads, 0u);
    }
}

TEST(MemoryTransposeF32, BestIsConflictFreeAndMovesWholeSectors) {
    WS_REQUIRE_GPU();
    auto run = runF32(512, 512, "best");
    ASSERT_TRUE(run.ok()) << run.error();
    const Launch& l = run->run.launches[0];
    ASSERT_GT(l.sharedAccesses.size(), 0u);
    for (std::size_t i = 0; i < l.sharedAccesses.size(); ++i)
        EXPECT_EQ(analyzeBanks(test::recordedShared(l.sharedAccesses, i)).passes, 1u)
            << "instruction " << l.sharedAccesses.instruction[i];
    for (std::size_t i = 0; i < l.globalAccesses.size(); ++i) {
        const auto s = countSectors(test::recordedGlobal(l.globalAccesses, i),
                                    l.globalAccesses.activeMask[i], 16);
        EXPECT_EQ(s.sectors, s.idealSectors);
    }
}

TEST(MemoryTransposeF32, RefusesWhatDoesNotFit) {
    WS_REQUIRE_GPU();
    DeviceInfo tiny = deviceLimits();
    tiny.maxThreadsPerBlock = 256;
    auto run = memory::runTransposeF32(
        memorySettingsFor("transpose-f32", {"variant=tiled", "rows_per_thread=1"}), quickOptions(),
        tiny);
    ASSERT_FALSE(run.ok());
    EXPECT_NE(run.error().find("threads per block"), std::string::npos) << run.error();
}

}  // namespace
}  // namespace ws
