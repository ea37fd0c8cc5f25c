// The blog's (seed 002) minimum and index in one 64-bit word, updated with
// atomicCAS in three loops, written as the blog writes them. The word is its
// union ValueAndIndex: the float in the low 32 bits, the int index in the
// high 32 bits. The recording build counts every thread's atomicCAS calls.
#include <cuda_runtime.h>

#include "core/atomics/cas_records.h"
#include "kernels/atomics/argmin_kernels.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"

namespace ws::atomics {

namespace {

using Word = unsigned long long;

__device__ __forceinline__ Word pack(float value, int index) {
    return Word(std::uint32_t(index)) << 32 | __float_as_uint(value);
}
__device__ __forceinline__ float valueOf(Word w) { return __uint_as_float(std::uint32_t(w)); }
__device__ __forceinline__ int indexOf(Word w) { return int(std::uint32_t(w >> 32)); }

// Original (the Stack Overflow answer): a CAS that succeeds returns the old
// word, still larger, so the loop always runs once more.
__device__ __forceinline__ void casOriginal(float v, int i, Word* target, std::uint32_t& tries) {
    Word old = *target;
    while (v < valueOf(old)) {
        old = atomicCAS(target, old, pack(v, i));
        ++tries;
    }
}

// Modified (the CUDA guide's lock-free update): stop when the CAS saw the
// word it assumed, so a thread that wins makes one CAS.
__device__ __forceinline__ void casModified(float v, int i, Word* target, std::uint32_t& tries) {
    Word old = *target, assumed;
    do {
        if (v >= valueOf(old)) break;
        assumed = old;
        old = atomicCAS(target, assumed, pack(v, i));
        ++tries;
    } while (assumed != old);
}

// ModifiedNew: an equal value with a smaller index also replaces the word,
// so the smallest index of the minimum wins, as on the CPU.
__device__ __forceinline__ void casModifiedNew(float v, int i, Word* target, std::uint32_t& tries) {
    Word old = *target, assumed;
    do {
        if (v > valueOf(old)) break;
        if (v == valueOf(old) && i > indexOf(old)) break;
        assumed = old;
        old = atomicCAS(target, assumed, pack(v, i));
        ++tries;
    } while (assumed != old);
}

__device__ int tracedSlot(const CasRecordPointers& r) {
    const std::uint32_t b = blockIdx.x;
    if (r.threadAttempts == nullptr) return -1;
    if (b % r.stride == 0 && b / r.stride < r.strided) return int(b / r.stride);
    if (b + 1 == gridDim.x && r.lastSlot >= 0) return r.lastSlot;
    return -1;
}

// Every thread of the block calls it: a histogram of attempts over the block
// in shared memory, flushed once; the traced blocks' threads and warps.
__device__ void recordAttempts(const CasRecordPointers& r, std::uint32_t tries,
                               std::uint32_t elements, std::uint64_t warpStart) {
    __shared__ std::uint32_t bins[kCasHistogramBins];
    __shared__ std::uint32_t blockMax;
    __shared__ unsigned long long blockSum;
    const std::uint32_t lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    __syncwarp();
    const std::uint64_t warpEnd = dev::globalTimerNs();
    for (std::uint32_t b = threadIdx.x; b < kCasHistogramBins; b += blockDim.x) bins[b] = 0;
    if (threadIdx.x == 0) {
        blockMax = 0;
        blockSum = 0;
    }
    __syncthreads();
    atomicAdd(&bins[min(tries, kCasHistogramBins - 1)], 1u);
    const std::uint32_t sum = __reduce_add_sync(0xffffffffu, tries);
    const std::uint32_t max = __reduce_max_sync(0xffffffffu, tries);
    if (lane == 0) {
        atomicMax(&blockMax, max);
        atomicAdd(&blockSum, (unsigned long long)sum);
    }
    if (const int slot = tracedSlot(r); slot >= 0) {
        const std::uint64_t t = std::uint64_t(slot) * blockDim.x + threadIdx.x;
        r.threadAttempts[t] = tries;
        r.threadElements[t] = elements;
        if (lane == 0) {
            const std::uint64_t w = std::uint64_t(slot) * (blockDim.x / 32) + warp;
            r.warpStartNs[w] = warpStart;
            r.warpEndNs[w] = warpEnd;
            r.warpSum[w] = sum;
            r.warpMax[w] = max;
        }
    }
    __syncthreads();
    for (std::uint32_t b = threadIdx.x; b < kCasHistogramBins;
         b += blockDim.x)  // 32-thread blocks too
        if (bins[b] > 0) atomicAdd(&r.histogram[b], bins[b]);
    if (threadIdx.x == 0) {
        atomicAdd(r.totalAttempts, blockSum);
        atomicMax(r.maxAttempts, blockMax);
    }
}

// The blog's kernels: a grid-stride loop (one element per thread when the
// grid covers n), one update per element.
template <CasLoop kLoop, bool kRecord>
__global__ void argminCas(const float* values, std::uint32_t n, Word* result, CasRecordPointers rec,
                          BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    std::uint64_t warpStart = 0;
    if constexpr (kRecord) {
        recorder.start();
        warpStart = dev::globalTimerNs();
    }
    std::uint32_t tries = 0, elements = 0;
    const std::uint32_t stride = blockDim.x * gridDim.x;
    for (std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const float v = values[i];
        if constexpr (kLoop == CasLoop::Original) casOriginal(v, int(i), result, tries);
        if constexpr (kLoop == CasLoop::Modified) casModified(v, int(i), result, tries);
        if constexpr (kLoop == CasLoop::ModifiedNew) casModifiedNew(v, int(i), result, tries);
        ++elements;
    }
    if constexpr (kRecord) {
        recordAttempts(rec, tries, elements, warpStart);
        recorder.finish(blocks);
    }
}

using Kernel = void (*)(const float*, std::uint32_t, Word*, CasRecordPointers, BlockRecordPointers);

template <bool kRecord>
Kernel kernelOf(CasLoop loop) {
    switch (loop) {
        case CasLoop::Original:
            return argminCas<CasLoop::Original, kRecord>;
        case CasLoop::Modified:
            return argminCas<CasLoop::Modified, kRecord>;
        case CasLoop::ModifiedNew:
            return argminCas<CasLoop::ModifiedNew, kRecord>;
    }
    return nullptr;
}

}  // namespace

Status launchArgminCas(CasLoop loop, bool record, std::uint32_t grid, std::uint32_t block,
                       const float* values, std::uint32_t n, unsigned long long* result,
                       const CasRecordPointers& records, const BlockRecordPointers& blocks,
                       cudaStream_t stream) {
    Kernel kernel = record ? kernelOf<true>(loop) : kernelOf<false>(loop);
    kernel<<<grid, block, 0, stream>>>(values, n, result, record ? records : CasRecordPointers{},
                                       record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH(loop == CasLoop::Original   ? "Kernel_GetMinValueAndIndexOriginal"
                       : loop == CasLoop::Modified ? "Kernel_GetMinValueAndIndexModified"
                                                   : "Kernel_GetMinValueAndIndexModifiedNew");
    return {};
}

}  // namespace ws::atomics
