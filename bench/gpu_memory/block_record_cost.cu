// block_record_cost: what a per-block record costs the memory lab's kernels,
// taken apart. Three kernels of the lab, copied here so that only the record
// changes: the seed's uint8 transpose through a 16x16 tile (a million blocks
// of 512 bytes), the float transpose through a padded 32x33 tile with 1024
// threads per block, and the column sums (64 blocks, each a 16384-row loop).
// Each runs without a record and with every way of writing one below; the
// launches of all ways take turns, 31 rounds, and the median is reported as
// % over the kernel without a record. Every output is checked against the
// CPU, every record for having been written with end >= start.
//
//   block_record_cost [--rounds N]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

#define CHECK(call)                                                                          \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            std::exit(1);                                                                    \
        }                                                                                    \
    } while (0)

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
    kAtOnce48,     // start at once (16 B), barrier, end and SM (24 B) by thread 0
    kAtOnce32,     // start at once (16 B), barrier, end (16 B) by thread 0
    kAtOnce32Red,  // start at once (16 B), no barrier: every warp's end by atomicMax
    kRegisters32,  // registers, barrier, 32 bytes (2 stores) by thread 0
    kRegisters16,  // registers, barrier, 16 bytes: start ns low 32 bits, ns and cycles spent, SM
    kRegisters16NoBar,  // the same without the barrier (not a valid record: thread 0's own end)
    kReadsOnly,         // registers, barrier, the readings but no store (what the readings cost)
    kStoreOnly,         // barrier, a 16-byte store of constants (what the store costs)
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
                                  "store only, barrier*"};
    return names[w];
}
std::uint32_t slotBytes(int w) {
    switch (w) {
        case kNone:
            return 0;
        case kLab48:
        case kAtOnce48:
            return 48;
        case kAtOnce32:
        case kAtOnce32Red:
        case kRegisters32:
            return 32;
        default:
            return 16;
    }
}
bool validRecord(int w) { return w != kRegisters16NoBar && w != kReadsOnly && w != kStoreOnly; }

struct Records {
    void* slots = nullptr;  // slotBytes(way) per block, zeroed before the launch
};

__device__ __forceinline__ char* slotOf(Records r, std::uint32_t bytes) {
    return static_cast<char*>(r.slots) + std::size_t(bytes) * blockLinear();
}
__device__ __forceinline__ std::uint64_t clockWithSm(std::int64_t clock) {
    return (std::uint64_t(clock) & ((1ull << 56) - 1)) | (std::uint64_t(smid()) << 56);
}

template <int kWay>
struct Recorder {
    std::uint64_t startNs = 0;
    std::int64_t startClock = 0;

    __device__ void begin(Records r) {
        if constexpr (kWay == kNone || kWay == kStoreOnly) return;
        if (!threadZero()) return;
        startClock = clock64();
        startNs = timerNs();
        if constexpr (kWay == kAtOnce48)
            *reinterpret_cast<ulonglong2*>(slotOf(r, 48)) =
                make_ulonglong2(startNs, std::uint64_t(startClock));
        if constexpr (kWay == kAtOnce32 || kWay == kAtOnce32Red)
            *reinterpret_cast<ulonglong2*>(slotOf(r, 32)) =
                make_ulonglong2(startNs, clockWithSm(startClock));
    }

