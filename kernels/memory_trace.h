#pragma once
// Recording for the memory experiments: block records for 2D grids, and the
// per-lane addresses of shared- and global-memory instructions of traced
// warps. Kernels route each access through a Tracer<kRecord>; the plain build
// (kRecord = false) compiles to the bare access, so its timing is the
// kernel's own. Included by .cu files only; the slot structs are shared with
// the host, which copies them back.
#include <cstdint>
#include <cstring>

#include "kernels/record_pointers.h"
#ifdef __CUDACC__
#include "kernels/device_clocks.cuh"
#endif

namespace ws::memory {

inline constexpr std::uint32_t kFullMask = 0xffffffffu;

struct SharedSlot {
    std::uint32_t address[32];  // byte offset from the start of the shared array
    std::uint32_t sink[32];     // the loaded bits: a store that waits for the load
    std::uint32_t activeMask;
    std::uint32_t widthBytes;
    std::uint32_t used;
    std::uint32_t isStore;
    std::int64_t cycles;
};

struct GlobalSlot {
    std::uint64_t address[32];  // byte offset from the start of the buffer
    std::uint32_t activeMask;
    std::uint32_t widthBytes;
    std::uint32_t isWrite;
    std::uint32_t used;
};

// Passed by value to every recording kernel. Slot (t, w, i) of traced block t,
// warp w, instruction i is ((t * tracedWarps) + w) * maxInstructions + i.
struct AccessTrace {
    BlockRecordPointers blocks;  // indexed by the linear block id
    std::uint32_t tracedBlock[kMaxTracedSlots] = {};
    std::uint32_t tracedCount = 0;
    std::uint32_t tracedWarps = 0;
    std::uint32_t maxShared = 0;  // instructions recorded per warp
    std::uint32_t maxGlobal = 0;
    SharedSlot* shared = nullptr;
    GlobalSlot* global = nullptr;
};

#ifdef __CUDACC__

using dev::globalTimerNs;
using dev::smId;

// clock64 with a memory clobber: the compiler keeps memory operations on the
// side of the reading where the source puts them.
__device__ __forceinline__ std::int64_t cycleCounter() {
    std::int64_t t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}

__device__ __forceinline__ std::uint32_t linearBlock() {
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

__device__ __forceinline__ std::uint32_t linearThread() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

template <typename T>
__device__ __forceinline__ std::uint32_t firstWord(const T& v) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof(T) < 4 ? sizeof(T) : 4);
    return bits;
}

// Thread 0 notes SM, %globaltimer and clock64 at the start; at the end the
// block waits for all its threads, so the bar covers the whole block's work.
template <bool kRecord>
class BlockScope {
public:
    __device__ explicit BlockScope(const AccessTrace&) {}
    __device__ void finish() {}
};

template <>
class BlockScope<true> {
public:
    __device__ explicit BlockScope(const AccessTrace& t) : m_trace(t) {
        if (linearThread() == 0) {
            m_startClock = cycleCounter();
            m_startNs = globalTimerNs();
        }
    }
    // Every thread calls finish(): it holds a barrier.
    __device__ void finish() {
        __syncthreads();
        if (linearThread() != 0 || m_trace.blocks.block == nullptr) return;
        const std::uint64_t endNs = globalTimerNs();
        const std::int64_t endClock = cycleCounter();
        const std::uint32_t b = linearBlock();
        m_trace.blocks.block[b] = b;
        m_trace.blocks.sm[b] = smId();
        m_trace.blocks.startNs[b] = m_startNs;
        m_trace.blocks.endNs[b] = endNs;
        m_trace.blocks.startClock[b] = m_startClock;
        m_trace.blocks.endClock[b] = endClock;
    }

private:
    const AccessTrace& m_trace;
    std::uint64_t m_startNs = 0;
    std::int64_t m_startClock = 0;
};

// Plain build: exactly the guarded access of the seed code.
template <bool kRecord>
class Tracer {
public:
    __device__ explicit Tracer(const AccessTrace&) {}
    template <typename T>
    __device__ T loadShared(const T* p, const void*, bool active, T fallback) {
        return active ? *p : fallback;
    }
    template <typename T>
    __device__ void storeShared(T* p, T v, const void*, bool active) {
        if (active) *p = v;
    }
    template <typename T>
    __device__ T loadGlobal(const T* p, const void*, bool active, T fallback) {
        return active ? *p : fallback;
    }
    template <typename T>
    __device__ void storeGlobal(T* p, T v, const void*, bool active) {
        if (active) *p = v;
    }
    // An access the kernel makes itself (an atomic): nothing to note.
    __device__ void noteGlobal(const void*, const void*, std::uint32_t, bool, bool) {}
};

