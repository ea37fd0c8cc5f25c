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

#include "kernels/common/record_pointers.h"
#ifdef __CUDACC__
#include "kernels/common/device_clocks.cuh"
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

#if defined(__CUDACC__)
#define WS_SLOT_HD __host__ __device__
#else
#define WS_SLOT_HD
#endif

// One block's record as the kernels write it: 32 bytes, two 16-byte stores
// by thread 0. The block id is the slot's index, and %smid rides in the top
// 16 bits of the start clock, whose upper bits the end clock restores (no
// block runs 2^48 cycles, 39 hours at 2 GHz). With a million blocks of half
// a microsecond (the uint8 transposes) every store of a record is paid a
// million times: in bench/gpu_memory/block_record_cost.cu the uint8
// transpose's record cost 11 % in 48 bytes (three stores) and 7 % in 32 (the
// bench keeps %smid in 8 bits above 56 of the clock; the stores are the same)
// (docs/performance.md, "Cost of recording"). TraceStorage::download spreads
// the slots into BlockRecords, so the trace has the same shape either way.
// TraceStorage::clear fills the slots with 0xff: a block that never wrote its
// slot keeps kUnwrittenSlot.
struct alignas(16) BlockSlot {
    std::uint64_t startNs = 0;
    std::uint64_t startClockAndSm = 0;  // see packStartClock
    std::uint64_t endNs = 0;
    std::int64_t endClock = 0;
};
static_assert(sizeof(BlockSlot) == 32);

inline constexpr std::uint64_t kUnwrittenSlot = ~std::uint64_t(0);
inline constexpr int kStartClockBits = 48;
inline constexpr std::uint64_t kStartClockMask = (std::uint64_t(1) << kStartClockBits) - 1;

WS_SLOT_HD constexpr std::uint64_t packStartClock(std::int64_t clock, std::uint32_t sm) {
    return (std::uint64_t(clock) & kStartClockMask) |
           (std::uint64_t(sm & 0xffffu) << kStartClockBits);
}
constexpr std::uint32_t slotSm(const BlockSlot& s) {
    return std::uint32_t(s.startClockAndSm >> kStartClockBits);
}
// The start clock's low 48 bits with the end clock's upper bits, one 2^48
// period back if that would put the start after the end.
constexpr std::int64_t slotStartClock(const BlockSlot& s) {
    const std::uint64_t end = std::uint64_t(s.endClock);
    std::uint64_t start = (end & ~kStartClockMask) | (s.startClockAndSm & kStartClockMask);
    if (start > end) start -= kStartClockMask + 1;
    return std::int64_t(start);
}
constexpr bool slotWritten(const BlockSlot& s) {
    return s.startNs != kUnwrittenSlot && s.endNs != kUnwrittenSlot;
}

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

using dev::cycleCounter;
using dev::firstThread;
using dev::globalTimerNs;
using dev::smId;

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

// When and where thread 0 takes the start readings.
//   AfterFirstLoad: the kernel calls started() right after it issues its
//     first global load, and the readings wait in two register pairs until
//     the end. Read at the kernel's entry they held warp 0's first load back
//     by their latency, and for short blocks that delay is the block's: in
//     bench/gpu_memory/block_record_cost.cu a 32-byte record cost the uint8
//     transpose 10.9 % read at entry and 7.0 % read after the load, the
//     1024-thread float transpose 5.1 % and 3.2 % (docs/performance.md, "Cost
//     of recording"). The start is then a few cycles late: the load's issue,
//     not its wait. Nothing but ptxas's schedule keeps the readings after the
//     load (the SASS of the bench shows them there); a memory clobber would
//     make them wait for it.
//   AtEntry: read at entry, kept in registers (for kernels whose first load
//     sits inside a loop, or that have no global load).
//   StoredAtEntry: read at entry and stored into the block's slot at once.
//     Four registers live through a long loop cost the loop its depth of
//     loads in flight: in the bench the column sums ran 63 % slower with
//     them and 0.1 % slower with this; in the lab's build, +108 % fell to
//     +20 %.
//   StoredAfterFirstLoad: read where AfterFirstLoad reads and stored at
//     once. In the bench's 1024-thread padded transpose the record cost
//     2.6 % this way and 3.2 % kept in registers; in its 256-thread
//     transposes the store at once cost more (uint8 7.3 % against 7.0 %,
//     float with 4 rows per thread 6.3 % against 3.5 %).
enum class BlockStart { AfterFirstLoad, AtEntry, StoredAtEntry, StoredAfterFirstLoad };

// Thread 0 notes clock64 and %globaltimer at the start. The start readings
// take no memory clobber: nothing holds the block's first loads back behind
// them. At the end the block waits for all its threads, so the bar covers the
// whole block's work. Blocks and Accesses builds write the same record.
template <Recording kRec, BlockStart kStart = BlockStart::AtEntry>
class BlockScope {
    static constexpr bool kStartsLate =
        kStart == BlockStart::AfterFirstLoad || kStart == BlockStart::StoredAfterFirstLoad;
    static constexpr bool kStoresStart =
        kStart == BlockStart::StoredAtEntry || kStart == BlockStart::StoredAfterFirstLoad;

public:
    __device__ explicit BlockScope(const AccessTrace& t) : m_trace(t) {
        if constexpr (kRec != Recording::Off && !kStartsLate) takeStart();
    }
    // With a start after the first load, every thread calls it once, right
    // after the statement that issues the kernel's first global load.
    __device__ void started() {
        static_assert(kStartsLate, "the start was read at entry");
        if constexpr (kRec != Recording::Off) takeStart();
    }
    // Every thread calls finish(): it holds a barrier.
    __device__ void finish() {
        if constexpr (kRec != Recording::Off) {
            __syncthreads();
            if (!firstThread() || m_trace.blockSlots == nullptr) return;
            const std::uint64_t endNs = globalTimerNs();
            const std::int64_t endClock = cycleCounter();
            ulonglong2* s = slot();
            if constexpr (!kStoresStart) s[0] = make_ulonglong2(m_startNs, m_startClockAndSm);
            s[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
        }
    }

private:
    __device__ void takeStart() {
        if (!firstThread()) return;
        if constexpr (kStoresStart) {
            if (m_trace.blockSlots != nullptr) storeStart(slot());
        } else {
            readStart();
        }
    }
    __device__ void readStart() {
        m_startClockAndSm = packStartClock(clock64(), smId());
        m_startNs = globalTimerNs();
    }
    // Reads and stores in one place, nothing kept for later. (Out of line
    // or inlined, the column sums cost the same: +20.7 % and +20.5 %.)
    __device__ static __forceinline__ void storeStart(ulonglong2* slot) {
        const std::int64_t clock = clock64();
        slot[0] = make_ulonglong2(globalTimerNs(), packStartClock(clock, smId()));
    }

    __device__ ulonglong2* slot() const {
        return reinterpret_cast<ulonglong2*>(m_trace.blockSlots + linearBlock());
    }

    const AccessTrace& m_trace;
    std::uint64_t m_startNs = 0;
    std::uint64_t m_startClockAndSm = 0;
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