    __device__ void end(Records r) {
        if constexpr (kWay == kNone) return;
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
        if constexpr (kWay != kRegisters16NoBar) __syncthreads();
        if (!threadZero()) return;
        if constexpr (kWay == kStoreOnly) {
            *reinterpret_cast<uint4*>(slotOf(r, 16)) = make_uint4(1, 2, 3, blockLinear() + 1);
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
        if constexpr (kWay == kAtOnce32) {
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
        if constexpr (kWay == kLab48) slot[0] = make_ulonglong2(startNs, std::uint64_t(startClock));
        slot[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
        *reinterpret_cast<uint2*>(slot + 2) = make_uint2(blockLinear() + 1, smid());
    }
};

// The seed's uint8 transpose through a 16x16 tile (kernels/memory_transpose_u8.cu).
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
        sbuf[ty][tx] = inside ? src[x + std::size_t(y) * width] : 0;
    }
    __syncthreads();
    {
        const int x = xbase + ty, y = ybase + tx;
        if (x < width && y < height) dst[y + std::size_t(x) * height] = sbuf[tx][ty];
    }
    r.end(rec);
}

// The float transpose through a padded 32x33 tile, 1 row per thread.
template <int kWay>
__global__ void transposeF32(const float* in, float* out, int width, int height, Records rec) {
    Recorder<kWay> r;
    r.begin(rec);
    __shared__ float tile[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    {
        const int x = blockIdx.x * 32 + tx, y = blockIdx.y * 32 + ty;
        tile[ty][tx] = x < width && y < height ? in[std::size_t(y) * width + x] : 0.0f;
    }
    __syncthreads();
    {
        const int x = blockIdx.y * 32 + tx, y = blockIdx.x * 32 + ty;
        if (x < height && y < width) out[std::size_t(y) * height + x] = tile[tx][ty];
    }
    r.end(rec);
}

// The column sums of seed 001: one thread per column, a loop down the rows.
template <int kWay>
__global__ void columnSums(const std::uint8_t* src, float* dst, int width, int height,
                           Records rec) {
    Recorder<kWay> r;
    r.begin(rec);
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const bool inside = x < width;
    float sum = 0;
    for (int y = 0; y < height; ++y)
        sum += inside ? src[x + std::size_t(y) * width] : std::uint8_t(0);
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
template <int... W>
std::vector<F32Kernel> f32Kernels(std::integer_sequence<int, W...>) {
    return {transposeF32<W>...};
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
        } else if (slotBytes(way) == 32) {
            std::uint64_t q[4];
            std::memcpy(q, p, 32);
            const int sm = int(q[1] >> 56);
            const std::uint64_t startClock56 = q[1] & ((1ull << 56) - 1);
            const std::uint64_t cycles = (q[3] - startClock56) & ((1ull << 56) - 1);
            if (q[0] == 0 || q[2] < q[0] || sm >= sms || cycles > (1ull << 40)) return false;
        } else {
            std::uint64_t q[6];
            std::memcpy(q, p, 48);
            if (std::uint32_t(q[4]) != b + 1 || int(q[4] >> 32) >= sms) return false;
            if (q[2] < q[0] || std::int64_t(q[3]) < std::int64_t(q[1])) return false;
        }
    }
    return true;
}

struct Case {
    std::string name;
    std::size_t blocks;
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
    CHECK(cudaMalloc(&srcU8, pixels));
    CHECK(cudaMalloc(&dstU8, pixels));
    CHECK(cudaMalloc(&srcF32, pixels * 4));
    CHECK(cudaMalloc(&dstF32, pixels * 4));
    CHECK(cudaMalloc(&sums, n * 4));
    const std::size_t maxBlocks = pixels / 256;
    CHECK(cudaMalloc(&slots, maxBlocks * 48));
    CHECK(cudaMemcpy(srcU8, imageU8.data(), pixels, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(srcF32, imageF32.data(), pixels * 4, cudaMemcpyHostToDevice));

    const auto ways = std::make_integer_sequence<int, kWayCount>{};
    const auto u8 = u8Kernels(ways);
    const auto f32 = f32Kernels(ways);
    const auto sum = sumKernels(ways);

    std::vector<Case> cases;
    cases.push_back({"uint8 transpose 16x16 (1,048,576 blocks of 256 threads)", pixels / 256,
                     [&](int w, Records r) {
                         u8[w]<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(srcU8, dstU8, n, n, r);
                     },
                     [&] {
                         std::vector<std::uint8_t> out(pixels);
                         CHECK(cudaMemcpy(out.data(), dstU8, pixels, cudaMemcpyDeviceToHost));
                         for (std::size_t y = 0; y < std::size_t(n); y += 7)
                             for (std::size_t x = 0; x < std::size_t(n); x += 5)
                                 if (out[x * n + y] != imageU8[y * n + x]) return false;
                         return true;
                     }});
    cases.push_back({"float transpose 32x33, 1 row/thread (262,144 blocks of 1024)", pixels / 1024,
                     [&](int w, Records r) {
                         f32[w]<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(srcF32, dstF32, n, n, r);
                     },
                     [&] {
                         std::vector<float> out(pixels);
                         CHECK(cudaMemcpy(out.data(), dstF32, pixels * 4, cudaMemcpyDeviceToHost));
                         for (std::size_t y = 0; y < std::size_t(n); y += 7)
                             for (std::size_t x = 0; x < std::size_t(n); x += 5)
                                 if (out[x * n + y] != imageF32[y * n + x]) return false;
                         return true;
                     }});
    cases.push_back({"column sums (64 blocks of 256, 16384 rows each)", std::size_t(n) / 256,
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
                CHECK(cudaEventRecord(start));
                c.launch(w, Records{slots});
                CHECK(cudaEventRecord(stop));
                CHECK(cudaEventSynchronize(stop));
                CHECK(cudaGetLastError());
                float t = 0;
                CHECK(cudaEventElapsedTime(&t, start, stop));
                if (round >= 0) ms[w].push_back(t);
                if (round == rounds - 1) {
                    std::vector<std::uint8_t> bytes(c.blocks * 48);
                    CHECK(cudaMemcpy(bytes.data(), slots, bytes.size(), cudaMemcpyDeviceToHost));
                    const bool ok = c.verify() && (!validRecord(w) || w == kNone ||
                                                   recordsValid(bytes, w, c.blocks, sms));
                    if (!ok) {
                        ++failures;
                        std::printf("CHECK FAILED: %s, %s\n", c.name.c_str(), wayName(w));
                    }
                }
            }
        const double base = median(ms[kNone]);
        std::printf("\n%s: %.4f ms without a record (median of %d)\n", c.name.c_str(), base,
                    rounds);
        std::printf("  %-30s %10s %10s\n", "record", "ms", "% over");
        for (int w = 1; w < kWayCount; ++w) {
            const double m = median(ms[w]);
            std::printf("  %-30s %10.4f %+9.2f%%\n", wayName(w), m, (m - base) / base * 100);
        }
    }
    std::printf(
        "\n* not a valid record, a part of one: what the barrier, the readings or the store "
        "cost\n");
    std::printf("checks: %s\n", failures ? "FAILED" : "all outputs and records verified");
    return failures ? 1 : 0;
}
