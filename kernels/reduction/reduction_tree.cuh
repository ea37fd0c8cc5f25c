#pragma once
// The combining trees of the reductions, one function per TreeShape of
// core/reduction/reduction_plan.h. Each works on shared-memory slots (or registers, for
// shuffles), numbers its steps as the plan does (step 1 is the first
// iteration), and records them through the tracer in the recording build.
#include <cstdint>

#include "kernels/common/device_record.cuh"
#include "kernels/common/reduction_ops.cuh"

namespace ws::dev {

// Sequential addressing: threads tid < s combine slot tid with tid + s, s
// halving from B/2. Active threads stay packed in the low warps, so whole warps
// go idle instead of diverging, and a warp's 32 reads hit 32 banks.
// Reorders operands: commutative operators only.
template <bool kRecord, typename T>
__device__ void treeSequential(T* s, std::uint32_t tid, std::uint32_t threads,
                               StepTracer<T>& tracer) {
    std::uint32_t step = 1;
    for (std::uint32_t stride = threads / 2; stride > 0; stride >>= 1, ++step) {
        if constexpr (kRecord) tracer.begin();
        const bool active = tid < stride;
        if (active) s[tid] = reduceOp(s[tid], s[tid + stride]);
        __syncthreads();
        if constexpr (kRecord) tracer.recordBlockStep(step, tid / 32, active, s[tid]);
    }
}

// Interleaved addressing with a divergent branch (Harris's kernel 1): threads
// whose index is a multiple of 2s work, so every warp keeps a few active lanes
// and executes both sides of the branch; `%` is slow besides.
template <bool kRecord, typename T>
__device__ void treeInterleavedDivergent(T* s, std::uint32_t tid, std::uint32_t threads,
                                         StepTracer<T>& tracer) {
    std::uint32_t step = 1;
    for (std::uint32_t stride = 1; stride < threads; stride *= 2, ++step) {
        if constexpr (kRecord) tracer.begin();
        const bool active = tid % (2 * stride) == 0;
        if (active) s[tid] = reduceOp(s[tid], s[tid + stride]);
        __syncthreads();
        if constexpr (kRecord) tracer.recordBlockStep(step, tid / 32, active, s[tid]);
    }
}

// Interleaved addressing, strided index (Harris's kernel 2, and the tree of the
// seed's sumNoncommSingleBlock): thread tid combines slot 2*s*tid with
// 2*s*tid + s. Active threads are packed, but a warp's reads are 2s words apart,
// so they pile up in a few banks. Keeps operand order: left slot < right slot.
template <bool kRecord, typename T>
__device__ void treeInterleavedStrided(T* s, std::uint32_t tid, std::uint32_t threads,
                                       StepTracer<T>& tracer) {
    std::uint32_t step = 1;
    for (std::uint32_t stride = 1; stride < threads; stride *= 2, ++step) {
        if constexpr (kRecord) tracer.begin();
        const std::uint32_t i = 2 * stride * tid;
        const bool active = i + stride < threads;
        if (active) s[i] = reduceOp(s[i], s[i + stride]);
        __syncthreads();
        if constexpr (kRecord) tracer.recordBlockStep(step, tid / 32, active, s[tid]);
    }
}

// The last six steps of a sequential tree, done by the first warp alone without
// __syncthreads (Harris's warpReduce). Harris wrote it with a volatile pointer
// and no synchronisation, relying on the 32 lanes running in lockstep. Since
// Volta, lanes of a warp are scheduled independently: lane 0 may read s[16]
// before or after lane 16 has updated it. __syncwarp() between each step's
// reads and writes, and after the writes, restores the order the code assumes;
// it is also a memory barrier among the lanes, so volatile is not needed.
// Needs at least 64 slots.
template <bool kRecord, typename T>
__device__ void warpTail(T* s, std::uint32_t tid, std::uint32_t step, StepTracer<T>& tracer) {
    T v = s[tid];
#pragma unroll
    for (std::uint32_t stride = 32; stride > 0; stride >>= 1, ++step) {
        if constexpr (kRecord) tracer.begin();
        const T other = s[tid + stride];
        __syncwarp();  // every lane has read before any lane overwrites a slot
        v = reduceOp(v, other);
        s[tid] = v;
        __syncwarp();  // the writes are visible to the next step's reads
        if constexpr (kRecord) tracer.record(step, 0, true, v);
    }
}

// Sequential addressing while more than one warp works, then warpTail
// (Harris's kernel 4, "unroll the last warp"): saves the barriers and the idle
// loop iterations of the last six steps.
template <bool kRecord, typename T>
__device__ void treeSequentialUnrolledWarp(T* s, std::uint32_t tid, std::uint32_t threads,
                                           StepTracer<T>& tracer) {
    std::uint32_t step = 1;
    for (std::uint32_t stride = threads / 2; stride > 32; stride >>= 1, ++step) {
        if constexpr (kRecord) tracer.begin();
        const bool active = tid < stride;
        if (active) s[tid] = reduceOp(s[tid], s[tid + stride]);
        __syncthreads();
        if constexpr (kRecord) tracer.recordBlockStep(step, tid / 32, active, s[tid]);
    }
    if (tid < 32) {
        warpTail<kRecord>(s, tid, step, tracer);
    } else if constexpr (kRecord) {
        recordIdleSteps(tracer, step, 6, tid / 32, s[tid]);
    }
}

// One level of the completely unrolled tree (Harris's kernel 5): the stride is
// a constant, so there is no loop counter and the compiler drops the levels a
// block of kBlock threads does not have.
template <bool kRecord, std::uint32_t kStride, typename T>
__device__ void unrolledLevel(T* s, std::uint32_t tid, std::uint32_t step, StepTracer<T>& tracer) {
    if constexpr (kRecord) tracer.begin();
    const bool active = tid < kStride;
    if (active) s[tid] = reduceOp(s[tid], s[tid + kStride]);
    __syncthreads();
    if constexpr (kRecord) tracer.recordBlockStep(step, tid / 32, active, s[tid]);
}

template <std::uint32_t kBlock, bool kRecord, typename T>
__device__ void treeCompleteUnroll(T* s, std::uint32_t tid, StepTracer<T>& tracer) {
    static_assert(kBlock >= 64 && kBlock <= 1024 && (kBlock & (kBlock - 1)) == 0);
    std::uint32_t step = 1;
    if constexpr (kBlock >= 1024) unrolledLevel<kRecord, 512>(s, tid, step++, tracer);
    if constexpr (kBlock >= 512) unrolledLevel<kRecord, 256>(s, tid, step++, tracer);
    if constexpr (kBlock >= 256) unrolledLevel<kRecord, 128>(s, tid, step++, tracer);
    if constexpr (kBlock >= 128) unrolledLevel<kRecord, 64>(s, tid, step++, tracer);
    if (tid < 32) {
        warpTail<kRecord>(s, tid, step, tracer);
    } else if constexpr (kRecord) {
        recordIdleSteps(tracer, step, 6, tid / 32, s[tid]);
    }
}

// --- One warp over 32 slots without __syncthreads (seed 000/003 chapter 4) ---

enum class WarpTree { Comm, CommCompact, Noncomm, NoncommPadded };

// Slots per warp: the padded tree reads up to 16 slots past its 32, which hold
// the identity, so it needs no conditions at all.
template <WarpTree kTree>
inline constexpr std::uint32_t kWarpSlots = kTree == WarpTree::NoncommPadded ? 48 : 32;

// w points at this warp's slots. The seed's sumCommSingleWarp,
// sumNoncommSingleWarp and sumNoncommSingleWarpPadded, with the __syncwarp()
// that independent thread scheduling (Volta and later) requires: without it a
// lane may read a neighbour's slot before or after the neighbour has written
// it, and `volatile` only keeps values out of registers, it does not order
// the lanes. Reads first, barrier, writes, barrier.
template <WarpTree kTree, bool kRecord, typename T>
__device__ T warpTreeShared(T* w, std::uint32_t lane, std::uint32_t warp, StepTracer<T>& tracer) {
    constexpr bool kUp = kTree == WarpTree::Noncomm || kTree == WarpTree::NoncommPadded;
#pragma unroll
    for (std::uint32_t i = 0; i < 5; ++i) {
        const std::uint32_t k = kUp ? (1u << i) : (16u >> i);
        bool active;
        if constexpr (kTree == WarpTree::Comm)
            active = lane < k;  // if (idx < k)
        else if constexpr (kTree == WarpTree::CommCompact)
            active = lane < 16;  // if (idx < 16) {...}
        else if constexpr (kTree == WarpTree::Noncomm)
            active = lane % (2 * k) == 0;
        else
            active = true;  // padded: slots 32..47 hold the identity
        if constexpr (kRecord) tracer.begin();
        const T other = active ? w[lane + k] : identityOf<T>();
        __syncwarp();
        if (active) w[lane] = reduceOp(w[lane], other);
        __syncwarp();
        if constexpr (kRecord) tracer.record(1 + i, warp, active, w[lane]);
    }
    return w[0];
}

// Registers only (the seed's sumSingleWarpReg, with the *_sync shuffles that
// replaced __shfl_down): lane l combines its value with lane l + k's.
// kUp: k = 1, 2, 4, 8, 16, which keeps operand order (lane l always holds a
// contiguous run starting at l), so it also serves non-commutative operators.
// Otherwise k = 16 .. 1, the usual commutative form. Lanes with l + k >= 32
// would receive their own value back; they skip the combine, as the plan says.
// Lane 0 ends with the warp's result.
template <bool kUp, bool kRecord, typename T>
__device__ T warpTreeShuffle(T v, std::uint32_t lane, std::uint32_t warp, StepTracer<T>& tracer) {
#pragma unroll
    for (std::uint32_t i = 0; i < 5; ++i) {
        const std::uint32_t k = kUp ? (1u << i) : (16u >> i);
        if constexpr (kRecord) tracer.begin();
        const T other = shuffleDown(v, k);
        const bool active = lane + k < 32;
        if (active) v = reduceOp(v, other);
        if constexpr (kRecord) tracer.record(1 + i, warp, active, v);
    }
    return v;
}

}  // namespace ws::dev
