#pragma once
// Device side of the recording: what thread 0 of a block notes about the block
// (SM, %globaltimer and clock64 at start and end), the per-step records of the
// traced blocks, and the tickets of the last-block guard. Only the recording
// build of a kernel (kRecord = true) calls any of this; the plain build has no
// instrumentation at all, so its timing is the kernel's own.
#include <cstdint>

#include "kernels/common/device_clocks.cuh"
#include "kernels/common/record_pointers.h"
#include "kernels/common/reduction_ops.cuh"

namespace ws::dev {

// Thread 0 keeps its start readings in registers and writes the whole record
// once, at the end: 40 bytes per block, no extra synchronisation.
class BlockRecorder {
public:
    __device__ void start() {
        if (threadIdx.x == 0) {
            m_startClock = clock64();
            m_startNs = globalTimerNs();
        }
    }
    __device__ void finish(const BlockRecordPointers& p) {
        if (threadIdx.x != 0 || p.block == nullptr) return;
        const std::uint64_t endNs = globalTimerNs();
        const std::int64_t endClock = clock64();
        const std::uint32_t b = blockIdx.x;
        p.block[b] = b;
        p.sm[b] = smId();
        p.startNs[b] = m_startNs;
        p.endNs[b] = endNs;
        p.startClock[b] = m_startClock;
        p.endClock[b] = endClock;
    }

private:
    std::uint64_t m_startNs = 0;
    std::int64_t m_startClock = 0;
};

// Records the steps of one pass of a reduction tree for one block: per warp and
// step the ballot of the lanes that combined, clock64 when the step began, and
// each lane's slot value before and after (core/reduction/reduction_plan.h). Blocks that
// are not traced get an inactive tracer; whether a block traces is the same for
// all its threads, so the barriers below are never divergent.
template <typename T>
class StepTracer {
public:
    __device__ static StepTracer firstPass(const StepRecordPointers& p) {
        StepTracer t;
        for (std::uint32_t slot = 0; slot < p.tracedCount; ++slot)
            if (p.tracedBlock[slot] == blockIdx.x) {
                t.bind(p, std::int64_t(slot) * p.firstSteps * p.firstWarps, p.firstSteps,
                       p.firstWarps);
            }
        return t;
    }
    // The second pass (a merge, or the first warp over the warp results) is
    // recorded once per launch. When one block runs it (the last block's
    // merge) that block records it; when every block runs one (a per-block
    // tree over its warp results), only the first traced block does, or all
    // of them would write the same records at once.
    __device__ static StepTracer secondPass(const StepRecordPointers& p,
                                            bool everyBlockRunsIt = false) {
        StepTracer t;
        if (everyBlockRunsIt && (p.tracedCount == 0 || p.tracedBlock[0] != blockIdx.x)) return t;
        if (p.tracedCount > 0 && p.secondSteps > 0) {
            t.bind(p, std::int64_t(p.tracedCount) * p.firstSteps * p.firstWarps, p.secondSteps,
                   p.secondWarps);
            if (threadIdx.x == 0) *p.secondBlock = blockIdx.x;
        }
        return t;
    }

    __device__ bool on() const { return m_base >= 0; }

    // At the start of a step (lane 0's reading is the one kept).
    __device__ void begin() {
        if (on()) m_clock = clock64();
    }
    // For a step whose start was read before the tracer was bound.
    __device__ void beginAt(std::int64_t clock) { m_clock = clock; }

    // At the end of a step; all 32 lanes of the warp call it together (the
    // ballot needs them). `slot` is the lane's slot value after the step; the
    // value before is the one recorded at the previous step (identity before
    // the load, step 0).
    __device__ void record(std::uint32_t step, std::uint32_t warp, bool active, T slot) {
        if (!on() || step >= m_steps || warp >= m_warps) return;
        const std::uint32_t mask = __ballot_sync(0xffffffffu, active);
        const std::uint32_t lane = threadIdx.x & 31u;
        const std::uint64_t r = std::uint64_t(m_base) + std::uint64_t(step) * m_warps + warp;
        const std::uint64_t word = (r * 32 + lane) * kComponents<T>;
        toWords(m_last, m_before + word);
        toWords(slot, m_after + word);
        if (lane == 0) {
            m_mask[r] = mask;
            m_clockOut[r] = m_clock;
            m_written[r] = 1;
        }
        m_last = slot;
    }

    // For a step that ended with __syncthreads: records it, then holds every
    // thread until all have read their slot, because the next step of a
    // strided tree writes slots that other threads own.
    __device__ void recordBlockStep(std::uint32_t step, std::uint32_t warp, bool active, T slot) {
        if (!on()) return;
        record(step, warp, active, slot);
        __syncthreads();
    }

private:
    __device__ void bind(const StepRecordPointers& p, std::int64_t base, std::uint32_t steps,
                         std::uint32_t warps) {
        m_base = base;
        m_steps = steps;
        m_warps = warps;
        m_written = p.written;
        m_mask = p.activeMask;
        m_clockOut = p.clock;
        m_before = p.before;
        m_after = p.after;
    }

    std::int64_t m_base = -1;
    std::uint32_t m_steps = 0;
    std::uint32_t m_warps = 0;
    std::uint32_t* m_written = nullptr;
    std::uint32_t* m_mask = nullptr;
    std::int64_t* m_clockOut = nullptr;
    std::uint32_t* m_before = nullptr;
    std::uint32_t* m_after = nullptr;
    std::int64_t m_clock = 0;
    T m_last = identityOf<T>();
};

// Records for steps in which this warp takes no part (the other warps while
// the first warp finishes a tree without barriers): mask 0, value unchanged.
template <typename T>
__device__ void recordIdleSteps(StepTracer<T>& tracer, std::uint32_t firstStep, std::uint32_t count,
                                std::uint32_t warp, T slot) {
    if (!tracer.on()) return;
    for (std::uint32_t i = 0; i < count; ++i) {
        tracer.begin();
        tracer.record(firstStep + i, warp, false, slot);
    }
}

// The last-block guard of seed 000/003 chapter 3: every block publishes its
// partial, fences, and draws a ticket; the block that draws gridDim.x - 1 has
// seen every other block's fence, so all partials are visible to it. Called
// by all threads of every block.
template <bool kRecord>
__device__ bool lastBlock(unsigned* counter, const ArrivalPointers& arrivals) {
    __threadfence();  // this block's partial is visible grid-wide before its ticket is
    int last = 0;
    if (threadIdx.x == 0) {
        const unsigned ticket = atomicAdd(counter, 1u);
        if constexpr (kRecord) {
            arrivals.ticket[blockIdx.x] = ticket;
            arrivals.timeNs[blockIdx.x] = globalTimerNs();
        }
        last = ticket == gridDim.x - 1;
    }
    return __syncthreads_or(last);
}

// Dynamic shared memory as an array of T (one extern declaration serves every
// element type).
template <typename T>
__device__ inline T* sharedSlots() {
    extern __shared__ __align__(16) unsigned char wsSharedBytes[];
    return reinterpret_cast<T*>(wsSharedBytes);
}

}  // namespace ws::dev
