#pragma once
// Writing C from the tensor-core kernels' FP32 accumulators: a pair of
// adjacent columns of one row a store (8 bytes of FP32 or 4 of BF16, as the
// output asks), and a warpgroup's wgmma accumulators in the places the D
// fragment gives them (tensorcore_wgmma_layout.h).
#include <cuda_bf16.h>

#include <cstddef>

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

}  // namespace ws::tensorcore
