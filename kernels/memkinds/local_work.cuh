#pragma once
// The per-thread work of the local-memory kernels, one body for all three:
// an array of 32 floats, filled from the thread's index, then four rounds of
// a[k] = |a[k] - a[perm((k + r) mod 32)]| + (r + 1), then the weighted sum.
// The values are whole numbers below 2^24 throughout, so every build adds
// them exactly and the CPU's reference (kernels/memkinds/local_run.cpp)
// matches bit for bit. kIndexed: the permutation read from memory at run
// time, the loops not unrolled, so the array is indexed by values the
// compiler cannot know and lives in local memory; otherwise every index is
// a constant after unrolling and the array can live in registers.
#include <cstdint>

#include "kernels/memkinds/local_kernels.h"

namespace ws::memkinds {

template <bool kIndexed>
__device__ __forceinline__ float localWork(std::uint32_t t, const std::uint32_t* permutation) {
    float a[kLocalWords];
#pragma unroll
    for (std::uint32_t k = 0; k < kLocalWords; ++k) a[k] = float((t * 13u + k * 7u) & 1023u);
    if constexpr (kIndexed) {
#pragma unroll 1
        for (std::uint32_t r = 0; r < kLocalRounds; ++r)
#pragma unroll 1
            for (std::uint32_t k = 0; k < kLocalWords; ++k)
                a[k] = fabsf(a[k] - a[permutation[(k + r) % kLocalWords]]) + float(r + 1);
    } else {
#pragma unroll
        for (std::uint32_t r = 0; r < kLocalRounds; ++r)
#pragma unroll
            for (std::uint32_t k = 0; k < kLocalWords; ++k)
                a[k] = fabsf(a[k] - a[localPermutation((k + r) % kLocalWords)]) + float(r + 1);
    }
    float sum = 0.0f;
#pragma unroll
    for (std::uint32_t k = 0; k < kLocalWords; ++k) sum += a[k] * float(k + 1);
    return sum;
}

}  // namespace ws::memkinds
