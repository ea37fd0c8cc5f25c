// The lab's tilings against hand-worked cases: grids, the C tile of a block,
// the tiles of a phase (and the printed kernel's A tile that never moves),
// the FP32 peak.
#include "core/matmul/matmul_variants.h"

#include <gtest/gtest.h>

#include "core/catalog/catalog.h"

namespace ws {
namespace {

MatmulTiling tiling(MatmulVariant v, std::uint32_t blockDim = 8) {
    auto t = matmulTiling(v, blockDim);
    EXPECT_TRUE(t.has_value());
    return t.value_or(MatmulTiling{});
}

TEST(MatmulVariants, LadderOrderAndIds) {
    const auto& list = matmulVariants();
    ASSERT_EQ(list.size(), 13u);
    EXPECT_STREQ(list.front().id, "cpu-naive");
    EXPECT_STREQ(list.back().id, "cublas");
    for (const auto& v : list) EXPECT_EQ(parseMatmulVariant(v.id), v.variant) << v.id;
    EXPECT_FALSE(parseMatmulVariant("tensor-cores"));
    // The public A6000 staircase sits on the steps it measured.
    EXPECT_DOUBLE_EQ(matmulVariantInfo(MatmulVariant::Blocktile2d).a6000PercentOfCublas, 68.7);
    EXPECT_LT(matmulVariantInfo(MatmulVariant::WarptileDb).a6000PercentOfCublas, 0);
}

TEST(MatmulVariants, SeedGridTakesRowsOnX) {
    const MatmulTiling t = tiling(MatmulVariant::SeedTiled, 8);
    EXPECT_EQ(matmulGrid(t, 10000), (Dim3{1250, 1250, 1}));
    EXPECT_EQ(t.block, (Dim3{8, 8, 1}));
    EXPECT_EQ(t.sharedBytes, 2u * 8 * 8 * 4);
    // n = 20: grid 3 x 3; block 1 is blockIdx (1, 0): rows 8..15, columns 0..7.
    EXPECT_EQ(blockTileOfC(t, 20, 1), (MatrixRect{8, 0, 8, 8}));
    // The last block (2, 2) holds the 4 x 4 corner.
    EXPECT_EQ(blockTileOfC(t, 20, 8), (MatrixRect{16, 16, 4, 4}));
}

TEST(MatmulVariants, LadderGridTakesColumnsOnX) {
    const MatmulTiling t = tiling(MatmulVariant::Coalesced);
    EXPECT_EQ(matmulGrid(t, 100), (Dim3{4, 4, 1}));
    EXPECT_EQ(blockTileOfC(t, 100, 1), (MatrixRect{0, 32, 32, 32}));
    EXPECT_EQ(blockTileOfC(t, 100, 15), (MatrixRect{96, 96, 4, 4}));
    EXPECT_EQ(phaseCount(t, 31), 31u);  // untiled: one phase per k
}

TEST(MatmulVariants, PhasesWalkAlongKAndStopAtTheEdge) {
    const MatmulTiling t = tiling(MatmulVariant::SharedTiling);
    EXPECT_EQ(phaseCount(t, 100), 4u);
    const PhaseTiles p = phaseTiles(t, 100, 0, 3);
    EXPECT_EQ(p.a, (MatrixRect{0, 96, 32, 4}));
    EXPECT_EQ(p.b, (MatrixRect{96, 0, 4, 32}));
}

TEST(MatmulVariants, ThePrintedKernelsATileNeverMoves) {
    const MatmulTiling t = tiling(MatmulVariant::SeedTiledBug, 8);
    const PhaseTiles p = phaseTiles(t, 20, 4, 2, true);  // block (1, 1), phase 2
    EXPECT_EQ(p.a, (MatrixRect{8, 0, 8, 8}));
    EXPECT_EQ(p.b, (MatrixRect{16, 8, 4, 8}));
}

TEST(MatmulVariants, WarptileConfigurations) {
    EXPECT_TRUE(kWarptileCatalog.valid());
    EXPECT_EQ(kWarptileCatalog.threads(), 256);
    EXPECT_EQ(kWarptileCatalog.lanesM() * kWarptileCatalog.lanesN(), 32);
    const MatmulTiling t = tiling(MatmulVariant::Warptile);
    EXPECT_EQ(phaseCount(t, 4096), 4096u / std::uint32_t(kWarptileCatalog.bk));
    EXPECT_EQ(t.sharedBytes, std::uint32_t(kWarptileCatalog.sharedFloats() * 4));
    WarptileConfig broken = kWarptileCatalog;
    broken.wm = 48;  // 128 rows do not split into 48-row warp tiles
    EXPECT_FALSE(broken.valid());
    EXPECT_EQ(warptileConfigText({128, 128, 8, 64, 32, 8, 8, 2}),
              "128x128x8, warp 64x32, thread 8x8, 256 threads, 2 stages");
}

TEST(MatmulVariants, Fp32PeakFromTheDevice) {
    DeviceInfo h100;
    h100.smCount = 132;
    h100.smClockKHz = 1'980'000;
    h100.ccMajor = 9;
    EXPECT_NEAR(fp32PeakGflops(h100), 132 * 128 * 2 * 1.98, 1e-6);
    EXPECT_EQ(fp32LanesPerSm(8, 0), 64);  // A100
    EXPECT_EQ(fp32LanesPerSm(8, 6), 128);
}

TEST(MatmulCatalog, RefusesCpuSizesThatTakeTooLong) {
    const ExperimentSpec* spec = findExperiment("matmul");
    ASSERT_NE(spec, nullptr);
    EXPECT_TRUE(resolveParams(*spec, std::vector<std::string>{"variant=cpu-naive", "n=1024"}).ok());
    auto slow = resolveParams(*spec, std::vector<std::string>{"variant=cpu-naive", "n=2048"});
    ASSERT_FALSE(slow.ok());
    EXPECT_NE(slow.error().find("n <= 1024"), std::string::npos) << slow.error();
    EXPECT_FALSE(
        resolveParams(*spec, std::vector<std::string>{"variant=cpu-blocked", "n=8192"}).ok());
    EXPECT_TRUE(
        resolveParams(*spec, std::vector<std::string>{"variant=seed-tiled", "n=10000"}).ok());
    EXPECT_FALSE(resolveParams(*spec, std::vector<std::string>{"n=10001"}).ok());
    EXPECT_FALSE(resolveParams(*spec, std::vector<std::string>{"block_dim=12"}).ok());
}

}  // namespace
}  // namespace ws
