// The recording build of every matrix multiply kernel runs as many blocks
// per SM as the plain build: a recording build that needs more registers
// (an unrolled replay of the traced reads took blocktile-1d from 53 to 94)
// halves the blocks on each SM, and its timeline shows a slower kernel than
// the one that was timed.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "tests/kernels/matmul/matmul_gpu.h"

namespace ws {
namespace {

int blocksPerSm(matmul::MatmulKernel kernel, const MatmulTiling& t, std::uint32_t dynamicShared) {
    int blocks = 0;
    const int threads = int(t.block.x * t.block.y * t.block.z);
    EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                  &blocks, reinterpret_cast<const void*>(kernel), threads, dynamicShared),
              cudaSuccess);
    return blocks;
}

void expectSameOccupancy(const Result<matmul::KernelPair>& pair, const MatmulTiling& t) {
    ASSERT_TRUE(pair.ok()) << pair.error();
    SCOPED_TRACE(pair->name);
    const int plain = blocksPerSm(pair->plain, t, pair->dynamicShared);
    EXPECT_GT(plain, 0);
    EXPECT_EQ(blocksPerSm(pair->recorded, t, pair->dynamicShared), plain);
    cudaFuncAttributes p{}, r{};
    ASSERT_EQ(cudaFuncGetAttributes(&p, reinterpret_cast<const void*>(pair->plain)), cudaSuccess);
    ASSERT_EQ(cudaFuncGetAttributes(&r, reinterpret_cast<const void*>(pair->recorded)),
              cudaSuccess);
    EXPECT_EQ(r.localSizeBytes, p.localSizeBytes) << "the recording build spills";
    ::testing::Test::RecordProperty(
        pair->name + " registers",
        std::to_string(p.numRegs) + " plain, " + std::to_string(r.numRegs) + " recording");
}

TEST(MatmulOccupancy, RecordingBuildsRunAsManyBlocksPerSmAsPlainOnes) {
    WS_REQUIRE_GPU();
    using V = MatmulVariant;
    for (V v : {V::Coalesced, V::SharedTiling, V::Blocktile1d, V::Blocktile2d, V::Vectorized})
        expectSameOccupancy(matmul::ladderKernels(v), *matmulTiling(v, 8));
    for (V v : {V::SeedNaive, V::SeedTiled, V::SeedTiledBug})
        for (std::uint32_t blockDim : {8u, 16u, 32u})
            expectSameOccupancy(matmul::seedKernels(v, blockDim), *matmulTiling(v, blockDim));
    for (const WarptileConfig& c : {kWarptileCatalog, kWarptileDbCatalog})
        expectSameOccupancy(matmul::warptileKernels(c), warptileTiling(c));
}

}  // namespace
}  // namespace ws
