#pragma once
// Block-level building blocks of seed 000/003 chapter 4, shared by the
// single-block and the multi-block kernels.
#include <cstdint>

#include "kernels/common/device_record.cuh"
#include "kernels/common/reduction_ops.cuh"
#include "kernels/reduction/reduction_tree.cuh"

namespace ws::dev {

template <bool kFromL2, typename T>
__device__ inline T loadElement(const T* p) {
    if constexpr (kFromL2)
        return loadFromL2(p);
    else
        return *p;
}

// sumCommMultiBlock's body (sumCommSingleBlock is the case gridDim.x == 1):
// each thread first adds up a grid-strided share of g on its own, which is
// where almost all the work happens; then the block's tree combines the
// blockDim.x sums in r. Returns the block's sum in thread 0.
template <bool kRecord, bool kFromL2, typename T>
__device__ T commBlockSum(const T* g, std::uint64_t n, std::uint64_t first, std::uint64_t stride,
                          T* r, StepTracer<T>& tracer) {
    const std::uint32_t tid = threadIdx.x;
    if constexpr (kRecord) tracer.begin();
    T sum = identityOf<T>();
    for (std::uint64_t i = first; i < n; i += stride)
        sum = reduceOp(sum, loadElement<kFromL2>(g + i));
    r[tid] = sum;
    __syncthreads();
    if constexpr (kRecord) tracer.recordBlockStep(0, tid / 32, first < n, r[tid]);
    treeSequential<kRecord>(r, tid, blockDim.x, tracer);
    return r[0];
}

// sumNoncommSingleBlock: reduces g[0..m) in order into *out. sh holds
// 2 * blockDim.x slots. While more elements remain than threads, the block
// loads the next blockDim.x elements into the upper half and every thread
// combines the neighbours 2*tid and 2*tid+1 into slot tid: operands stay in
// input order, so a non-commutative operator gives the right answer. Then the
// strided tree combines slot 2*s*tid with 2*s*tid + s.
template <bool kRecord, bool kFromL2, typename T>
__device__ void noncommBlockSum(const T* g, std::uint64_t m, T* out, T* sh, StepTracer<T>& tracer) {
    const std::uint32_t tid = threadIdx.x;
    const std::uint32_t threads = blockDim.x;
    if constexpr (kRecord) tracer.begin();
    sh[tid] = tid < m ? loadElement<kFromL2>(g + tid) : identityOf<T>();
    // The seed keeps `offset` in shared memory, advanced by thread 0; every
    // thread computes the same value, so a register does the same job.
    std::uint64_t offset = threads;
    __syncthreads();
    while (offset < m) {  // uniform: every thread sees the same offset
        sh[tid + threads] =
            tid + offset < m ? loadElement<kFromL2>(g + tid + offset) : identityOf<T>();
        __syncthreads();
        offset += threads;
        const T pair = reduceOp(sh[2 * tid], sh[2 * tid + 1]);
        __syncthreads();  // all pairs read before any slot is overwritten
        sh[tid] = pair;
    }
    __syncthreads();
    if constexpr (kRecord) tracer.recordBlockStep(0, tid / 32, tid < m, sh[tid]);
    treeInterleavedStrided<kRecord>(sh, tid, threads, tracer);
    if (tid == 0) *out = sh[0];
}

}  // namespace ws::dev
