// cluster_record_probe: whether blocks launched as thread-block clusters can
// share one store for their records, in the two kernels whose record costs
// more than 2 % by any way of writing it (docs/performance.md, "Cost of
// recording in the memory lab"): the seed's uint8 transpose through a 16x16
// tile and the float transpose through a padded 32x33 tile with 1024
// threads. There a record's cost follows its store, not its bytes
// (record_store_probe), so the one way left is fewer stores: each block of a
// cluster of C hands its 32-byte record to the cluster's first block through
// distributed shared memory, and that block writes all C records in one
// coalesced store of warp 0.
//
// The probe times, against the plain launch without a record:
// - the plain launch with the lab's record (the yardstick);
// - the cluster launch without a record (what clustering alone costs);
// - the cluster launch with the gathered record.
// Every output is checked against the CPU and every valid record for having
// been written. It also prints how the cluster launch placed the blocks: the
// share of groups of C neighbouring blocks that ran on one SM, and how far
// apart their starts lay, for the plain launch and the cluster launch, since
// a record that changes where blocks run no longer describes the kernel.
//
//   cluster_record_probe [--rounds N]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/gpu_memory/bench_check.h"
#include "kernels/common/device_clocks.cuh"

namespace {

using ws::dev::globalTimerNs;
using ws::dev::smId;

struct Slot {
    std::uint64_t startNs, startClockSm, endNs, endClock;
};

enum Mode {
    kNone,          // no record
    kLabRegisters,  // late start in registers, barrier, thread 0 stores 32 B (lab, 256 threads)
    kLabAtOnce,     // late start stored at once, barrier, end by thread 0 (lab, 1024 threads)
    kGathered,      // cluster: every block's 32 B to the first block, one store of warp 0
};

__device__ __forceinline__ std::uint64_t clockNow() {
    return std::uint64_t(ws::dev::cycleCounter());
}
__device__ __forceinline__ std::uint64_t withSm(std::uint64_t clock) {
    return (clock & ((1ull << 56) - 1)) | (std::uint64_t(smId()) << 56);
}
__device__ __forceinline__ std::uint32_t blockLinear() {
    return blockIdx.x + gridDim.x * blockIdx.y;
}
__device__ __forceinline__ std::uint32_t threadLinear() {
    return threadIdx.x + blockDim.x * threadIdx.y;
}
__device__ __forceinline__ std::uint32_t clusterRank() {
    std::uint32_t r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
    return r;
}
__device__ __forceinline__ std::uint32_t sharedAddress(const void* p) {
    return std::uint32_t(__cvta_generic_to_shared(p));
}
// The address of the same shared variable in block `rank` of the cluster.
__device__ __forceinline__ std::uint32_t inBlock(std::uint32_t local, std::uint32_t rank) {
    std::uint32_t remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank));
    return remote;
}

// The record's state in one block. The gathering ways keep the cluster's
// records and an mbarrier in the first block's shared memory.
template <int kMode, int kC>
struct Recorder {
    std::uint64_t startNs = 0, startClockSm = 0;
    ulonglong2* gathered;  // 2 * kC halves of records
    std::uint64_t* arrived;

    __device__ Recorder(ulonglong2* g, std::uint64_t* a) : gathered(g), arrived(a) {}

    // Every thread, first thing: the first block readies its mbarrier for
    // the other C - 1 blocks, and the cluster's barrier tells them so.
    __device__ void atEntry() {
        if constexpr (kMode == kGathered) {
            if (threadLinear() == 0 && clusterRank() == 0) {
                asm volatile(
                    "mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sharedAddress(arrived)),
                    "r"(kC - 1)
                    : "memory");
                asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
            }
            asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
        }
    }

    // Thread 0, right after the block's first global load is issued.
    __device__ void afterFirstLoad(Slot* slots) {
        if constexpr (kMode == kNone) return;
        if (threadLinear() != 0) return;
        startClockSm = withSm(clockNow());
        startNs = globalTimerNs();
        if constexpr (kMode == kLabAtOnce)
            *reinterpret_cast<ulonglong2*>(slots + blockLinear()) =
                make_ulonglong2(startNs, startClockSm);
    }

