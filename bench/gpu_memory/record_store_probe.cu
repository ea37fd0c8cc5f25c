// record_store_probe: where the last points of a block record's cost go in
// the two kernels that block_record_cost could not bring under 2 % (the
// seed's uint8 transpose through a 16x16 tile, and the float transpose
// through a padded 32x33 tile with 1024 threads), and in the one just under
// it (the float transpose with 4 rows per thread). It asks what
// block_record_cost did not: whether the record's store costs by its place
// (the tail of the block), its memory traffic (cache hints, one shared
// address, 4 bytes instead of 16, slots scattered), or its thread (the
// block's last thread instead of thread 0), and whether an end of 8 bytes
// (what the block spent since its start) costs less than 16, and whether
// slots held in L2 (a persisting access-policy window, an evict_last cache
// policy) escape the kernel's DRAM traffic, and whether a store the block
// need not wait for (the bulk copy engine's) costs less. Ways marked * are not valid
// records, only parts of one; every valid way's slots are checked for having
// been written (end at or after start, an SM below the device's count), and
// every output against the CPU.
//
//   record_store_probe [--rounds N] [--ways 1,4,18]   (way numbers as in
//   enum Way; "none" is always run, as the baseline)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench/gpu_memory/bench_check.h"
#include "kernels/common/device_clocks.cuh"

