#pragma once
// Writing C from the tensor-core kernels' FP32 accumulators: a pair of
// adjacent columns of one row a store (8 bytes of FP32 or 4 of BF16, as the
// output asks), and a warpgroup's wgmma accumulators in the places the D
// fragment gives them (tensorcore_wgmma_layout.h), directly or staged
// through shared memory (the TMA rungs, tensorcore_tma_layout.h).
#include <cuda_bf16.h>

#include <cstddef>
#include <cstdint>

#include "kernels/tensorcore/tensorcore_tma_layout.h"
#include "kernels/tensorcore/tensorcore_wgmma_layout.h"

namespace ws::tensorcore {

__device__ __forceinline__ void storePair(float* c, float x, float y) {
    *reinterpret_cast<float2*>(c) = make_float2(x, y);
}
__device__ __forceinline__ void storePair(__nv_bfloat16* c, float x, float y) {
    *reinterpret_cast<__nv_bfloat162*>(c) = __floats2bfloat162_rn(x, y);
}

// The same with streaming stores (st.global.cs, evict first): for a C that
// the kernel never reads back and that would otherwise push the A and B
// panels the blocks running together share out of L2.
__device__ __forceinline__ void storePairStreaming(float* c, float x, float y) {
    __stcs(reinterpret_cast<float2*>(c), make_float2(x, y));
}
__device__ __forceinline__ void storePairStreaming(__nv_bfloat16* c, float x, float y) {
    __stcs(reinterpret_cast<__nv_bfloat162*>(c), __floats2bfloat162_rn(x, y));
}

// Four adjacent columns of one row, streaming (16 bytes of FP32, 8 of BF16).
__device__ __forceinline__ void storeQuadStreaming(float* c, float4 v) {
    __stcs(reinterpret_cast<float4*>(c), v);
}
__device__ __forceinline__ void storeQuadStreaming(__nv_bfloat16* c, float4 v) {
    const __nv_bfloat162 lo = __floats2bfloat162_rn(v.x, v.y), hi = __floats2bfloat162_rn(v.z, v.w);
    __stcs(reinterpret_cast<uint2*>(c), make_uint2(*reinterpret_cast<const unsigned*>(&lo),
                                                   *reinterpret_cast<const unsigned*>(&hi)));
}

// A warpgroup's 64 x N product to C from row `rowBase`, column `colBase`:
// register v of thread t holds row accRow(t, v), column accCol(t, v);
// registers 4j, 4j+1 are two adjacent columns of one row and 4j+2, 4j+3 the
// same columns 8 rows down, one store a pair, bounds checked (n is even and
// the column even, so a pair is wholly inside or outside).
template <bool kStreaming, int kAccumulators, typename Out>
__device__ __forceinline__ void storeWarpgroupTile(Out* c, int n, int rowBase, int colBase, int t,
                                                   const float (&acc)[kAccumulators]) {
    auto store = [](Out* at, float x, float y) {
        if constexpr (kStreaming)
            storePairStreaming(at, x, y);
        else
            storePair(at, x, y);
    };
    for (int j = 0; j < kAccumulators / 4; ++j) {
        const int row = rowBase + wgmma::accRow(t, 4 * j);
        const int col = colBase + wgmma::accCol(t, 4 * j);
        if (col >= n) continue;
        if (row < n) store(c + std::size_t(row) * n + col, acc[4 * j], acc[4 * j + 1]);
        if (row + 8 < n) store(c + std::size_t(row + 8) * n + col, acc[4 * j + 2], acc[4 * j + 3]);
    }
}

// The same through `staging`, this warp's 2 KiB of shared memory, 32
// columns at a time. Stored straight from the fragment, each warp store
// writes 32 bytes into each of eight rows of C: at the end of a tile every
// SM's stores came to about 8,000 cycles of the 70,000 a 4096 tile's
// k-loop takes (the pipeline records of the persistent rung), the tensor
// cores idle meanwhile. Staged, each store writes four whole 128-byte
// rows, with half the instructions. n is a multiple of 8, so four columns
// from a multiple of 4 lie wholly inside C or wholly outside.
template <int kAccumulators, typename Out>
__device__ __forceinline__ void storeWarpgroupTileStaged(Out* c, int n, int rowBase, int colBase,
                                                         int t, const float (&acc)[kAccumulators],
                                                         unsigned char* staging) {
    static_assert(kAccumulators % 16 == 0, "32 columns of a warp's 16 rows: 16 accumulators");
    const int lane = t % 32, quad = lane % 4;
    const int warpRow = rowBase + 16 * (t / 32);
#pragma unroll
    for (int chunk = 0; chunk < kAccumulators / 16; ++chunk) {
        // The previous chunk's reads done before its place is written.
        __syncwarp();
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            // Registers v .. v + 3: columns 8 j + 2 quad, + 1 of rows lane / 4
            // and lane / 4 + 8 of the warp's 16 (wgmma::accRow, accCol).
            const int v = 16 * chunk + 4 * j, col = 8 * j + 2 * quad, row = lane / 4;
            *reinterpret_cast<float2*>(staging + tma::stagingOffset(row, col)) =
                make_float2(acc[v], acc[v + 1]);
            *reinterpret_cast<float2*>(staging + tma::stagingOffset(row + 8, col)) =
                make_float2(acc[v + 2], acc[v + 3]);
        }
        __syncwarp();
        const int col = colBase + tma::kStagingColumns * chunk + 4 * (lane % 8);
#pragma unroll
        for (int i = 0; i < tma::kStagingRows / 4; ++i) {
            const int row = 4 * i + lane / 8;
            const float4 q =
                *reinterpret_cast<const float4*>(staging + tma::stagingOffset(row, 4 * (lane % 8)));
            if (col < n && warpRow + row < n)
                storeQuadStreaming(c + std::size_t(warpRow + row) * n + col, q);
        }
    }
}

}  // namespace ws::tensorcore