    // Every thread, after the kernel's last store.
    __device__ void end(Slot* slots) {
        if constexpr (kMode == kNone) return;
        __syncthreads();
        const std::uint32_t t = threadLinear();
        if constexpr (kMode != kGathered) {
            if (t != 0) return;
            const std::uint64_t endNs = globalTimerNs(), endClock = clockNow();
            auto* s = reinterpret_cast<ulonglong2*>(slots + blockLinear());
            if constexpr (kMode == kLabRegisters) s[0] = make_ulonglong2(startNs, startClockSm);
            s[1] = make_ulonglong2(endNs, endClock);
        } else {
            if (t >= 32) return;
            const std::uint32_t rank = clusterRank();
            if (rank != 0) {
                if (t != 0) return;
                const std::uint64_t endNs = globalTimerNs(), endClock = clockNow();
                // The first block's mbarrier is ready once the cluster's
                // barrier has seen every thread arrive.
                asm volatile("barrier.cluster.wait.acquire;" ::: "memory");
                const std::uint32_t to = inBlock(sharedAddress(gathered + 2 * rank), 0);
                asm volatile("st.shared::cluster.v2.u64 [%0], {%1, %2};" ::"r"(to), "l"(startNs),
                             "l"(startClockSm)
                             : "memory");
                asm volatile("st.shared::cluster.v2.u64 [%0], {%1, %2};" ::"r"(to + 16), "l"(endNs),
                             "l"(endClock)
                             : "memory");
                asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(
                                 inBlock(sharedAddress(arrived), 0))
                             : "memory");
                return;
            }
            if (t == 0) {
                const std::uint64_t endNs = globalTimerNs(), endClock = clockNow();
                gathered[0] = make_ulonglong2(startNs, startClockSm);
                gathered[1] = make_ulonglong2(endNs, endClock);
                std::uint32_t done = 0;
                do {
                    asm volatile(
                        "{ .reg .pred p;\n"
                        "  mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], 0;\n"
                        "  selp.u32 %0, 1, 0, p; }"
                        : "=r"(done)
                        : "r"(sharedAddress(arrived))
                        : "memory");
                } while (!done);
            }
            __syncwarp();
            if (t < 2 * kC) reinterpret_cast<ulonglong2*>(slots + blockLinear())[t] = gathered[t];
        }
    }
};