namespace {

// The lab's own readings (kernels/common/device_clocks.cuh), so the probe costs what
// the lab's records cost.
using ws::dev::globalTimerNs;
using ws::dev::smId;
__device__ __forceinline__ std::uint64_t clockNow() {
    return std::uint64_t(ws::dev::cycleCounter());
}
__device__ __forceinline__ void storeStreaming(void* p, std::uint64_t a, std::uint64_t b) {
    asm volatile("st.global.cs.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(a), "l"(b) : "memory");
}
// 32 bytes from shared memory to global memory by the bulk copy engine; the
// block may leave once its shared memory has been read (kWait), or at once.
template <bool kWait>
__device__ __forceinline__ void bulkStore32(void* global, const void* shared) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
    // The bulk copy engine came with sm_90; the probe is built for it.
    __trap();
#else
    const auto s = std::uint32_t(__cvta_generic_to_shared(shared));
    asm volatile(
        "fence.proxy.async.shared::cta;\n"
        "cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 32;\n"
        "cp.async.bulk.commit_group;" ::"l"(global),
        "r"(s)
        : "memory");
    if constexpr (kWait) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
#endif
}
__device__ __forceinline__ void storeEvictLast(void* p, std::uint64_t a, std::uint64_t b) {
    asm volatile(
        "{ .reg .b64 policy;\n"
        "  createpolicy.fractional.L2::evict_last.b64 policy, 1.0;\n"
        "  st.global.L2::cache_hint.v2.u64 [%0], {%1, %2}, policy; }" ::"l"(p),
        "l"(a), "l"(b)
        : "memory");
}

enum Way {
    kNone,
    kLabRegisters,    // late start in registers, barrier, thread 0 stores 32 B (the lab's, 256)
    kLabAtOnce,       // late start stored at once, barrier, end by thread 0 (the lab's, 1024)
    kStartOnly,       // late start stored at once, nothing at the end*
    kBarrierOnly,     // the closing barrier alone*
    kConst16,         // barrier, a constant 16-byte store by thread 0*
    kConst16Cs,       // the same with the streaming hint (st.global.cs)*
    kConst16OneAddr,  // the same, every block to one address*
    kConst4,          // barrier, a constant 4-byte store*
    kReadsShared,     // barrier, end readings stored to shared memory only*
    kLabStreaming,    // kLabRegisters with both stores st.global.cs
    kLastThreadEnd,   // start stored at once by thread 0, the end by the block's last thread
    kScattered,       // kLabRegisters with the slots in bit-reversed block order
    // The end as what the block spent since its start, in one 8-byte store
    // (32-bit ns and 32-bit cycles, the start's low halves kept in two
    // registers) instead of 16 bytes of absolute readings.
    kAtOnceEnd8,     // start stored at once, barrier, 8-byte end
    kRegistersEnd8,  // start in registers, barrier, 16-byte start and 8-byte end
    kAtOnceEnd4,     // start stored at once, barrier, 4-byte end (16-bit ns, 16-bit cycles)*
    // Where the record's bytes wait: the lab's way with its slots kept in L2
    // for the launch, so that they do not share the kernel's DRAM bandwidth.
    kLabPersisting,  // kLabRegisters, the slots in a persisting access-policy window
    kLabEvictLast,   // kLabRegisters, both stores with an L2 evict_last cache policy
    // Whether the cost is one memory sector per block: records packed
    // densely, several blocks to a 32-byte sector, start read after the first
    // load and kept in a register, one store by thread 0 after the barrier.
    kPacked16,  // 16 B: start ns, ns spent (32 bits), SM (2 blocks a sector)
    kPacked8,   // 8 B: start ns low 32 bits, ns spent (24 bits), SM (4 blocks a sector)
    kPacked4,   // 4 B: ns spent (24 bits), SM (8 blocks a sector)*
    // Whether the tail is the wait for the record's store: the 32 B slot
    // assembled in shared memory and sent by the copy engine of the SM
    // (cp.async.bulk, the TMA path, not the load/store unit), the block
    // waiting only until its shared memory has been read, not written out.
    kBulkEnd,     // start in registers, barrier, 32 B by cp.async.bulk, wait for the read
    kBulkNoWait,  // the same without the wait (shared memory may be reused)*
    kWayCount
};
const char* wayName(int w) {
    static const char* names[] = {"none",
                                  "lab: late start in registers, barrier, 32 B",
                                  "lab: late start stored at once, barrier, end",
                                  "late start stored at once, no end*",
                                  "closing barrier alone*",
                                  "barrier, constant 16 B store*",
                                  "barrier, constant 16 B store, st.global.cs*",
                                  "barrier, constant 16 B store, one address*",
                                  "barrier, constant 4 B store*",
                                  "barrier, end readings to shared memory*",
                                  "lab (registers) with st.global.cs",
                                  "start at once, the end by the last thread",
                                  "lab (registers), slots bit-reversed",
                                  "start at once, barrier, 8 B end (ns, cycles spent)",
                                  "registers, barrier, 16 B start and 8 B end",
                                  "start at once, barrier, 4 B end (16+16 bits)*",
                                  "lab (registers), slots in persisting L2",
                                  "lab (registers), stores L2::evict_last",
                                  "packed 16 B a block (start, ns spent, SM)",
                                  "packed 8 B a block (start low 32, ns spent, SM)",
                                  "packed 4 B a block (ns spent, SM)*",
                                  "lab (registers), 32 B by cp.async.bulk",
                                  "the same, no wait for the read*"};
    return names[w];
}
bool validRecord(int w) {
    return w == kLabRegisters || w == kLabAtOnce || w == kLabStreaming || w == kLastThreadEnd ||
           w == kScattered || w == kAtOnceEnd8 || w == kRegistersEnd8 || w == kLabPersisting ||
           w == kLabEvictLast || w == kPacked16 || w == kPacked8 || w == kBulkEnd;
}

struct Slot {
    std::uint64_t startNs, startClockSm, endNs, endClock;
};

struct Records {
    Slot* slots = nullptr;
    void* packed = nullptr;  // the packed ways' records, 16 bytes a block at most
    int log2Blocks = 0;      // for the bit-reversed slot order
};

__device__ __forceinline__ std::uint32_t blockLinear() {
    return blockIdx.x + gridDim.x * blockIdx.y;
}
// The probe's blocks are 2D: z is not asked (the figures in
// docs/performance.md were measured so).
__device__ __forceinline__ bool threadZero() { return threadIdx.x == 0 && threadIdx.y == 0; }
__device__ __forceinline__ bool lastThread() {
    return threadIdx.x == blockDim.x - 1 && threadIdx.y == blockDim.y - 1;
}
__device__ __forceinline__ std::uint64_t withSm(std::uint64_t clock) {
    return (clock & ((1ull << 56) - 1)) | (std::uint64_t(smId()) << 56);
}

// The persisting way differs from the lab's only on the host.
template <int kAskedWay>
struct Recorder {
    static constexpr int kWay = kAskedWay == kLabPersisting ? kLabRegisters : kAskedWay;
    std::uint64_t startNs = 0, startClockSm = 0;

