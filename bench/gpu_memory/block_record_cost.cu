// block_record_cost: what a per-block record costs the memory lab's kernels,
// taken apart. Four kernels of the lab, copied here so that only the record
// changes: the seed's uint8 transpose through a 16x16 tile (a million blocks
// of 512 bytes), the float transpose through a padded 32x33 tile with 1024
// threads per block, the float transpose through an unpadded tile with 4 rows
// per thread (256 threads), and the column sums (64 blocks, each a 16384-row
// loop).
// Each runs without a record and with every way of writing one below; the
// launches of all ways take turns, 31 rounds, and the median is reported as
// % over the kernel without a record. Every output is checked against the
// CPU, every record for having been written with end >= start (in cycles
// where a way stores no end ns), and the clock
// records' anchors for mapping each SM's clock64 onto %globaltimer (the
// interpolation error is printed), as is the error of the ways that take the
// end's ns from the starts of other blocks.
//
//   block_record_cost [--rounds N]
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench/gpu_memory/bench_check.h"

namespace {

__device__ __forceinline__ std::uint64_t timerNs() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
__device__ __forceinline__ std::int64_t clockMem() {
    std::int64_t t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
__device__ __forceinline__ std::uint32_t smid() {
    std::uint32_t id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return id;
}
__device__ __forceinline__ std::uint32_t blockLinear() {
    return blockIdx.x + gridDim.x * blockIdx.y;
}
__device__ __forceinline__ bool threadZero() {
    return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

// The ways of writing a record. Each has begin() at the kernel's start and
// end() called by every thread at its end. "At once": thread 0 stores the
// start readings as soon as it has them (its warp waits for them); "in
// registers": it keeps them until the end (four registers live through the
// kernel's body). The 32-byte slot keeps %smid in the top byte of the start
// clock (a reader takes the clock's low 56 bits and recovers the rest from the
// end clock, as no block runs 2^56 cycles).
enum Way {
    kNone,         // no record
    kLab48,        // the lab's before: registers, barrier, 48 bytes (3 stores) by thread 0
                   // (the lab's now is kLate32, with the SM in 16 bits above 48 of the clock)
    kAtOnce48,     // start at once (16 B), barrier, end and SM (24 B) by thread 0
    kAtOnce32,     // start at once (16 B), barrier, end (16 B) by thread 0
    kAtOnce32Red,  // start at once (16 B), no barrier: every warp's end by atomicMax
    kRegisters32,  // registers, barrier, 32 bytes (2 stores) by thread 0
    kRegisters16,  // registers, barrier, 16 bytes: start ns low 32 bits, ns and cycles spent, SM
    kRegisters16NoBar,  // the same without the barrier (not a valid record: thread 0's own end)
    kReadsOnly,         // registers, barrier, the readings but no store (what the readings cost)
    kStoreOnly,         // barrier, a 16-byte store of constants (what the store costs)
    kBarrierOnly,       // the closing barrier alone
    kClockReadsOnly,    // clock64 and %smid, barrier, no store
    kClock16,           // clock64 only (registers), barrier, 16 bytes; anchors read %globaltimer
    kClock16NoBar,      // the same without the barrier (thread 0's own end)*
    kLastWarp32,        // start at once, the last warp to finish writes the end (no barrier)
    kLastWarpClock16,   // clock64 start in shared memory, last warp writes 16 bytes; anchors
    kSmFirst32,         // registers with %smid read at the start, barrier, 32 bytes
    kLate32,            // the same, start read after the block's first load is issued
    kLateAtOnce32,      // start read after the first load and stored at once, barrier, end
    kLate16,            // 16 bytes, start read after the first load, barrier
    kLate16NoBar,       // the same without the barrier*
    // The end read before the kernel's final global store instead of after
    // it (barrier, readings, record store, then everyone's final store), so
    // the record's store travels with the kernel's own last stores.
    kEbs32,       // late start, 32 bytes by thread 0 (two 16-byte stores)
    kEbsPair32,   // late start, 32 bytes by lanes 0 and 1 in one store instruction
    kEbs16,       // late start, 16 bytes
    kEbsNoBar32,  // late start, no barrier (warp 0's end)*
    kLate48,      // 48 bytes, start read after the first load, barrier
    // The closing barrier split: warps other than warp 0 arrive at a named
    // barrier and exit; only warp 0 waits for them, then thread 0 reads the
    // end. A warp that is done need not stay for the slowest.
    kArriveOnly,          // arrive/wait alone, no readings, no store*
    kLateArrive32,        // late start in registers, arrive/wait, 32 bytes
    kLateAtOnceArrive32,  // late start stored at once, arrive/wait, end
    // The end's %globaltimer left out: thread 0 stores only clock64, and the
    // end's ns comes from the SM's (clock64, ns) start pairs of other blocks,
    // interpolated (the error is printed).
    kLateAtOnceClockEnd32,        // late start stored at once, barrier, end clock
    kLateAtOnceArriveClockEnd32,  // the same with arrive/wait
    kWayCount
};
const char* wayName(int w) {
    static const char* names[] = {"none",
                                  "48 B, registers, barrier",
                                  "48 B, start at once, barrier",
                                  "32 B, start at once, barrier",
                                  "32 B, start at once, atomicMax",
                                  "32 B, registers, barrier",
                                  "16 B, registers, barrier",
                                  "16 B, registers, no barrier*",
                                  "readings only, barrier*",
                                  "store only, barrier*",
                                  "barrier only*",
                                  "clock64+smid reads, barrier*",
                                  "16 B clock, barrier, anchors",
                                  "16 B clock, no barrier*",
                                  "32 B, at once, last warp",
                                  "16 B clock, last warp, anchors",
                                  "32 B, registers, SM first, barrier",
                                  "32 B, late start, barrier",
                                  "32 B, late start at once, barrier",
                                  "16 B, late start, barrier",
                                  "16 B, late start, no barrier*",
                                  "32 B, late, end before last store",
                                  "32 B, late, end before, 1 store",
                                  "16 B, late, end before last store",
                                  "32 B, late, end before, no barrier*",
                                  "48 B, late start, barrier",
                                  "arrive/wait only*",
                                  "32 B, late start, arrive/wait",
                                  "32 B, late at once, arrive/wait",
                                  "32 B, late at once, barrier, end clock",
                                  "32 B, late at once, arrive, end clock"};
    return names[w];
}
std::uint32_t slotBytes(int w) {
    switch (w) {
        case kNone:
            return 0;
        case kLab48:
        case kAtOnce48:
        case kLate48:
            return 48;
        case kAtOnce32:
        case kAtOnce32Red:
        case kRegisters32:
        case kLastWarp32:
        case kSmFirst32:
        case kLate32:
        case kLateAtOnce32:
        case kEbs32:
        case kEbsPair32:
        case kEbsNoBar32:
        case kLateArrive32:
        case kLateAtOnceArrive32:
        case kLateAtOnceClockEnd32:
        case kLateAtOnceArriveClockEnd32:
            return 32;
        default:
            return 16;
    }
}
bool validRecord(int w) {
    return w != kRegisters16NoBar && w != kReadsOnly && w != kStoreOnly && w != kBarrierOnly &&
           w != kClockReadsOnly && w != kClock16NoBar && w != kLate16NoBar && w != kEbsNoBar32 &&
           w != kArriveOnly;
}
// Ways whose end ns is not read but interpolated from other blocks' starts.
bool endClockOnly(int w) { return w == kLateAtOnceClockEnd32 || w == kLateAtOnceArriveClockEnd32; }
bool clockRecord(int w) { return w == kClock16 || w == kClock16NoBar || w == kLastWarpClock16; }

struct Records {
    void* slots = nullptr;  // slotBytes(way) per block, zeroed before the launch
    // Clock records: every anchorStride-th block also reads %globaltimer at
    // start and end into anchors[block / anchorStride] (two u64), which maps
    // each SM's clock64 onto the device clock.
    unsigned long long* anchors = nullptr;
    std::uint32_t anchorStride = 64;
};

__device__ __forceinline__ char* slotOf(Records r, std::uint32_t bytes) {
    return static_cast<char*>(r.slots) + std::size_t(bytes) * blockLinear();
}
__device__ __forceinline__ std::uint64_t clockWithSm(std::int64_t clock) {
    return (std::uint64_t(clock) & ((1ull << 56) - 1)) | (std::uint64_t(smid()) << 56);
}

__device__ __forceinline__ std::uint32_t warpCount() {
    return (blockDim.x * blockDim.y * blockDim.z + 31) / 32;
}
__device__ __forceinline__ bool laneZero() {
    return ((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u) == 0;
}
__device__ __forceinline__ bool anchorBlock(Records r) {
    return blockLinear() % r.anchorStride == 0;
}

// kBodyHasBarrier: the kernel's body holds a __syncthreads, which orders the
// zeroing of the last-warp counter before any warp's arrival; without one,
// begin() adds a barrier for it.
template <int kWay, bool kBodyHasBarrier = true>
struct Recorder {
    static constexpr bool kLastWarpWay = kWay == kLastWarp32 || kWay == kLastWarpClock16;
    static constexpr bool endClockOnlyWay =
        kWay == kLateAtOnceClockEnd32 || kWay == kLateAtOnceArriveClockEnd32;
    // Late ways take the start readings after the block's first load is
    // issued (afterFirstLoad), so that warp 0's load does not wait for them.
    static constexpr bool kEndBeforeStore =
        kWay == kEbs32 || kWay == kEbsPair32 || kWay == kEbs16 || kWay == kEbsNoBar32;
    static constexpr bool kArriveEnd = kWay == kArriveOnly || kWay == kLateArrive32 ||
                                       kWay == kLateAtOnceArrive32 ||
                                       kWay == kLateAtOnceArriveClockEnd32;
    static constexpr bool kLateAtOnce = kWay == kLateAtOnce32 || kWay == kLateAtOnceArrive32 ||
                                        kWay == kLateAtOnceClockEnd32 ||
                                        kWay == kLateAtOnceArriveClockEnd32;
    static constexpr bool kLate = kWay == kLate32 || kLateAtOnce || kWay == kLate16 ||
                                  kWay == kLate16NoBar || kEndBeforeStore || kWay == kLate48 ||
                                  kWay == kLateArrive32;

    // Called by every thread right before the kernel's final global store.
    __device__ void beforeFinalStore(Records r) {
        if constexpr (kEndBeforeStore) {
            if constexpr (kWay != kEbsNoBar32) __syncthreads();
            if constexpr (kWay == kEbsPair32) {
                const std::uint32_t t =
                    threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
                if (t >= 2) return;
                const std::uint64_t endNs = timerNs();
                const std::int64_t endClock = clockMem();
                const ulonglong2 v = t == 0 ? make_ulonglong2(startNs, startClockSm)
                                            : make_ulonglong2(endNs, std::uint64_t(endClock));
                reinterpret_cast<ulonglong2*>(slotOf(r, 32))[t] = v;
                return;
            }
            if (!threadZero()) return;
            const std::uint64_t endNs = timerNs();
            const std::int64_t endClock = clockMem();
            if constexpr (kWay == kEbs16) {
                const std::uint64_t startClock56 = startClockSm & ((1ull << 56) - 1);
                *reinterpret_cast<uint4*>(slotOf(r, 16)) =
                    make_uint4(std::uint32_t(startNs), std::uint32_t(endNs - startNs),
                               std::uint32_t(std::uint64_t(endClock) - startClock56),
                               std::uint32_t(startClockSm >> 56) + 1);
            } else {
                auto* slot = reinterpret_cast<ulonglong2*>(slotOf(r, 32));
                slot[0] = make_ulonglong2(startNs, startClockSm);
                slot[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
            }
        }
    }
    std::uint64_t startClockSm = 0;

    __device__ void afterFirstLoad(Records r) {
        if constexpr (kLate) {
            if (!threadZero()) return;
            if constexpr (kWay == kLate48)
                startClock = clock64();
            else
                startClockSm = clockWithSm(clock64());
            startNs = timerNs();
            if constexpr (kLateAtOnce)
                *reinterpret_cast<ulonglong2*>(slotOf(r, 32)) =
                    make_ulonglong2(startNs, startClockSm);
        }
    }
    std::uint64_t startNs = 0;
    std::int64_t startClock = 0;

    __device__ static unsigned* arrivals() {
        __shared__ unsigned count;
        return &count;
    }
    __device__ static std::int64_t* sharedStart() {
        __shared__ std::int64_t clock;
        return &clock;
    }

    __device__ void begin(Records r) {
        if constexpr (kWay == kNone || kWay == kStoreOnly || kWay == kBarrierOnly ||
                      kWay == kArriveOnly || kLate)
            return;
        if constexpr (kLastWarpWay) {
            if (threadZero()) {
                *arrivals() = 0;
                const std::int64_t clock = clock64();
                if constexpr (kWay == kLastWarp32) {
                    *reinterpret_cast<ulonglong2*>(slotOf(r, 32)) =
                        make_ulonglong2(timerNs(), clockWithSm(clock));
                } else {
                    *sharedStart() = clock;
                    if (anchorBlock(r)) r.anchors[2 * (blockLinear() / r.anchorStride)] = timerNs();
                }
            }
            if constexpr (!kBodyHasBarrier) __syncthreads();
            return;
        }
        if (!threadZero()) return;
        if constexpr (kWay == kSmFirst32) {
            startClockSm = clockWithSm(clock64());
            startNs = timerNs();
            return;
        }
        startClock = clock64();
        if constexpr (kWay == kClock16 || kWay == kClock16NoBar) {
            if (anchorBlock(r)) startNs = timerNs();
            return;
        }
        if constexpr (kWay == kClockReadsOnly) return;
        startNs = timerNs();
        if constexpr (kWay == kAtOnce48)
            *reinterpret_cast<ulonglong2*>(slotOf(r, 48)) =
                make_ulonglong2(startNs, std::uint64_t(startClock));
        if constexpr (kWay == kAtOnce32 || kWay == kAtOnce32Red)
            *reinterpret_cast<ulonglong2*>(slotOf(r, 32)) =
                make_ulonglong2(startNs, clockWithSm(startClock));
    }

    __device__ void end(Records r) {
        if constexpr (kWay == kNone || kEndBeforeStore) return;
        if constexpr (kArriveEnd) {
            // Block sizes here are whole warps, as bar.arrive needs.
            const std::uint32_t threads = blockDim.x * blockDim.y * blockDim.z;
            const std::uint32_t warp =
                (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) / 32;
            if (warp != 0) {
                asm volatile("bar.arrive 1, %0;" ::"r"(threads) : "memory");
                return;
            }
            asm volatile("bar.sync 1, %0;" ::"r"(threads) : "memory");
            if constexpr (kWay == kArriveOnly) return;
        } else if constexpr (kWay != kRegisters16NoBar && kWay != kClock16NoBar &&
                             kWay != kLate16NoBar && kWay != kAtOnce32Red && !kLastWarpWay) {
            __syncthreads();
        }
        if constexpr (endClockOnlyWay) {
            if (!threadZero()) return;
            reinterpret_cast<long long*>(slotOf(r, 32))[3] = clockMem();
            return;
        }
        if constexpr (kWay == kLateArrive32 || kWay == kLateAtOnceArrive32) {
            if (!threadZero()) return;
            const std::uint64_t endNs = timerNs();
            const std::int64_t endClock = clockMem();
            auto* slot = reinterpret_cast<ulonglong2*>(slotOf(r, 32));
            if constexpr (kWay == kLateArrive32) slot[0] = make_ulonglong2(startNs, startClockSm);
            slot[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
            return;
        }
        if constexpr (kLastWarpWay) {
            __syncwarp();
            if (!laneZero()) return;
            if (atomicAdd(arrivals(), 1u) != warpCount() - 1) return;
            const std::int64_t endClock = clockMem();
            if constexpr (kWay == kLastWarp32) {
                reinterpret_cast<ulonglong2*>(slotOf(r, 32))[1] =
                    make_ulonglong2(timerNs(), std::uint64_t(endClock));
            } else {
                const std::int64_t begun = *sharedStart();
                *reinterpret_cast<ulonglong2*>(slotOf(r, 16)) = make_ulonglong2(
                    std::uint64_t(begun), std::uint64_t(std::uint32_t(endClock - begun)) |
                                              (std::uint64_t(smid() + 1) << 32));
                if (anchorBlock(r)) r.anchors[2 * (blockLinear() / r.anchorStride) + 1] = timerNs();
            }
            return;
        }
        if constexpr (kWay == kAtOnce32Red) {
            __syncwarp();
            if (((threadIdx.x + blockDim.x * threadIdx.y) & 31u) != 0) return;
            const std::uint64_t endNs = timerNs();
            const std::int64_t endClock = clockMem();
            auto* slot = reinterpret_cast<unsigned long long*>(slotOf(r, 32));
            atomicMax(slot + 2, static_cast<unsigned long long>(endNs));
            atomicMax(slot + 3, static_cast<unsigned long long>(endClock));
            return;
        }
        if (!threadZero()) return;
        if constexpr (kWay == kSmFirst32 || kWay == kLate32 || kWay == kLateAtOnce32) {
            const std::uint64_t endNs = timerNs();
            const std::int64_t endClock = clockMem();
            auto* slot = reinterpret_cast<ulonglong2*>(slotOf(r, 32));
            if constexpr (kWay != kLateAtOnce32) slot[0] = make_ulonglong2(startNs, startClockSm);
            slot[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
            return;
        }
        if constexpr (kWay == kLate16 || kWay == kLate16NoBar) {
            const std::uint64_t endNs = timerNs();
            const std::int64_t endClock = clockMem();
            const std::uint64_t startClock56 = startClockSm & ((1ull << 56) - 1);
            *reinterpret_cast<uint4*>(slotOf(r, 16)) =
                make_uint4(std::uint32_t(startNs), std::uint32_t(endNs - startNs),
                           std::uint32_t(std::uint64_t(endClock) - startClock56),
                           std::uint32_t(startClockSm >> 56) + 1);
            return;
        }
        if constexpr (kWay == kBarrierOnly) return;
        if constexpr (kWay == kStoreOnly) {
            *reinterpret_cast<uint4*>(slotOf(r, 16)) = make_uint4(1, 2, 3, blockLinear() + 1);
            return;
        }
        if constexpr (kWay == kClockReadsOnly) {
            const std::int64_t endClock = clockMem();
            // Never true: keeps the readings without storing them.
            if (endClock == startClock && smid() == 1000)
                *reinterpret_cast<uint4*>(slotOf(r, 16)) = make_uint4(0, 0, 0, 0);
            return;
        }
        if constexpr (kWay == kClock16 || kWay == kClock16NoBar) {
            const std::int64_t endClock = clockMem();
            *reinterpret_cast<ulonglong2*>(slotOf(r, 16)) = make_ulonglong2(
                std::uint64_t(startClock), std::uint64_t(std::uint32_t(endClock - startClock)) |
                                               (std::uint64_t(smid() + 1) << 32));
            if (anchorBlock(r)) {
                auto* a = r.anchors + 2 * (blockLinear() / r.anchorStride);
                *reinterpret_cast<ulonglong2*>(a) = make_ulonglong2(startNs, timerNs());
            }
            return;
        }
        const std::uint64_t endNs = timerNs();
        const std::int64_t endClock = clockMem();
        if constexpr (kWay == kReadsOnly) {
            // Never true: keeps the readings without storing them.
            if (endNs == startNs && endClock == startClock)
                *reinterpret_cast<uint4*>(slotOf(r, 16)) = make_uint4(0, 0, 0, 0);
            return;
        }
        if constexpr (kWay == kRegisters16 || kWay == kRegisters16NoBar) {
            *reinterpret_cast<uint4*>(slotOf(r, 16)) =
                make_uint4(std::uint32_t(startNs), std::uint32_t(endNs - startNs),
                           std::uint32_t(endClock - startClock), smid() + 1);
            return;
        }
        if constexpr (kWay == kAtOnce32 || kWay == kLastWarp32) {
            reinterpret_cast<ulonglong2*>(slotOf(r, 32))[1] =
                make_ulonglong2(endNs, std::uint64_t(endClock));
            return;
        }
        if constexpr (kWay == kRegisters32) {
            auto* slot = reinterpret_cast<ulonglong2*>(slotOf(r, 32));
            slot[0] = make_ulonglong2(startNs, clockWithSm(startClock));
            slot[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
            return;
        }
        auto* slot = reinterpret_cast<ulonglong2*>(slotOf(r, 48));
        if constexpr (kWay == kLab48 || kWay == kLate48)
            slot[0] = make_ulonglong2(startNs, std::uint64_t(startClock));
        slot[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
        *reinterpret_cast<uint2*>(slot + 2) = make_uint2(blockLinear() + 1, smid());
    }
};

// The seed's uint8 transpose through a 16x16 tile (kernels/memory/memory_transpose_u8.cu).
template <int kWay>
__global__ void transposeU8(const std::uint8_t* src, std::uint8_t* dst, int width, int height,
                            Records rec) {
    Recorder<kWay> r;
    r.begin(rec);
    __shared__ std::uint8_t sbuf[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int xbase = blockIdx.x * 16, ybase = blockIdx.y * 16;
    {
        const int x = xbase + tx, y = ybase + ty;
        const bool inside = x < width && y < height;
        const std::uint8_t v = inside ? src[x + std::size_t(y) * width] : 0;
        r.afterFirstLoad(rec);
        sbuf[ty][tx] = v;
    }
    __syncthreads();
    {
        const int x = xbase + ty, y = ybase + tx;
        const std::uint8_t v = sbuf[tx][ty];
        r.beforeFinalStore(rec);
        if (x < width && y < height) dst[y + std::size_t(x) * height] = v;
    }
    r.end(rec);
}

// The lab's float transposes through a 32x32 tile (kernels/memory/memory_transpose_f32.cu):
// blocks of 32 x (32 / kRows), each thread moving kRows rows; kPad = 1 pads
// the tile to 33 columns.
template <int kWay, int kRows, int kPad>
__global__ void transposeF32(const float* in, float* out, int width, int height, Records rec) {
    constexpr int kStep = 32 / kRows;
    Recorder<kWay> r;
    r.begin(rec);
    __shared__ float tile[32][32 + kPad];
    const int tx = threadIdx.x, ty = threadIdx.y;
    {
        const int x = blockIdx.x * 32 + tx;
#pragma unroll
        for (int j = 0; j < kRows; ++j) {
            const int y = blockIdx.y * 32 + ty + j * kStep;
            const float v = x < width && y < height ? in[std::size_t(y) * width + x] : 0.0f;
            if (j == 0) r.afterFirstLoad(rec);
            tile[ty + j * kStep][tx] = v;
        }
    }
    __syncthreads();
    {
        const int x = blockIdx.y * 32 + tx;
#pragma unroll
        for (int j = 0; j < kRows; ++j) {
            const int y = blockIdx.x * 32 + ty + j * kStep;
            const float v = tile[tx][ty + j * kStep];
            if (j == kRows - 1) r.beforeFinalStore(rec);
            if (x < height && y < width) out[std::size_t(y) * height + x] = v;
        }
    }
    r.end(rec);
}

// The column sums of seed 001: one thread per column, a loop down the rows.
template <int kWay>
__global__ void columnSums(const std::uint8_t* src, float* dst, int width, int height,
                           Records rec) {
    Recorder<kWay, false> r;
    r.begin(rec);
    r.afterFirstLoad(rec);  // the loop's loads come later; read the start at once
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const bool inside = x < width;
    float sum = 0;
    for (int y = 0; y < height; ++y)
        sum += inside ? src[x + std::size_t(y) * width] : std::uint8_t(0);
    r.beforeFinalStore(rec);
    if (inside) dst[x] = sum;
    r.end(rec);
}

using U8Kernel = void (*)(const std::uint8_t*, std::uint8_t*, int, int, Records);
using F32Kernel = void (*)(const float*, float*, int, int, Records);
using SumKernel = void (*)(const std::uint8_t*, float*, int, int, Records);

template <int... W>
std::vector<U8Kernel> u8Kernels(std::integer_sequence<int, W...>) {
    return {transposeU8<W>...};
}
template <int kRows, int kPad, int... W>
std::vector<F32Kernel> f32Kernels(std::integer_sequence<int, W...>) {
    return {transposeF32<W, kRows, kPad>...};
}
template <int... W>
std::vector<SumKernel> sumKernels(std::integer_sequence<int, W...>) {
    return {columnSums<W>...};
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Every block wrote its slot, with end at or after start and an SM id
// below the device's count.
bool recordsValid(const std::vector<std::uint8_t>& bytes, int way, std::size_t blocks, int sms) {
    for (std::size_t b = 0; b < blocks; ++b) {
        const std::uint8_t* p = &bytes[slotBytes(way) * b];
        if (slotBytes(way) == 16) {
            std::uint32_t w[4];
            std::memcpy(w, p, 16);
            if (w[3] == 0 || int(w[3] - 1) >= sms) return false;
            if (clockRecord(way) && (w[0] == 0 && w[1] == 0)) return false;
        } else if (slotBytes(way) == 32) {
            std::uint64_t q[4];
            std::memcpy(q, p, 32);
            const int sm = int(q[1] >> 56);
            const std::uint64_t startClock56 = q[1] & ((1ull << 56) - 1);
            const std::uint64_t cycles = (q[3] - startClock56) & ((1ull << 56) - 1);
            if (q[0] == 0 || sm >= sms || cycles > (1ull << 40)) return false;
            if (!endClockOnly(way) && q[2] < q[0]) return false;
        } else {
            std::uint64_t q[6];
            std::memcpy(q, p, 48);
            if (std::uint32_t(q[4]) != b + 1 || int(q[4] >> 32) >= sms) return false;
            if (q[2] < q[0] || std::int64_t(q[3]) < std::int64_t(q[1])) return false;
        }
    }
    return true;
}

// How well the anchors map a clock record onto %globaltimer: for every anchor
// block, its end as interpolated from the other anchors of its SM (their
// (clock64, ns) pairs, start and end) against its own reading. Prints the
// median, 99th percentile and largest error; false if an anchor is missing or
// a block's SM has no anchor.
bool anchorsMapClocks(const std::vector<std::uint8_t>& bytes,
                      const std::vector<std::uint64_t>& anchors, std::size_t blocks,
                      std::uint32_t stride, int sms) {
    struct Pair {
        double clock, ns;
        std::size_t block;
    };
    std::vector<std::vector<Pair>> bySm(sms);
    auto recordOf = [&](std::size_t b, std::uint64_t& startClock, std::uint32_t& cycles, int& sm) {
        std::uint32_t w[4];
        std::memcpy(w, &bytes[16 * b], 16);
        startClock = std::uint64_t(w[0]) | (std::uint64_t(w[1]) << 32);
        cycles = w[2];
        sm = int(w[3]) - 1;
    };
    // %globaltimer reads about 1.8e18 ns, where a double holds only
    // multiples of 256: the readings go into doubles as offsets from the
    // earliest, or the rounding would be measured as error.
    std::uint64_t nsBase = ~std::uint64_t(0);
    for (std::size_t b = 0; b < blocks; b += stride)
        if (anchors[2 * (b / stride)] != 0) nsBase = std::min(nsBase, anchors[2 * (b / stride)]);
    for (std::size_t b = 0; b < blocks; b += stride) {
        std::uint64_t c;
        std::uint32_t cycles;
        int sm;
        recordOf(b, c, cycles, sm);
        const std::uint64_t s = anchors[2 * (b / stride)], e = anchors[2 * (b / stride) + 1];
        if (s == 0 || e < s) return false;
        bySm[sm].push_back({double(c), double(s - nsBase), b});
        bySm[sm].push_back({double(c + cycles), double(e - nsBase), b});
    }
    for (std::size_t b = 0; b < blocks; ++b) {
        std::uint64_t c;
        std::uint32_t cycles;
        int sm;
        recordOf(b, c, cycles, sm);
        if (bySm[sm].empty()) {
            std::printf("    SM %d ran block %zu but no anchor\n", sm, b);
            return false;
        }
    }
    std::vector<double> errors;
    for (auto& pairs : bySm) {
        std::sort(pairs.begin(), pairs.end(),
                  [](const Pair& a, const Pair& b) { return a.clock < b.clock; });
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            // Nearest other block's pairs below and above this clock.
            const Pair* lo = nullptr;
            const Pair* hi = nullptr;
            for (std::size_t j = i; j-- > 0;)
                if (pairs[j].block != pairs[i].block) {
                    lo = &pairs[j];
                    break;
                }
            for (std::size_t j = i + 1; j < pairs.size(); ++j)
                if (pairs[j].block != pairs[i].block) {
                    hi = &pairs[j];
                    break;
                }
            if (lo == nullptr || hi == nullptr) continue;  // no interpolation at the edges
            const double predicted =
                lo->ns + (pairs[i].clock - lo->clock) * (hi->ns - lo->ns) / (hi->clock - lo->clock);
            errors.push_back(std::abs(predicted - pairs[i].ns));
        }
    }
    if (errors.empty()) {
        std::printf(
            "    anchors: all written; no anchored block ran between two others on its SM, so the "
            "clock->ns error is not measurable here\n");
        return true;
    }
    std::sort(errors.begin(), errors.end());
    std::printf(
        "    anchors: %zu readings; clock->ns error median %.0f ns, p99 %.0f ns, max %.0f ns\n",
        errors.size(), errors[errors.size() / 2], errors[errors.size() * 99 / 100], errors.back());
    return true;
}

// For the ways that store no end ns: how well the (clock64, ns) start
// pairs of the other blocks on an SM give a block's ns from its clock. Every
// block's own start ns is predicted from its two neighbours by clock on its
// SM and compared with the ns it read; prints median, p99 and largest error.
// (A block's end in the SM's last wave has no later start to interpolate
// from; it would be extrapolated, which this does not measure.)
void printStartInterpolation(const std::vector<std::uint8_t>& bytes, std::size_t blocks, int sms) {
    std::uint64_t nsBase = ~std::uint64_t(0);  // offsets in doubles: see anchorsMapClocks
    for (std::size_t b = 0; b < blocks; ++b) {
        std::uint64_t ns;
        std::memcpy(&ns, &bytes[32 * b], 8);
        nsBase = std::min(nsBase, ns);
    }
    std::vector<std::vector<std::pair<double, double>>> bySm(sms);
    for (std::size_t b = 0; b < blocks; ++b) {
        std::uint64_t q[4];
        std::memcpy(q, &bytes[32 * b], 32);
        bySm[q[1] >> 56].push_back({double(q[1] & ((1ull << 56) - 1)), double(q[0] - nsBase)});
    }
    std::vector<double> errors;
    for (auto& pairs : bySm) {
        std::sort(pairs.begin(), pairs.end());
        for (std::size_t i = 1; i + 1 < pairs.size(); ++i) {
            const auto& lo = pairs[i - 1];
            const auto& hi = pairs[i + 1];
            if (hi.first == lo.first) continue;
            const double predicted = lo.second + (pairs[i].first - lo.first) *
                                                     (hi.second - lo.second) /
                                                     (hi.first - lo.first);
            errors.push_back(std::abs(predicted - pairs[i].second));
        }
    }
    if (errors.empty()) {
        std::printf("    end ns from start pairs: too few blocks per SM to measure\n");
        return;
    }
    std::sort(errors.begin(), errors.end());
    std::printf(
        "    end ns from start pairs: %zu predictions, error median %.0f ns, p99 %.0f ns, "
        "max %.0f ns\n",
        errors.size(), errors[errors.size() / 2], errors[errors.size() * 99 / 100], errors.back());
}

// The n x n transpose of `image` on the device, checked at every 7th row
// and 5th column.
template <typename T>
bool transposedOnDevice(const T* device, const std::vector<T>& image, int n) {
    std::vector<T> out(image.size());
    CHECK(cudaMemcpy(out.data(), device, out.size() * sizeof(T), cudaMemcpyDeviceToHost));
    for (std::size_t y = 0; y < std::size_t(n); y += 7)
        for (std::size_t x = 0; x < std::size_t(n); x += 5)
            if (out[x * n + y] != image[y * n + x]) return false;
    return true;
}

struct Case {
    std::string name;
    std::size_t blocks;
    std::uint32_t anchorStride;
    std::function<void(int way, Records)> launch;
    std::function<bool()> verify;
};

}  // namespace

int main(int argc, char** argv) {
    int rounds = 31;
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--rounds" && i + 1 < argc) rounds = std::atoi(argv[++i]);
    const int n = 16384;
    const std::size_t pixels = std::size_t(n) * n;

    std::vector<std::uint8_t> imageU8(pixels);
    for (std::size_t i = 0; i < pixels; ++i) imageU8[i] = std::uint8_t((i * 2654435761u) >> 24);
    std::vector<float> imageF32(pixels);
    for (std::size_t i = 0; i < pixels; ++i) imageF32[i] = float(i % 9973);

    std::uint8_t *srcU8, *dstU8;
    float *srcF32, *dstF32, *sums;
    void* slots;
    unsigned long long* anchors;
    CHECK(cudaMalloc(&srcU8, pixels));
    CHECK(cudaMalloc(&dstU8, pixels));
    CHECK(cudaMalloc(&srcF32, pixels * 4));
    CHECK(cudaMalloc(&dstF32, pixels * 4));
    CHECK(cudaMalloc(&sums, n * 4));
    const std::size_t maxBlocks = pixels / 256;
    CHECK(cudaMalloc(&slots, maxBlocks * 48));
    CHECK(cudaMalloc(&anchors, maxBlocks * 16));
    CHECK(cudaMemcpy(srcU8, imageU8.data(), pixels, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(srcF32, imageF32.data(), pixels * 4, cudaMemcpyHostToDevice));

    const auto ways = std::make_integer_sequence<int, kWayCount>{};
    const auto u8 = u8Kernels(ways);
    const auto f32 = f32Kernels<1, 1>(ways);
    const auto f32Rows4 = f32Kernels<4, 0>(ways);
    const auto sum = sumKernels(ways);

    std::vector<Case> cases;
    cases.push_back({"uint8 transpose 16x16 (1,048,576 blocks of 256 threads)", pixels / 256, 64,
                     [&](int w, Records r) {
                         u8[w]<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(srcU8, dstU8, n, n, r);
                     },
                     [&] { return transposedOnDevice(dstU8, imageU8, n); }});
    cases.push_back({"float transpose 32x33, 1 row/thread (262,144 blocks of 1024)", pixels / 1024,
                     16,
                     [&](int w, Records r) {
                         f32[w]<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(srcF32, dstF32, n, n, r);
                     },
                     [&] { return transposedOnDevice(dstF32, imageF32, n); }});
    cases.push_back(
        {"float transpose 32x32, 4 rows/thread (262,144 blocks of 256)", pixels / 1024, 16,
         [&](int w, Records r) {
             f32Rows4[w]<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(srcF32, dstF32, n, n, r);
         },
         [&] { return transposedOnDevice(dstF32, imageF32, n); }});
    cases.push_back({"column sums (64 blocks of 256, 16384 rows each)", std::size_t(n) / 256, 1,
                     [&](int w, Records r) { sum[w]<<<n / 256, 256>>>(srcU8, sums, n, n, r); },
                     [&] {
                         std::vector<float> out(n);
                         CHECK(cudaMemcpy(out.data(), sums, n * 4, cudaMemcpyDeviceToHost));
                         for (int x = 0; x < n; x += 97) {
                             double s = 0;
                             for (int y = 0; y < n; ++y) s += imageU8[std::size_t(y) * n + x];
                             if (out[x] != float(s)) return false;
                         }
                         return true;
                     }});

    int sms = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    int failures = 0;
    for (const auto& c : cases) {
        std::vector<std::vector<double>> ms(kWayCount);
        for (int round = -1; round < rounds; ++round)
            for (int w = 0; w < kWayCount; ++w) {
                CHECK(cudaMemset(slots, 0, c.blocks * 48));
                CHECK(cudaMemset(anchors, 0, c.blocks * 16));
                const float t = timedMs(start, stop, [&] {
                    c.launch(w, Records{slots, anchors, c.anchorStride});
                });
                if (round >= 0) ms[w].push_back(t);
                if (round == rounds - 1) {
                    std::vector<std::uint8_t> bytes(c.blocks * 48);
                    CHECK(cudaMemcpy(bytes.data(), slots, bytes.size(), cudaMemcpyDeviceToHost));
                    bool ok = c.verify() && (!validRecord(w) || w == kNone ||
                                             recordsValid(bytes, w, c.blocks, sms));
                    if (ok && clockRecord(w) && validRecord(w)) {
                        std::vector<std::uint64_t> a(
                            2 * ((c.blocks + c.anchorStride - 1) / c.anchorStride));
                        CHECK(cudaMemcpy(a.data(), anchors, a.size() * 8, cudaMemcpyDeviceToHost));
                        std::printf("  %s, %s:\n", c.name.c_str(), wayName(w));
                        ok = anchorsMapClocks(bytes, a, c.blocks, c.anchorStride, sms);
                    }
                    if (ok && endClockOnly(w)) {
                        std::printf("  %s, %s:\n", c.name.c_str(), wayName(w));
                        printStartInterpolation(bytes, c.blocks, sms);
                    }
                    if (!ok) {
                        ++failures;
                        std::printf("CHECK FAILED: %s, %s\n", c.name.c_str(), wayName(w));
                    }
                }
            }
        const double base = median(ms[kNone]);
        std::printf("\n%s: %.4f ms without a record (median of %d)\n", c.name.c_str(), base,
                    rounds);
        std::printf("  %-32s %10s %10s\n", "record", "ms", "% over");
        for (int w = 1; w < kWayCount; ++w) {
            const double m = median(ms[w]);
            std::printf("  %-32s %10.4f %+9.2f%%\n", wayName(w), m, (m - base) / base * 100);
        }
    }
    std::printf(
        "\n* not a valid record, a part of one: what the barrier, the readings or the store "
        "cost\n");
    std::printf("checks: %s\n", failures ? "FAILED" : "all outputs and records verified");
    return failures ? 1 : 0;
}
