// Every GPU variant against the CPU reference over sizes that are no
// multiple of any tile, the printed kernel's bug caught (and reproduced
// exactly), the sweep's configurations, and the seed's 10000 x 10000.
#include <gtest/gtest.h>

#include "core/matmul/matmul_bug.h"
#include "tests/kernels/matmul/matmul_gpu.h"

namespace ws {
namespace {

const char* const kGpuVariants[] = {"seed-naive",   "seed-tiled",   "coalesced",  "shared-tiling",
                                    "blocktile-1d", "blocktile-2d", "vectorized", "warptile",
                                    "warptile-db",  "cublas"};

class MatmulKernels : public ::testing::TestWithParam<std::uint32_t> {};

TEST_P(MatmulKernels, EveryVariantMatchesTheReference) {
    WS_REQUIRE_GPU();
    const std::uint32_t n = GetParam();
    for (const char* variant : kGpuVariants) {
        auto run = test::runVariant(variant, n);
        ASSERT_TRUE(run.ok()) << variant << ": " << run.error();
        EXPECT_TRUE(run->run.verification.passed)
            << variant << " n=" << n << ": " << run->run.verification.note;
        EXPECT_EQ(run->run.figures.at("wrongEntries"), 0) << variant;
        EXPECT_GT(run->run.timing.kernelMs, 0) << variant;
    }
}

INSTANTIATE_TEST_SUITE_P(AwkwardSizes, MatmulKernels, ::testing::Values(1u, 31u, 33u, 127u, 1000u));

TEST(MatmulKernels, SeedKernelsForEveryBlockDim) {
    WS_REQUIRE_GPU();
    for (const char* bd : {"8", "16", "32"})
        for (std::uint32_t n : {5u, 33u, 100u}) {
            for (const char* variant : {"seed-naive", "seed-tiled"}) {
                auto run = test::runVariant(variant, n, bd);
                ASSERT_TRUE(run.ok()) << run.error();
                EXPECT_TRUE(run->run.verification.passed)
                    << variant << " BLOCK_DIM " << bd << " n=" << n;
            }
        }
}

TEST(MatmulKernels, ThePrintedBugIsCaughtAboveOneTile) {
    WS_REQUIRE_GPU();
    // One phase (n <= BLOCK_DIM): `sa += sa` never matters.
    auto small = test::runVariant("seed-tiled-bug", 8, "8");
    ASSERT_TRUE(small.ok()) << small.error();
    EXPECT_TRUE(small->run.verification.passed);
    auto big = test::runVariant("seed-tiled-bug", 100, "8");
    ASSERT_TRUE(big.ok()) << big.error();
    EXPECT_FALSE(big->run.verification.passed);
    EXPECT_GT(big->run.figures.at("wrongEntries"), 0);
    // The GPU computed exactly what the printed code says.
    matmul::MatmulInputs& in = test::matmulInputs(100);
    for (std::uint32_t i : {0u, 7u, 8u, 55u, 99u})
        for (std::uint32_t j : {0u, 31u, 99u})
            EXPECT_EQ(double(in.hostC()[i * 100 + j]),
                      seedTiledBugEntry(in.hostA(), in.hostB(), 100, 8, i, j))
                << i << "," << j;
}

TEST(MatmulKernels, TheSweepsConfigurationsAreRight) {
    WS_REQUIRE_GPU();
    for (const WarptileConfig& c : matmul::warptileSweepConfigs())
        for (std::uint32_t n : {257u, 1000u}) {
            auto run = matmul::runWarptileConfig(c, test::matmulInputs(n), test::matmulOptions(),
                                                 test::matmulDevice());
            ASSERT_TRUE(run.ok()) << warptileConfigText(c) << ": " << run.error();
            EXPECT_TRUE(run->run.verification.passed)
                << warptileConfigText(c) << " n=" << n << ": " << run->run.verification.note;
        }
}

TEST(MatmulKernels, TheSeedsTenThousandOnTheFastVariants) {
    WS_REQUIRE_GPU();
    for (const char* variant : {"seed-tiled", "vectorized", "warptile", "warptile-db", "cublas"}) {
        auto run = test::runVariant(variant, 10000, "8", "0");
        ASSERT_TRUE(run.ok()) << variant << ": " << run.error();
        EXPECT_TRUE(run->run.verification.passed) << variant << ": " << run->run.verification.note;
        EXPECT_GT(run->run.figures.at("checkedEntries"), 4 * 10000);
    }
}

TEST(MatmulKernels, CpuVariantsRunThroughTheLauncher) {
    WS_REQUIRE_GPU();
    for (const char* variant : {"cpu-naive", "cpu-blocked"}) {
        auto run = test::runVariant(variant, 127);
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_TRUE(run->run.verification.passed) << variant;
        EXPECT_TRUE(run->run.launches.empty());
        EXPECT_GE(run->run.timing.cpuThreads, 1);
    }
}

}  // namespace
}  // namespace ws
