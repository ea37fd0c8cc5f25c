// The load model against hand-worked counts, and the modelled shared reads
// against the bank conflicts each ladder step is known for.
#include "core/matmul/matmul_traffic.h"

#include <gtest/gtest.h>

#include "core/access/bank_conflicts.h"

namespace ws {
namespace {

TEST(MatmulTraffic, SeedNaiveReadsAColumnOfA) {
    // BLOCK_DIM 32, one k-step: 32 warps; a warp's lanes are 32 rows (32
    // sectors of A) sharing one column of B (1 sector). 2048 FLOP.
    const MatmulTraffic t = matmulTraffic(MatmulVariant::SeedNaive, 32, 1024);
    EXPECT_EQ(t.flops, 2048);
    EXPECT_EQ(t.loadedFloats, 2048);
    EXPECT_EQ(t.floatsPerFlop(), 1);
    EXPECT_EQ(t.sectors, 32 * 33);
    EXPECT_DOUBLE_EQ(t.sectorBytesPerFlop(), 16.5);
}

TEST(MatmulTraffic, CoalescedReadsARowOfB) {
    // One sector of A (a broadcast) and four of B per warp, 32 warps.
    const MatmulTraffic t = matmulTraffic(MatmulVariant::Coalesced, 8, 1024);
    EXPECT_EQ(t.sectors, 32 * 5);
    EXPECT_DOUBLE_EQ(t.sectorBytesPerFlop(), 2.5);
    EXPECT_DOUBLE_EQ(t.intensity(), 0.25);
}

TEST(MatmulTraffic, TilesLoadEachElementOncePerBlock) {
    // 32 x 32 tiles: 2048 floats for 65536 FLOP; each warp's row is 4 sectors.
    const MatmulTraffic shared = matmulTraffic(MatmulVariant::SharedTiling, 8, 1024);
    EXPECT_EQ(shared.flops, 65536);
    EXPECT_EQ(shared.loadedFloats, 2048);
    EXPECT_EQ(shared.sectors, 256);
    EXPECT_DOUBLE_EQ(shared.intensity(), 8);
    // The seed's 8 x 8 tiles: a warp reads 4 floats (16 bytes) from each of 8
    // rows: 8 sectors, half used; 1024 FLOP per phase.
    const MatmulTraffic seed = matmulTraffic(MatmulVariant::SeedTiled, 8, 1024);
    EXPECT_EQ(seed.flops, 1024);
    EXPECT_EQ(seed.loadedFloats, 128);
    EXPECT_EQ(seed.sectors, 32);
    EXPECT_DOUBLE_EQ(seed.sectorBytesPerFlop(), 1.0);
}

TEST(MatmulTraffic, WarpTilesUseEverySector) {
    const WarptileConfig c{128, 128, 16, 64, 32, 8, 8, 1};
    const MatmulTraffic t = warptileTraffic(c, 4096);
    EXPECT_EQ(t.flops, 2.0 * 128 * 128 * 16);
    EXPECT_EQ(t.loadedFloats, 4096);
    EXPECT_DOUBLE_EQ(t.intensity(), 32);
    EXPECT_EQ(t.sectors, 512);  // 16 KB in 32-byte sectors, nothing wasted
    // Rows not 16-byte aligned: element loads, same floats.
    EXPECT_EQ(warptileTraffic(c, 4095).loadedFloats, 4096);
    EXPECT_GT(warptileTraffic(c, 4095).sectors, 512);
}

TEST(MatmulTraffic, CpuAndCublasHaveNoModel) {
    EXPECT_EQ(matmulTraffic(MatmulVariant::Cublas, 8, 1024).flops, 0);
    EXPECT_EQ(matmulTraffic(MatmulVariant::CpuBlocked, 8, 1024).intensity(), 0);
}

BankAnalysis banks(const std::vector<MatmulSharedRead>& reads, std::size_t i) {
    EXPECT_LT(i, reads.size());
    return analyzeBanks(reads.at(i).access);
}

TEST(MatmulSharedReads, SeedTileColumnsShareABank) {
    // BLOCK_DIM 32: blockA[threadIdx.x][l] puts the 32 lanes 32 words apart:
    // one bank, 32 passes; blockB[l][threadIdx.y] is one word: a broadcast.
    const auto r32 = matmulSharedReads(MatmulVariant::SeedTiled, 32, 0, 2, 32);
    ASSERT_EQ(r32.size(), 4u);
    EXPECT_EQ(banks(r32, 0).passes, 32u);
    EXPECT_EQ(banks(r32, 1).passes, 1u);
    EXPECT_EQ(r32[1].access.address[0], 4u * 32 * 32);  // B's tile follows A's
    // BLOCK_DIM 8: rows tx and tx + 4 share a bank: 2 passes.
    EXPECT_EQ(banks(matmulSharedReads(MatmulVariant::SeedTiled, 8, 0, 2, 8), 0).passes, 2u);
    // The seed's loop stops at the matrix's edge: n = 1, one k-step.
    EXPECT_EQ(matmulSharedReads(MatmulVariant::SeedTiled, 8, 0, 2, 1).size(), 2u);
}

TEST(MatmulSharedReads, LadderStepsRemoveConflicts) {
    const auto shared = matmulSharedReads(MatmulVariant::SharedTiling, 8, 0, 1, 32);
    EXPECT_EQ(banks(shared, 0).passes, 1u);  // As: one word for the warp
    EXPECT_EQ(banks(shared, 1).passes, 1u);  // Bs: 32 consecutive words
    // 2D blocktile: regM reads two words 64 apart (2 passes); regN 16 words 8
    // apart, four to a bank (4 passes).
    const auto bt = matmulSharedReads(MatmulVariant::Blocktile2d, 8, 0, 1, 8);
    ASSERT_EQ(bt.size(), 16u);
    EXPECT_EQ(banks(bt, 0).passes, 2u);
    EXPECT_EQ(banks(bt, 8).passes, 4u);
    // Vectorized: float4 of Bs 32 bytes apart, 2 to a bank in each quarter-warp.
    const auto vec = matmulSharedReads(MatmulVariant::Vectorized, 8, 0, 1, 8);
    ASSERT_EQ(vec.size(), 4u);
    const BankAnalysis vb = banks(vec, 2);
    EXPECT_GT(vb.passes, vb.idealPasses);
    // Warp tiles: 8 consecutive float4 of As per quarter-warp, one float4 of Bs
    // shared by its 8 lanes: no pass beyond the ideal.
    const auto wt = warptileSharedReads(kWarptileCatalog, 0, 1);
    ASSERT_EQ(wt.size(), 4u);
    for (std::size_t i = 0; i < wt.size(); ++i)
        EXPECT_EQ(banks(wt, i).passes, banks(wt, i).idealPasses) << wt[i].what;
}

TEST(MatmulSharedReads, WarptileOffsetsByHand) {
    // Warp 3 of 128x128 with 64x32 warp tiles: warpRow 0, warpCol 3. Lane 9:
    // laneM 1, laneN 1. k = 1: As row pitch 132 floats; Bs after both A stages.
    const WarptileConfig c{128, 128, 8, 64, 32, 8, 8, 2};
    const auto reads = warptileSharedReads(c, 3, 2);
    ASSERT_EQ(reads.size(), 8u);
    EXPECT_EQ(reads[4].access.address[9], 4u * (1 * 132 + 0 + 1 * 4));
    EXPECT_EQ(reads[5].access.address[9], 4u * (1 * 132 + 32 + 1 * 4));
    const std::uint32_t bBase = 2 * 8 * 132;
    EXPECT_EQ(reads[6].access.address[9], 4u * (bBase + 128 + 3 * 32 + 4));
    EXPECT_EQ(reads[7].access.address[9], 4u * (bBase + 128 + 3 * 32 + 16 + 4));
}

}  // namespace
}  // namespace ws