// Recording build. Every method is called by all 32 lanes of a warp together
// (the ballot needs them); `active` says which lanes really access. Whether a
// warp is traced is the same for all its lanes.
template <>
class Tracer<true> {
public:
    __device__ explicit Tracer(const AccessTrace& t) : m_trace(t) {
        const std::uint32_t b = linearBlock(), w = linearThread() / 32;
        for (std::uint32_t i = 0; i < t.tracedCount; ++i)
            if (t.tracedBlock[i] == b && w < t.tracedWarps) m_slot = int(i * t.tracedWarps + w);
    }

    template <typename T>
    __device__ T loadShared(const T* p, const void* base, bool active, T fallback) {
        if (m_slot < 0) return active ? *p : fallback;
        const std::uint32_t mask = __ballot_sync(kFullMask, active);
        SharedSlot* s = sharedSlot();
        __syncwarp();
        const std::int64_t t0 = cycleCounter();
        T v = active ? *p : fallback;
        // Storing the loaded bits needs them, so the second reading comes
        // after the data arrived: the delta is the access's latency.
        if (s && active) s->sink[lane()] = firstWord(v);
        const std::int64_t t1 = cycleCounter();
        if (s) fill(*s, p, base, active, mask, sizeof(T), t1 - t0, false);
        return v;
    }

    template <typename T>
    __device__ void storeShared(T* p, T v, const void* base, bool active) {
        if (m_slot < 0) {
            if (active) *p = v;
            return;
        }
        const std::uint32_t mask = __ballot_sync(kFullMask, active);
        SharedSlot* s = sharedSlot();
        __syncwarp();
        const std::int64_t t0 = cycleCounter();
        if (active) *p = v;
        __threadfence_block();  // a store retires late; wait until it is visible to the block
        const std::int64_t t1 = cycleCounter();
        if (s) fill(*s, p, base, active, mask, sizeof(T), t1 - t0, true);
    }

    template <typename T>
    __device__ T loadGlobal(const T* p, const void* base, bool active, T fallback) {
        noteGlobal(p, base, sizeof(T), active, false);
        return active ? *p : fallback;
    }

    template <typename T>
    __device__ void storeGlobal(T* p, T v, const void* base, bool active) {
        noteGlobal(p, base, sizeof(T), active, true);
        if (active) *p = v;
    }

    __device__ void noteGlobal(const void* p, const void* base, std::uint32_t width, bool active,
                               bool write) {
        if (m_slot < 0) return;
        const std::uint32_t mask = __ballot_sync(kFullMask, active);
        const std::uint32_t i = m_globalCount++;
        if (i >= m_trace.maxGlobal || mask == 0) return;
        GlobalSlot& g = m_trace.global[std::uint64_t(m_slot) * m_trace.maxGlobal + i];
        g.address[lane()] =
            active ? std::uint64_t(static_cast<const char*>(p) - static_cast<const char*>(base))
                   : 0;
        if (lane() == 0) {
            g.activeMask = mask;
            g.widthBytes = width;
            g.isWrite = write;
            g.used = 1;
        }
    }

private:
    __device__ static std::uint32_t lane() { return linearThread() & 31u; }

    __device__ SharedSlot* sharedSlot() {
        const std::uint32_t i = m_sharedCount++;
        if (i >= m_trace.maxShared) return nullptr;
        return &m_trace.shared[std::uint64_t(m_slot) * m_trace.maxShared + i];
    }

    __device__ void fill(SharedSlot& s, const void* p, const void* base, bool active,
                         std::uint32_t mask, std::uint32_t width, std::int64_t cycles, bool store) {
        s.address[lane()] =
            active ? std::uint32_t(static_cast<const char*>(p) - static_cast<const char*>(base))
                   : 0;
        if (lane() == 0) {
            s.activeMask = mask;
            s.widthBytes = width;
            s.isStore = store;
            s.cycles = cycles;
            s.used = mask != 0;  // a step no lane of this warp takes part in is left out
        }
    }

    const AccessTrace& m_trace;
    int m_slot = -1;
    std::uint32_t m_sharedCount = 0;
    std::uint32_t m_globalCount = 0;
};

#endif  // __CUDACC__

}  // namespace ws::memory
