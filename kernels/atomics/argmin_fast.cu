// The fast argmin: the sum's best kernel (kernels/reduction/reduction_best.cu) with a
// minimum instead of a sum. Each thread walks a grid-stride loop of float4
// loads keeping its smallest value and that value's first index; the warp and
// then the block reduce the order-preserving words (value key << 32 | index)
// with shuffles; one 64-bit atomicMin per block remains. The smallest word is
// the minimum with its smallest index, so the answer equals the CPU's.
#include <cuda_runtime.h>

#include <algorithm>

#include "kernels/atomics/argmin_kernels.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"

namespace ws::atomics {

namespace {

using Word = unsigned long long;
constexpr int kUnroll = 4;  // float4 loads in flight per thread and trip

__device__ __forceinline__ Word wordOf(float value, std::uint32_t index) {
    const std::uint32_t bits = __float_as_uint(value);
    const std::uint32_t key = bits & 0x80000000u ? ~bits : bits | 0x80000000u;
    return Word(key) << 32 | Word(index);
}

// Keeps (best, at) the smaller value; on equal values the smaller index.
__device__ __forceinline__ void keep(float& best, std::uint32_t& at, float v, std::uint32_t i) {
    if (v < best || (v == best && i < at)) {
        best = v;
        at = i;
    }
}

__device__ __forceinline__ Word warpMin(Word w) {
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
        w = min(w, __shfl_down_sync(0xffffffffu, w, offset));
    return w;
}

// Thread 0, after its atomicMin: the block's word and its record, the end
// readings closing the block. Not inlined: inlined, its addresses crowd the
// 32 registers of the loop and the recording build spills; as a call, once
// per block, it costs a few instructions.
__device__ __noinline__ void writeRecords(const BlockMinPointers& rec,
                                          const BlockRecordPointers& blocks, Word w, Word old,
                                          std::uint64_t startNs, std::int64_t startClock) {
    const std::uint64_t endNs = dev::globalTimerNs();
    const std::int64_t endClock = clock64();
    const std::uint32_t b = blockIdx.x;
    rec.word[b] = w;
    rec.improved[b] = w < old;
    if (blocks.block == nullptr) return;
    blocks.block[b] = b;
    blocks.sm[b] = dev::smId();
    blocks.startNs[b] = startNs;
    blocks.endNs[b] = endNs;
    blocks.startClock[b] = startClock;
    blocks.endClock[b] = endClock;
}

template <bool kRecord>
__global__ void __launch_bounds__(1024, 2)
    argminShuffle(const float* __restrict__ in, std::uint32_t n, Word* result, BlockMinPointers rec,
                  BlockRecordPointers blocks) {
    // The block's start readings wait in shared memory, not in registers
    // held across the load loop, where 32 registers are all there is.
    __shared__ std::uint64_t startNs;
    __shared__ std::int64_t startClock;
    if constexpr (kRecord)
        if (threadIdx.x == 0) {
            startClock = clock64();
            startNs = dev::globalTimerNs();
        }
    const auto address = reinterpret_cast<std::uintptr_t>(in);
    // Indices fit in 32 bits (the word keeps 32 of them): 32-bit arithmetic
    // leaves the registers that 1024 x 2 blocks allow for the accumulators.
    const std::uint32_t head = std::min<std::uint32_t>(((16 - address % 16) % 16) / 4, n);
    const float4* vin = reinterpret_cast<const float4*>(in + head);
    const std::uint32_t vectors = (n - head) / 4;
    const std::uint32_t tailStart = head + vectors * 4;
    const std::uint32_t thread = blockIdx.x * blockDim.x + threadIdx.x;
    const std::uint32_t threads = gridDim.x * blockDim.x;

    // Each accumulator sees its vectors in increasing order, so a strict <
    // keeps the first index of a tie; the accumulators are merged by index.
    float best[kUnroll];
    std::uint32_t at[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
        best[u] = __uint_as_float(0x7f800000u);  // +infinity
        at[u] = ~0u;
    }
    std::uint32_t i = thread;
    for (; i + (kUnroll - 1) * threads < vectors; i += kUnroll * threads) {
        float4 v[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) v[u] = __ldg(vin + i + u * threads);
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const float m = fminf(fminf(v[u].x, v[u].y), fminf(v[u].z, v[u].w));
            if (m < best[u]) {
                best[u] = m;
                const int c = v[u].x == m ? 0 : v[u].y == m ? 1 : v[u].z == m ? 2 : 3;
                at[u] = head + (i + u * threads) * 4 + c;
            }
        }
    }
    for (; i < vectors; i += threads) {
        const float4 v = __ldg(vin + i);
        const std::uint32_t base = head + i * 4;
        keep(best[0], at[0], v.x, base);
        keep(best[0], at[0], v.y, base + 1);
        keep(best[0], at[0], v.z, base + 2);
        keep(best[0], at[0], v.w, base + 3);
    }
    // The unaligned head and the tail: keep() orders equal values by index,
    // so visiting them last is still first-index-wins.
    if (thread < head) keep(best[0], at[0], in[thread], thread);
    if (thread < n - tailStart) keep(best[0], at[0], in[tailStart + thread], tailStart + thread);
#pragma unroll
    for (int u = 1; u < kUnroll; ++u) keep(best[0], at[0], best[u], at[u]);

    // Threads without an element hold (+inf, all ones): above every real word.
    Word w = at[0] == ~0u ? ~0ull : wordOf(best[0], at[0]);
    w = warpMin(w);
    __shared__ Word warpWords[32];
    const std::uint32_t lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0) warpWords[warp] = w;
    __syncthreads();
    if (warp == 0) {
        w = lane < blockDim.x / 32 ? warpWords[lane] : ~0ull;
        w = warpMin(w);
        if (lane == 0) {
            const Word old = atomicMin(result, w);
            if constexpr (kRecord) {
                writeRecords(rec, blocks, w, old, startNs, startClock);
            }
        }
    }
}

}  // namespace

Result<std::uint32_t> argminShuffleWave(std::uint32_t block, int smCount) {
    int perSm = 0;
    WS_CUDA_TRY(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, argminShuffle<false>, int(block), 0));
    return std::uint32_t(std::max(perSm, 1) * std::max(smCount, 1));
}

Status launchArgminShuffle(bool record, std::uint32_t grid, std::uint32_t block,
                           const float* values, std::uint32_t n, unsigned long long* result,
                           const BlockMinPointers& records, const BlockRecordPointers& blocks,
                           cudaStream_t stream) {
    auto kernel = record ? argminShuffle<true> : argminShuffle<false>;
    kernel<<<grid, block, 0, stream>>>(values, n, result, record ? records : BlockMinPointers{},
                                       record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH("argminShuffle");
    return {};
}

}  // namespace ws::atomics