    __device__ Slot* slot(Records r) const {
        std::uint32_t b = blockLinear();
        if constexpr (kWay == kScattered) b = __brev(b) >> (32 - r.log2Blocks);
        return r.slots + b;
    }

    // Thread 0, right after the block's first global load is issued.
    __device__ void afterFirstLoad(Records r) {
        if constexpr (kWay == kNone || kWay == kBarrierOnly || kWay == kConst16 ||
                      kWay == kConst16Cs || kWay == kConst16OneAddr || kWay == kConst4 ||
                      kWay == kReadsShared)
            return;
        if (!threadZero()) return;
        if constexpr (kWay == kPacked16 || kWay == kPacked8 || kWay == kPacked4) {
            startNs = globalTimerNs();
            return;
        }
        startClockSm = withSm(clockNow());
        startNs = globalTimerNs();
        if constexpr (kWay == kLabAtOnce || kWay == kStartOnly || kWay == kLastThreadEnd ||
                      kWay == kAtOnceEnd8 || kWay == kAtOnceEnd4)
            *reinterpret_cast<ulonglong2*>(slot(r)) = make_ulonglong2(startNs, startClockSm);
    }

    // Every thread, after the kernel's last store.
    __device__ void end(Records r) {
        if constexpr (kWay == kNone || kWay == kStartOnly) return;
        __syncthreads();
        if constexpr (kWay == kBarrierOnly) return;
        if constexpr (kWay == kLastThreadEnd) {
            if (!lastThread()) return;
            const std::uint64_t endNs = globalTimerNs();
            reinterpret_cast<ulonglong2*>(slot(r))[1] = make_ulonglong2(endNs, clockNow());
            return;
        }
        if (!threadZero()) return;
        if constexpr (kWay == kPacked16 || kWay == kPacked8 || kWay == kPacked4) {
            const std::uint32_t spent = std::uint32_t(globalTimerNs() - startNs);
            const std::uint32_t sm = smId();
            const std::uint32_t b = blockLinear();
            if constexpr (kWay == kPacked16)
                static_cast<uint4*>(r.packed)[b] =
                    make_uint4(std::uint32_t(startNs), std::uint32_t(startNs >> 32), spent, sm);
            else if constexpr (kWay == kPacked8)
                static_cast<uint2*>(r.packed)[b] =
                    make_uint2(std::uint32_t(startNs), (spent & 0xffffffu) | (sm << 24));
            else
                static_cast<std::uint32_t*>(r.packed)[b] = (spent & 0xffffffu) | (sm << 24);
            return;
        }
        if constexpr (kWay == kAtOnceEnd8 || kWay == kRegistersEnd8 || kWay == kAtOnceEnd4) {
            const std::uint32_t ns = std::uint32_t(globalTimerNs()) - std::uint32_t(startNs);
            const std::uint32_t cycles = std::uint32_t(clockNow()) - std::uint32_t(startClockSm);
            auto* s = reinterpret_cast<std::uint32_t*>(slot(r));
            if constexpr (kWay == kRegistersEnd8)
                *reinterpret_cast<ulonglong2*>(s) = make_ulonglong2(startNs, startClockSm);
            if constexpr (kWay == kAtOnceEnd4)
                s[4] = (ns & 0xffffu) | (cycles << 16);
            else
                *reinterpret_cast<uint2*>(s + 4) = make_uint2(ns, cycles);
            return;
        }
        if constexpr (kWay == kConst16) {
            *reinterpret_cast<uint4*>(slot(r)) = make_uint4(1, 2, 3, 4);
        } else if constexpr (kWay == kConst16Cs) {
            storeStreaming(slot(r), 1, 2);
        } else if constexpr (kWay == kConst16OneAddr) {
            *reinterpret_cast<uint4*>(r.slots) = make_uint4(1, 2, 3, 4);
        } else if constexpr (kWay == kConst4) {
            *reinterpret_cast<std::uint32_t*>(slot(r)) = 1;
        } else if constexpr (kWay == kReadsShared) {
            __shared__ std::uint64_t sink[2];
            sink[0] = globalTimerNs();
            sink[1] = clockNow();
        } else {
            const std::uint64_t endNs = globalTimerNs();
            const std::uint64_t endClock = clockNow();
            auto* s = reinterpret_cast<ulonglong2*>(slot(r));
            if constexpr (kWay == kLabStreaming) {
                storeStreaming(s, startNs, startClockSm);
                storeStreaming(s + 1, endNs, endClock);
            } else if constexpr (kWay == kBulkEnd || kWay == kBulkNoWait) {
                __shared__ alignas(16) ulonglong2 staged[2];
                staged[0] = make_ulonglong2(startNs, startClockSm);
                staged[1] = make_ulonglong2(endNs, endClock);
                bulkStore32<kWay == kBulkEnd>(s, staged);
            } else if constexpr (kWay == kLabEvictLast) {
                storeEvictLast(s, startNs, startClockSm);
                storeEvictLast(s + 1, endNs, endClock);
            } else {
                if constexpr (kWay != kLabAtOnce) s[0] = make_ulonglong2(startNs, startClockSm);
                s[1] = make_ulonglong2(endNs, endClock);
            }
        }
    }
};

// The seed's uint8 transpose through a 16x16 tile (kernels/memory/memory_transpose_u8.cu).
template <int kWay>
__global__ void transposeU8(const std::uint8_t* src, std::uint8_t* dst, int width, int height,
                            Records rec) {
    Recorder<kWay> r;
    __shared__ std::uint8_t sbuf[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int xbase = blockIdx.x * 16, ybase = blockIdx.y * 16;
    {
        const int x = xbase + tx, y = ybase + ty;
        const std::uint8_t v = x < width && y < height ? src[x + std::size_t(y) * width] : 0;
        r.afterFirstLoad(rec);
        sbuf[ty][tx] = v;
    }
    __syncthreads();
    {
        const int x = xbase + ty, y = ybase + tx;
        if (x < width && y < height) dst[y + std::size_t(x) * height] = sbuf[tx][ty];
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
            if (x < height && y < width)
                out[std::size_t(y) * height + x] = tile[tx][ty + j * kStep];
        }
    }
    r.end(rec);
}

template <typename T>
using Kernel = void (*)(const T*, T*, int, int, Records);

template <int... W>
std::vector<Kernel<std::uint8_t>> u8Kernels(std::integer_sequence<int, W...>) {
    return {transposeU8<W>...};
}
template <int kRows, int kPad, int... W>
std::vector<Kernel<float>> f32Kernels(std::integer_sequence<int, W...>) {
    return {transposeF32<W, kRows, kPad>...};
}

// The ways to run (--ways); all by default.
std::vector<bool> g_chosen(kWayCount, true);

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// kAtOnceEnd8 and kRegistersEnd8 keep (ns, cycles spent) in the end ns's
// place, and the end clock's place stays zero.
bool slotsValid(const std::vector<Slot>& slots, int way, int sms) {
    const bool spent = way == kAtOnceEnd8 || way == kRegistersEnd8;
    for (const Slot& s : slots) {
        const int sm = int(s.startClockSm >> 56);
        if (s.startNs == 0 || sm >= sms) return false;
        if (spent) {
            const std::uint32_t cycles = std::uint32_t(s.endNs >> 32);
            if (cycles == 0 || cycles > (1u << 30) || s.endClock != 0) return false;
            continue;
        }
        const std::uint64_t startClock = s.startClockSm & ((1ull << 56) - 1);
        if (s.endNs < s.startNs) return false;
        if (((s.endClock - startClock) & ((1ull << 56) - 1)) > (1ull << 40)) return false;
    }
    return true;
}

// Times every way of one kernel, the ways taking turns in each round.
template <typename T>
bool probe(const char* title, const std::vector<Kernel<T>>& kernels, dim3 grid, dim3 block, int n,
           int rounds, int sms) {
    const std::size_t elements = std::size_t(n) * n, blocks = std::size_t(grid.x) * grid.y;
    std::vector<T> host(elements);
    for (std::size_t i = 0; i < elements; ++i) host[i] = T((i * 2654435761u) >> 7 & 0xff);
    T *src, *dst;
    Slot* slots;
    CHECK(cudaMalloc(&src, elements * sizeof(T)));
    CHECK(cudaMalloc(&dst, elements * sizeof(T)));
    CHECK(cudaMalloc(&slots, blocks * sizeof(Slot)));
    void* packed;
    CHECK(cudaMalloc(&packed, blocks * 16));
    CHECK(cudaMemcpy(src, host.data(), elements * sizeof(T), cudaMemcpyHostToDevice));
    Records rec{slots, packed, 0};
    while ((std::size_t(1) << rec.log2Blocks) < blocks) ++rec.log2Blocks;

    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, 0));
    const std::size_t slotBytes = blocks * sizeof(Slot);
    const std::size_t window =
        std::min<std::size_t>(slotBytes, std::size_t(prop.accessPolicyMaxWindowSize));
    const float hitRatio = std::min(1.0f, float(prop.persistingL2CacheMaxSize) / float(window));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<std::vector<double>> ms(kWayCount);
    bool ok = true;
    std::vector<T> out(elements);
    std::vector<Slot> got(blocks);
    for (int round = -1; round < rounds; ++round) {
        for (int w = 0; w < kWayCount; ++w) {
            if (!g_chosen[std::size_t(w)]) continue;
            CHECK(cudaMemset(slots, 0, blocks * sizeof(Slot)));
            CHECK(cudaMemset(packed, 0, blocks * 16));
            CHECK(cudaDeviceSynchronize());
            if (w == kLabPersisting) {
                // The set-aside exists only for this launch, so that no other
                // way runs with less L2.
                CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize,
                                         prop.persistingL2CacheMaxSize));
                cudaStreamAttrValue attr{};
                attr.accessPolicyWindow.base_ptr = slots;
                attr.accessPolicyWindow.num_bytes = window;
                attr.accessPolicyWindow.hitRatio = hitRatio;
                attr.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
                attr.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
                CHECK(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &attr));
            }
            const float t = timedMs(
                start, stop, [&] { kernels[w]<<<grid, block, 0, stream>>>(src, dst, n, n, rec); },
                stream);
            if (w == kLabPersisting) {
                cudaStreamAttrValue attr{};
                attr.accessPolicyWindow.num_bytes = 0;
                CHECK(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &attr));
                CHECK(cudaCtxResetPersistingL2Cache());
                CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0));
            }
            if (round >= 0) ms[w].push_back(t);
            if (round != -1) continue;
            // The first round checks every output and every valid record.
            CHECK(cudaMemcpy(out.data(), dst, elements * sizeof(T), cudaMemcpyDeviceToHost));
            ok &= isTranspose(out, host, std::size_t(n), title, wayName(w));
            CHECK(cudaMemset(dst, 0, elements * sizeof(T)));
            if (w == kPacked16 || w == kPacked8) {
                // Every block's record written: a start, some time spent, a real SM.
                std::vector<std::uint32_t> words(blocks * 4);
                CHECK(cudaMemcpy(words.data(), packed, blocks * 16, cudaMemcpyDeviceToHost));
                for (std::size_t b = 0; b < blocks && ok; ++b) {
                    const bool wide = w == kPacked16;
                    const std::uint32_t start = wide ? words[4 * b] : words[2 * b];
                    const std::uint32_t spent =
                        wide ? words[4 * b + 2] : words[2 * b + 1] & 0xffffffu;
                    const std::uint32_t sm = wide ? words[4 * b + 3] : words[2 * b + 1] >> 24;
                    if ((start == 0 && spent == 0) || spent > 10000000u || int(sm) >= sms) {
                        std::printf("%s, %s: block %zu's record was not written\n", title,
                                    wayName(w), b);
                        ok = false;
                    }
                }
            } else if (validRecord(w)) {
                CHECK(cudaMemcpy(got.data(), slots, blocks * sizeof(Slot), cudaMemcpyDeviceToHost));
                if (!slotsValid(got, w, sms)) {
                    std::printf("%s, %s: a record was not written\n", title, wayName(w));
                    ok = false;
                }
            }
        }
    }
    const double base = median(ms[kNone]);
    std::printf(
        "\n%s: no record %.4f ms (median of %d); slots %.1f MiB, window %.1f MiB, "
        "persisting L2 at most %.1f MiB, hit ratio %.2f\n",
        title, base, rounds, slotBytes / 1048576.0, window / 1048576.0,
        prop.persistingL2CacheMaxSize / 1048576.0, hitRatio);
    for (int w = 1; w < kWayCount; ++w)
        if (g_chosen[std::size_t(w)])
            std::printf("  %-48s %+6.2f %%\n", wayName(w), 100.0 * (median(ms[w]) / base - 1.0));
    CHECK(cudaFree(src));
    CHECK(cudaFree(dst));
    CHECK(cudaFree(slots));
    CHECK(cudaFree(packed));
    CHECK(cudaStreamDestroy(stream));
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 31;
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--rounds" && i + 1 < argc) {
            rounds = std::atoi(argv[++i]);
        } else if (std::string(argv[i]) == "--ways" && i + 1 < argc) {
            g_chosen.assign(kWayCount, false);
            g_chosen[kNone] = true;
            for (const char* p = argv[++i]; *p;) {
                char* end = nullptr;
                const long w = std::strtol(p, &end, 10);
                if (end == p || w < 0 || w >= kWayCount) {
                    std::fprintf(stderr, "--ways: way numbers from 0 to %d, comma-separated\n",
                                 kWayCount - 1);
                    return 2;
                }
                g_chosen[std::size_t(w)] = true;
                p = *end == ',' ? end + 1 : end;
            }
        }
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s, %d SMs, %d rounds, %% over no record\n", prop.name, prop.multiProcessorCount,
                rounds);
    const int n = 16384;
    const auto ways = std::make_integer_sequence<int, kWayCount>{};
    bool ok = probe<std::uint8_t>("uint8 transpose 16x16 (1,048,576 blocks of 256)",
                                  u8Kernels(ways), dim3(n / 16, n / 16), dim3(16, 16), n, rounds,
                                  prop.multiProcessorCount);
    ok &= probe<float>("float transpose 32x33, 1 row (262,144 blocks of 1024)",
                       f32Kernels<1, 1>(ways), dim3(n / 32, n / 32), dim3(32, 32), n, rounds,
                       prop.multiProcessorCount);
    ok &= probe<float>("float transpose 32x32, 4 rows (262,144 blocks of 256)",
                       f32Kernels<4, 0>(ways), dim3(n / 32, n / 32), dim3(32, 8), n, rounds,
                       prop.multiProcessorCount);
    std::printf("\n%s\n", ok ? "every output and every valid record checked" : "CHECK FAILED");
    return ok ? 0 : 1;
}
