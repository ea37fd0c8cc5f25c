// The recursive reduction's block tree (kernels/concurrency/dynamic/dp_block_tree.cuh)
// compiled whole-program, without device-side launches, so that
// compute-sanitizer's racecheck can analyse it (scripts/gpu/concurrency.sh
// runs this binary under racecheck); each block's sum against the CPU.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "kernels/concurrency/dynamic/dp_block_tree.cuh"
#include "kernels/runner/experiment_runner.h"

namespace {

__global__ void oneLevel(const std::uint32_t* src, std::uint32_t* dst, std::uint64_t count) {
    extern __shared__ std::uint32_t partial[];
    const std::uint32_t sum = ws::dp::blockTreeSum(partial, src, count);
    if (threadIdx.x == 0) dst[blockIdx.x] = sum;
}

TEST(DpBlockTree, EveryBlockSumsItsPartialsAsTheCpuDoes) {
    if (const std::string reason = ws::cudaUnavailableReason(); !reason.empty())
        GTEST_SKIP() << reason;
    for (unsigned block : {32u, 64u, 256u, 1024u}) {
        const std::uint64_t n = 5003;  // no multiple of any block: the last block is partial
        std::vector<std::uint32_t> src(n);
        for (std::uint64_t i = 0; i < n; ++i) src[i] = std::uint32_t(i * 2654435761u >> 7);
        const auto blocks = unsigned((n + block - 1) / block);
        std::uint32_t *dSrc = nullptr, *dDst = nullptr;
        ASSERT_EQ(cudaMalloc(&dSrc, n * sizeof(std::uint32_t)), cudaSuccess);
        ASSERT_EQ(cudaMalloc(&dDst, blocks * sizeof(std::uint32_t)), cudaSuccess);
        ASSERT_EQ(cudaMemcpy(dSrc, src.data(), n * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
                  cudaSuccess);
        oneLevel<<<blocks, block, block * sizeof(std::uint32_t)>>>(dSrc, dDst, n);
        ASSERT_EQ(cudaGetLastError(), cudaSuccess);
        std::vector<std::uint32_t> got(blocks);
        ASSERT_EQ(
            cudaMemcpy(got.data(), dDst, blocks * sizeof(std::uint32_t), cudaMemcpyDeviceToHost),
            cudaSuccess);
        cudaFree(dSrc);
        cudaFree(dDst);
        for (unsigned b = 0; b < blocks; ++b) {
            const std::uint64_t begin = std::uint64_t(b) * block;
            const std::uint64_t end = std::min<std::uint64_t>(begin + block, n);
            const std::uint32_t expected =
                std::accumulate(src.begin() + begin, src.begin() + end, std::uint32_t(0));
            ASSERT_EQ(got[b], expected)
                << "block " << b << " of " << blocks << ", block size " << block;
        }
    }
}

}  // namespace
