#pragma once
// One level of the recursive reduction inside a block: each thread loads one
// partial, then the block halves its shared array until partial[0] holds the
// block's sum. blockDim.x must be a power of two (the launcher checks).
//
// A header of its own because compute-sanitizer's racecheck does not analyse
// a module that launches kernels from the device: the same code is compiled
// whole-program into a test (tests/kernels/concurrency/dp_block_tree_test.cu)
// and race-checked there.
#include <cstdint>

namespace ws::dp {

__device__ inline std::uint32_t blockTreeSum(std::uint32_t* partial, const std::uint32_t* src,
                                             std::uint64_t count) {
    const unsigned tid = threadIdx.x;
    const std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + tid;
    partial[tid] = i < count ? src[i] : 0u;
    __syncthreads();
    for (unsigned step = blockDim.x >> 1; step > 0; step >>= 1) {
        if (tid < step) partial[tid] += partial[tid + step];
        __syncthreads();
    }
    return partial[0];
}

}  // namespace ws::dp
