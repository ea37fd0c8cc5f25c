#pragma once
// The matrix multiply kernels, by variant, as plain and recording builds of
// one source: every kernel takes (A, B, C, n, trace), covers C with the grid
// core/matmul/matmul_variants.h gives for its tiling, writes C = A * B and handles
// any n (loads outside the matrices read as zero, stores outside are skipped).
#include <cuda_runtime_api.h>

#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/matmul/matmul_variants.h"
#include "kernels/matmul/matmul_trace.h"

namespace ws::matmul {

using MatmulKernel = void (*)(const float*, const float*, float*, int, MatmulTrace);

struct KernelPair {
    std::string name;  // as the launch and the trace call it
    MatmulKernel plain = nullptr;
    MatmulKernel recorded = nullptr;
    std::uint32_t dynamicShared = 0;  // bytes of extern __shared__ the launch passes
};

// seed-naive, seed-tiled and seed-tiled-bug for BLOCK_DIM 8, 16 or 32.
Result<KernelPair> seedKernels(MatmulVariant v, std::uint32_t blockDim);
// coalesced, shared-tiling, blocktile-1d, blocktile-2d, vectorized.
Result<KernelPair> ladderKernels(MatmulVariant v);
// The warp-tiled kernel for a configuration compiled in: the catalog's two
// and the benchmark's sweep (warptileSweepConfigs).
Result<KernelPair> warptileKernels(const WarptileConfig& c);
const std::vector<WarptileConfig>& warptileSweepConfigs();

}  // namespace ws::matmul
