#pragma once
// Recording for the matrix multiply kernels: a record per block (SM, start
// and end), and for a few traced blocks the tiles of every k-phase with
// clock64 at its start and one warp's shared-memory reads, timed. Kernels
// hold a Recorder<kRecord>; the plain build (kRecord = false) compiles every
// call to nothing, so its timing is the kernel's own. The slot structs are
// shared with the host, which copies them back.
#include <cstdint>

#include "kernels/common/record_pointers.h"
#ifdef __CUDACC__
#include "kernels/common/device_clocks.cuh"
#endif

namespace ws::matmul {

struct PhaseSlot {
    std::uint32_t aRow, aCol, bRow, bCol;  // top-left elements of the tiles loaded
    std::int64_t clock;                    // clock64 of thread 0 as the phase began
    std::uint32_t used, pad;
};

struct SharedSlot {
    std::uint32_t address[32];  // byte offset from the start of the kernel's shared buffer
    std::uint32_t sink[32];     // the loaded bits: a store that waits for the load
    std::uint32_t activeMask, widthBytes, used, pad;
    std::int64_t cycles;  // clock64 around the one read
};

// Passed by value (a __grid_constant__ parameter) to every kernel. Traced
// slot t keeps phases [t * maxPhases, (t + 1) * maxPhases) and shared reads
// [t * maxShared, ...) of its warp 0.
struct MatmulTrace {
    BlockRecordPointers blocks;  // indexed by the linear block id
    std::uint32_t tracedBlock[kMaxTracedSlots] = {};
    std::uint32_t tracedCount = 0;
    std::uint32_t maxPhases = 0;
    std::uint32_t maxShared = 0;
    PhaseSlot* phases = nullptr;
    SharedSlot* shared = nullptr;
};

#ifdef __CUDACC__

using dev::cycleCounter;
using dev::firstThread;

__device__ __forceinline__ std::uint32_t linearBlock() {
    return blockIdx.x + gridDim.x * blockIdx.y;
}
__device__ __forceinline__ std::uint32_t linearThread() {
    return threadIdx.x + blockDim.x * threadIdx.y;
}

// Plain build: every call is empty and tracesWarp() is a constant false, so
// the replays it guards vanish.
template <bool kRecord>
class Recorder {
public:
    __device__ explicit Recorder(const MatmulTrace&) {}
    __device__ void phase(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                          std::uint32_t) {}
    __device__ void phaseAt(std::uint32_t, std::int64_t, std::uint32_t, std::uint32_t,
                            std::uint32_t, std::uint32_t) {}
    __device__ constexpr bool tracesWarp() const { return false; }
    template <typename T>
    __device__ void sharedRead(const T*, const void*) {}
    __device__ void finish() {}
};

template <>
class Recorder<true> {
public:
    // Thread 0 stores the block's start at once: kept in registers through
    // the k-loop, the readings were four more live registers in kernels
    // that hold 64 accumulators each.
    __device__ explicit Recorder(const MatmulTrace& t) : m_trace(t) {
        const std::uint32_t b = linearBlock();
        if (firstThread() && t.blocks.block != nullptr) {
            const std::int64_t clock = cycleCounter();
            t.blocks.startNs[b] = dev::globalTimerNs();
            t.blocks.startClock[b] = clock;
            t.blocks.sm[b] = dev::smId();
        }
        for (std::uint32_t i = 0; i < t.tracedCount; ++i)
            if (t.tracedBlock[i] == b) m_slot = int(i);
    }

    // Thread 0 notes the tiles of phase p as the phase begins.
    __device__ void phase(std::uint32_t p, std::uint32_t aRow, std::uint32_t aCol,
                          std::uint32_t bRow, std::uint32_t bCol) {
        phaseAt(p, cycleCounter(), aRow, aCol, bRow, bCol);
    }
    // The same with the clock read earlier, where the phase began: a kernel
    // whose issuing thread stores the record after its loads are issued.
    __device__ void phaseAt(std::uint32_t p, std::int64_t clock, std::uint32_t aRow,
                            std::uint32_t aCol, std::uint32_t bRow, std::uint32_t bCol) {
        if (m_slot < 0 || !firstThread() || p >= m_trace.maxPhases) return;
        PhaseSlot& s = m_trace.phases[std::uint64_t(m_slot) * m_trace.maxPhases + p];
        s.clock = clock;
        s.aRow = aRow;
        s.aCol = aCol;
        s.bRow = bRow;
        s.bCol = bCol;
        s.used = 1;
    }

    // Warp 0 of a traced block: the warp whose shared reads are recorded.
    __device__ bool tracesWarp() const {
        return m_slot >= 0 && linearThread() / 32 == 0 && m_trace.maxShared > 0;
    }

    // All 32 lanes of the traced warp, together: one read of the inner loop,
    // made again on its own between two clock64 readings. Storing the loaded
    // bits needs them, so the second reading follows the data.
    template <typename T>
    __device__ void sharedRead(const T* p, const void* base) {
        const std::uint32_t i = m_sharedCount++;
        if (i >= m_trace.maxShared) return;
        SharedSlot& s = m_trace.shared[std::uint64_t(m_slot) * m_trace.maxShared + i];
        const std::uint32_t lane = linearThread() & 31u;
        __syncwarp();
        const std::int64_t t0 = cycleCounter();
        const T v = *p;
        s.sink[lane] = firstBits(v);
        const std::int64_t t1 = cycleCounter();
        s.address[lane] = std::uint32_t(static_cast<const char*>(static_cast<const void*>(p)) -
                                        static_cast<const char*>(base));
        if (lane == 0) {
            s.activeMask = 0xffffffffu;
            s.widthBytes = sizeof(T);
            s.cycles = t1 - t0;
            s.used = 1;
        }
    }

    // Every thread calls finish(): it holds a barrier, so the block's bar
    // covers all its threads' work.
    __device__ void finish() {
        __syncthreads();
        if (!firstThread() || m_trace.blocks.block == nullptr) return;
        const std::uint64_t endNs = dev::globalTimerNs();
        const std::int64_t endClock = cycleCounter();
        const std::uint32_t b = linearBlock();
        m_trace.blocks.endNs[b] = endNs;
        m_trace.blocks.endClock[b] = endClock;
        m_trace.blocks.block[b] = b;  // written last: the record is whole
    }

private:
    __device__ static std::uint32_t firstBits(float v) { return __float_as_uint(v); }
    __device__ static std::uint32_t firstBits(float4 v) { return __float_as_uint(v.x); }

    const MatmulTrace& m_trace;
    int m_slot = -1;
    std::uint32_t m_sharedCount = 0;
};

#endif  // __CUDACC__

}  // namespace ws::matmul
