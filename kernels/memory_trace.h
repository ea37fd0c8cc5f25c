#pragma once
// Recording for the memory experiments: block records for 2D grids, and the
// per-lane addresses of shared- and global-memory instructions of traced
// warps. Every kernel is built three times (Recording below); kernels route
// each access through a Tracer<kRec> and open a BlockScope<kRec>, which
// compile to nothing where the level does not ask for them. Included by .cu
// files and by the host launchers; the slot structs are shared with the
// host, which copies them back.
#include <cstdint>
#include <cstring>

#include "kernels/record_pointers.h"
#ifdef __CUDACC__
#include "kernels/device_clocks.cuh"
#endif

namespace ws::memory {

inline constexpr std::uint32_t kFullMask = 0xffffffffu;

// What a build of a kernel records.
//   Off:      nothing; the bare kernel. Kernel times and GB/s come from it.
//   Blocks:   one record per block (SM, %globaltimer and clock64 at start and
//             end); the access tracer is compiled out, so the kernel's code
//             between the two readings is the plain build's.
//   Accesses: block records, plus the lane addresses of every shared and
//             global access of the traced warps. The tracer's branches and
//             registers are in every access of every block, traced or not,
//             so a run that traces no block launches the Blocks build.
enum class Recording { Off, Blocks, Accesses };

// The three builds of one kernel, picked at launch time.
template <typename Kernel>
struct KernelBuilds {
    Kernel off = nullptr, blocks = nullptr, accesses = nullptr;
    Kernel operator[](Recording r) const {
        return r == Recording::Off ? off : r == Recording::Blocks ? blocks : accesses;
    }
};

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

// One block's record as the kernels write it: thread 0 stores it with three
// vector stores (two of 16 bytes, one of 8), where the six arrays of
// BlockRecords would take six scalar ones; with a million small blocks (the
// uint8 transposes) every store of a record is paid a million times.
// TraceStorage::download spreads the slots into BlockRecords, so the trace
// has the same shape either way.
struct alignas(16) BlockSlot {
    std::uint64_t startNs = 0;
    std::int64_t startClock = 0;
    std::uint64_t endNs = 0;
    std::int64_t endClock = 0;
    std::uint32_t block = 0;  // the linear block id; 0xffffffff until the block wrote
    std::uint32_t sm = 0;
    std::uint32_t unused[2] = {};
};
static_assert(sizeof(BlockSlot) == 48);

// Passed by value to every recording kernel. Slot (t, w, i) of traced block t,
// warp w, instruction i is ((t * tracedWarps) + w) * maxInstructions + i.
struct AccessTrace {
    // Block records, indexed by the linear block id: the memory kernels write
    // `blockSlots` (null: not recorded); `blocks` is the same record as six
    // arrays, for the basics kernels that share TraceStorage.
    BlockSlot* blockSlots = nullptr;
    BlockRecordPointers blocks;
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

// Where thread 0 keeps the start readings until the block's end.
//   Registers: in two register pairs. Storing them at once would hold warp 0
//     until the timer read returns, while a register is only waited for at
//     the end; for short blocks (the transposes) this is the cheaper way.
//   Memory: stored into the block's slot at once. Four registers live
//     through a long loop cost the loop its depth of loads in flight: in
//     bench/gpu_memory/block_record_cost.cu the column sums ran 63 % slower
//     with them and 0.1 % slower with this; in the lab's build, +108 % fell
//     to +20 % (docs/performance.md, "Cost of recording").
enum class StartKeptIn { Registers, Memory };

// Thread 0 notes clock64 and %globaltimer at the start. The start readings
// take no memory clobber: nothing holds the block's first loads back behind
// them. At the end the block waits for all its threads, so the bar covers the
// whole block's work. Blocks and Accesses builds write the same record.
template <Recording kRec, StartKeptIn kStart = StartKeptIn::Registers>
class BlockScope {
public:
    __device__ explicit BlockScope(const AccessTrace& t) : m_trace(t) {
        if constexpr (kRec != Recording::Off) {
            if (linearThread() == 0) {
                if constexpr (kStart == StartKeptIn::Memory) {
                    if (m_trace.blockSlots != nullptr) storeStart(slot());
                } else {
                    m_startClock = clock64();
                    m_startNs = globalTimerNs();
                }
            }
        }
    }
    // Every thread calls finish(): it holds a barrier.
    __device__ void finish() {
        if constexpr (kRec != Recording::Off) {
            __syncthreads();
            if (linearThread() != 0 || m_trace.blockSlots == nullptr) return;
            const std::uint64_t endNs = globalTimerNs();
            const std::int64_t endClock = cycleCounter();
            ulonglong2* s = slot();
            if constexpr (kStart == StartKeptIn::Registers)
                s[0] = make_ulonglong2(m_startNs, std::uint64_t(m_startClock));
            s[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
            *reinterpret_cast<uint2*>(s + 2) = make_uint2(linearBlock(), smId());
        }
    }

private:
    // Reads and stores in one place, nothing kept for later. (Out of line
    // or inlined, the column sums cost the same: +20.7 % and +20.5 %.)
    __device__ static __forceinline__ void storeStart(ulonglong2* slot) {
        const std::int64_t clock = clock64();
        slot[0] = make_ulonglong2(globalTimerNs(), std::uint64_t(clock));
    }

    __device__ ulonglong2* slot() const {
        return reinterpret_cast<ulonglong2*>(m_trace.blockSlots + linearBlock());
    }

    const AccessTrace& m_trace;
    std::uint64_t m_startNs = 0;
    std::int64_t m_startClock = 0;
};

// Off and Blocks builds: exactly the guarded access of the seed code.
template <Recording kRec>
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

// Accesses build. Every method is called by all 32 lanes of a warp together
// (the ballot needs them); `active` says which lanes really access. Whether a
// warp is traced is the same for all its lanes.
template <>
class Tracer<Recording::Accesses> {
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