// The seed's uint8 transpose through a 16x16 tile (kernels/memory/memory_transpose_u8.cu).
template <int kMode, int kC>
__global__ void transposeU8(const std::uint8_t* src, std::uint8_t* dst, int width, int height,
                            Slot* slots) {
    __shared__ alignas(16) ulonglong2 gathered[2 * kC];
    __shared__ alignas(8) std::uint64_t arrived;
    Recorder<kMode, kC> r(gathered, &arrived);
    r.atEntry();
    __shared__ std::uint8_t sbuf[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int xbase = blockIdx.x * 16, ybase = blockIdx.y * 16;
    {
        const int x = xbase + tx, y = ybase + ty;
        const std::uint8_t v = x < width && y < height ? src[x + std::size_t(y) * width] : 0;
        r.afterFirstLoad(slots);
        sbuf[ty][tx] = v;
    }
    __syncthreads();
    {
        const int x = xbase + ty, y = ybase + tx;
        if (x < width && y < height) dst[y + std::size_t(x) * height] = sbuf[tx][ty];
    }
    r.end(slots);
}

// The lab's float transpose through a padded 32x33 tile, 1 row per thread
// (kernels/memory/memory_transpose_f32.cu), blocks of 32 x 32.
template <int kMode, int kC>
__global__ void transposeF32(const float* in, float* out, int width, int height, Slot* slots) {
    __shared__ alignas(16) ulonglong2 gathered[2 * kC];
    __shared__ alignas(8) std::uint64_t arrived;
    Recorder<kMode, kC> r(gathered, &arrived);
    r.atEntry();
    __shared__ float tile[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    {
        const int x = blockIdx.x * 32 + tx, y = blockIdx.y * 32 + ty;
        const float v = x < width && y < height ? in[std::size_t(y) * width + x] : 0.0f;
        r.afterFirstLoad(slots);
        tile[ty][tx] = v;
    }
    __syncthreads();
    {
        const int x = blockIdx.y * 32 + tx, y = blockIdx.x * 32 + ty;
        if (x < height && y < width) out[std::size_t(y) * height + x] = tile[tx][ty];
    }
    r.end(slots);
}

template <typename T>
using Kernel = void (*)(const T*, T*, int, int, Slot*);

template <typename T>
struct Way {
    std::string name;
    Kernel<T> kernel;
    int cluster;  // blocks per cluster; 1 launches without clusters
    bool record;
};

template <typename T, template <int, int> class K>
std::vector<Way<T>> waysOf(Mode lab) {
    return {
        {"none, plain launch", K<kNone, 1>::kernel, 1, false},
        {lab == kLabAtOnce ? "lab: start stored at once, barrier, end" : "lab: 32 B after barrier",
         lab == kLabAtOnce ? K<kLabAtOnce, 1>::kernel : K<kLabRegisters, 1>::kernel, 1, true},
        {"none, clusters of 2", K<kNone, 1>::kernel, 2, false},
        {"none, clusters of 4", K<kNone, 1>::kernel, 4, false},
        {"none, clusters of 8", K<kNone, 1>::kernel, 8, false},
        {"gathered, clusters of 2", K<kGathered, 2>::kernel, 2, true},
        {"gathered, clusters of 4", K<kGathered, 4>::kernel, 4, true},
        {"gathered, clusters of 8", K<kGathered, 8>::kernel, 8, true},
    };
}
template <int M, int C>
struct U8 {
    static constexpr Kernel<std::uint8_t> kernel = transposeU8<M, C>;
};
template <int M, int C>
struct F32 {
    static constexpr Kernel<float> kernel = transposeF32<M, C>;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

bool slotsValid(const std::vector<Slot>& slots, int sms) {
    for (const Slot& s : slots) {
        const int sm = int(s.startClockSm >> 56);
        const std::uint64_t startClock = s.startClockSm & ((1ull << 56) - 1);
        if (s.startNs == 0 || sm >= sms || s.endNs < s.startNs) return false;
        if (((s.endClock - startClock) & ((1ull << 56) - 1)) > (1ull << 40)) return false;
    }
    return true;
}

// How groups of `group` neighbouring blocks (a cluster's, when launched so)
// were placed: the share that ran on one SM, and the median spread of their
// starts in ns.
void printPlacement(const char* how, const std::vector<Slot>& slots, int group) {
    std::size_t oneSm = 0, groups = 0;
    std::vector<double> spread;
    for (std::size_t g = 0; g + group <= slots.size(); g += group, ++groups) {
        const int sm = int(slots[g].startClockSm >> 56);
        bool same = true;
        std::uint64_t lo = slots[g].startNs, hi = lo;
        for (int i = 1; i < group; ++i) {
            same &= int(slots[g + i].startClockSm >> 56) == sm;
            lo = std::min(lo, slots[g + i].startNs);
            hi = std::max(hi, slots[g + i].startNs);
        }
        oneSm += same;
        spread.push_back(double(hi - lo));
    }
    std::printf("    %-34s groups of %d: %5.1f %% on one SM, starts %6.0f ns apart (median)\n", how,
                group, 100.0 * oneSm / groups, median(spread));
}

template <typename T>
bool probe(const char* title, const std::vector<Way<T>>& ways, dim3 grid, dim3 block, int n,
           int rounds, int sms) {
    const std::size_t elements = std::size_t(n) * n, blocks = std::size_t(grid.x) * grid.y;
    std::vector<T> host(elements);
    for (std::size_t i = 0; i < elements; ++i) host[i] = T((i * 2654435761u) >> 7 & 0xff);
    T *src, *dst;
    Slot* slots;
    CHECK(cudaMalloc(&src, elements * sizeof(T)));
    CHECK(cudaMalloc(&dst, elements * sizeof(T)));
    CHECK(cudaMalloc(&slots, blocks * sizeof(Slot)));
    CHECK(cudaMemcpy(src, host.data(), elements * sizeof(T), cudaMemcpyHostToDevice));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<std::vector<double>> ms(ways.size());
    std::vector<std::vector<Slot>> placed(ways.size());
    bool ok = true;
    std::vector<T> out(elements);
    for (int round = -1; round < rounds; ++round) {
        for (std::size_t w = 0; w < ways.size(); ++w) {
            const Way<T>& way = ways[w];
            CHECK(cudaMemset(slots, 0, blocks * sizeof(Slot)));
            CHECK(cudaDeviceSynchronize());
            cudaLaunchConfig_t config{};
            config.gridDim = grid;
            config.blockDim = block;
            cudaLaunchAttribute attribute{};
            attribute.id = cudaLaunchAttributeClusterDimension;
            attribute.val.clusterDim.x = unsigned(way.cluster);
            attribute.val.clusterDim.y = 1;
            attribute.val.clusterDim.z = 1;
            if (way.cluster > 1) {
                config.attrs = &attribute;
                config.numAttrs = 1;
            }
            const float t = timedMs(start, stop, [&] {
                CHECK(cudaLaunchKernelEx(&config, way.kernel, static_cast<const T*>(src), dst, n, n,
                                         slots));
            });
            if (round >= 0) ms[w].push_back(t);
            if (round != -1) continue;
            CHECK(cudaMemcpy(out.data(), dst, elements * sizeof(T), cudaMemcpyDeviceToHost));
            ok &= isTranspose(out, host, std::size_t(n), title, way.name.c_str());
            CHECK(cudaMemset(dst, 0, elements * sizeof(T)));
            if (!way.record) continue;
            placed[w].resize(blocks);
            CHECK(
                cudaMemcpy(placed[w].data(), slots, blocks * sizeof(Slot), cudaMemcpyDeviceToHost));
            if (!slotsValid(placed[w], sms)) {
                std::printf("%s, %s: a record was not written\n", title, way.name.c_str());
                ok = false;
            }
        }
    }
    const double base = median(ms[0]);
    std::printf("\n%s: no record %.4f ms (median of %d)\n", title, base, rounds);
    for (std::size_t w = 1; w < ways.size(); ++w)
        std::printf("  %-40s %+6.2f %%\n", ways[w].name.c_str(),
                    100.0 * (median(ms[w]) / base - 1.0));
    std::printf("  placement (from the records of the first round):\n");
    for (std::size_t w = 5; w < ways.size(); ++w) {
        printPlacement("plain launch (the lab's record)", placed[1], ways[w].cluster);
        printPlacement(ways[w].name.c_str(), placed[w], ways[w].cluster);
    }
    CHECK(cudaFree(src));
    CHECK(cudaFree(dst));
    CHECK(cudaFree(slots));
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 31;
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--rounds" && i + 1 < argc) rounds = std::atoi(argv[++i]);
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s, %d SMs, %d rounds, %% over the plain launch without a record\n", prop.name,
                prop.multiProcessorCount, rounds);
    const int n = 16384;
    bool ok = probe<std::uint8_t>("uint8 transpose 16x16 (1,048,576 blocks of 256)",
                                  waysOf<std::uint8_t, U8>(kLabRegisters), dim3(n / 16, n / 16),
                                  dim3(16, 16), n, rounds, prop.multiProcessorCount);
    ok &= probe<float>("float transpose 32x33, 1 row (262,144 blocks of 1024)",
                       waysOf<float, F32>(kLabAtOnce), dim3(n / 32, n / 32), dim3(32, 32), n,
                       rounds, prop.multiProcessorCount);
    std::printf("\n%s\n", ok ? "every output and every record checked" : "CHECK FAILED");
    return ok ? 0 : 1;
}
