// probe_parts_cost: what each part of a kernel file's block probe costs, in
// three short memory-bound kernels written as a student would (a vector add
// of 2^24 ints in 65,536 blocks, a uint8 transpose of 8192^2 through a 32x32
// tile in 65,536 blocks of 32x8, and an argmin by atomicCAS), each way of
// probing written inline as the PTX probe writes it (core/kernelfile/
// ptx_probe.cpp), launched by turns against no probe (41 rounds, median;
// the whole table twice, to show its spread). Ways marked * are parts of a
// probe, not a whole one. docs/performance.md, "Your own kernel".
//
//   nvcc -std=c++17 -O3 -arch=sm_90 bench/gpu_kernelfile/probe_parts_cost.cu -o probe_parts_cost
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <utility>
#include <vector>

namespace {

enum Way {
    None,
    Before,           // 40 B: start, clock and SM stored at entry; end and clock by red.max
    ClockOnly,        // clock64 and SM at entry, clock at exit, no %globaltimer
    EntryTimerOnly,   // * one 8-byte store of %globaltimer at entry
    ExitMaxOnly,      // * one red.max of %globaltimer at exit
    EveryWarp,        // clock and SM at entry, clock at exit, in every warp
    LastWarpCounter,  // the last warp to leave (a shared counter) writes the end
    KeptStartAtExit,  // start kept in registers, four stores at exit
    KeptLowStart16,   // start's low 32 bits kept, one 16-byte store at exit
    MaxWithHints,     // Before, its stores streaming (st.cs)
    EntryHalfOnly,    // * one 16-byte store at entry
    TwoHalves,        // 16 bytes at entry, 16 at exit: one sector (the probe now)
    WayCount
};

const char* const kWayNames[WayCount] = {
    "none",
    "40 B: 3 stores at entry, 2 red.max at exit (before)",
    "clock and SM only, 3 stores",
    "* one 8-byte store of the start",
    "* one red.max of the end",
    "every warp, clock only",
    "the last warp writes the end (shared counter)",
    "start in registers, 4 stores at exit",
    "start's low bits in a register, one 16-byte store at exit",
    "before, streaming stores (st.cs)",
    "* one 16-byte store at entry",
    "16 B at entry + 16 B at exit, one sector (now)",
};

struct Record {
    unsigned long long a, b, c, d;
    unsigned e, f;
};

__device__ __forceinline__ unsigned long long timer() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)::"memory");
    return t;
}
__device__ __forceinline__ unsigned timerLow() {
    unsigned t;
    asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(t)::"memory");
    return t;
}
__device__ __forceinline__ unsigned long long clock64Now() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
__device__ __forceinline__ unsigned smId() {
    unsigned t;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(t));
    return t;
}
__device__ __forceinline__ void store16(void* p, unsigned a, unsigned b, unsigned c, unsigned d) {
    asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(a), "r"(b), "r"(c), "r"(d)
                 : "memory");
}
__device__ __forceinline__ void streamed8(void* p, unsigned long long a) {
    asm volatile("st.global.cs.u64 [%0], %1;" ::"l"(p), "l"(a) : "memory");
}
__device__ __forceinline__ void streamed4(void* p, unsigned a) {
    asm volatile("st.global.cs.u32 [%0], %1;" ::"l"(p), "r"(a) : "memory");
}

__shared__ unsigned leftWarps;

struct Probe {
    Record* records;
    unsigned long long kept = 0, keptClock = 0;
    __device__ unsigned block() const { return blockIdx.x + blockIdx.y * gridDim.x; }
    __device__ unsigned warp() const { return (threadIdx.x + threadIdx.y * blockDim.x) >> 5; }
    __device__ bool lead() const { return (threadIdx.x & 31) == 0; }
    __device__ uint4* halves() const { return reinterpret_cast<uint4*>(records) + 2 * block(); }

    template <Way W>
    __device__ void enter() {
        Record* me = records + block();
        const bool first = warp() == 0 && lead();
        if ((W == Before) && first) {
            me->a = timer();
            me->c = clock64Now();
            me->e = smId();
        }
        if ((W == ClockOnly || W == LastWarpCounter) && first) {
            me->c = clock64Now();
            me->e = smId();
        }
        if (W == LastWarpCounter && threadIdx.x == 0 && threadIdx.y == 0) leftWarps = 0;
        if (W == EntryTimerOnly && first) me->a = timer();
        if (W == EveryWarp && lead()) {
            Record* w = records + block() * 8 + warp();
            w->c = clock64Now();
            w->e = smId();
        }
        if (W == KeptStartAtExit && first) {
            kept = timer();
            keptClock = clock64Now();
        }
        if (W == KeptLowStart16 && first) kept = timerLow();
        if (W == MaxWithHints && first) {
            streamed8(&me->a, timer());
            streamed8(&me->c, clock64Now());
            streamed4(&me->e, smId());
        }
        if ((W == EntryHalfOnly || W == TwoHalves) && first) {
            const unsigned long long t = timer();
            store16(halves(), unsigned(t), unsigned(t >> 32), unsigned(clock64Now()), smId());
        }
    }

    template <Way W>
    __device__ void leave() {
        Record* me = records + block();
        const bool first = warp() == 0 && lead();
        if ((W == Before || W == MaxWithHints) && first) {
            atomicMax(&me->b, timer());
            atomicMax(&me->d, clock64Now());
        }
        if (W == ClockOnly && first) me->d = clock64Now();
        if (W == ExitMaxOnly && first) atomicMax(&me->b, timer());
        if (W == EveryWarp && lead()) records[block() * 8 + warp()].d = clock64Now();
        if (W == KeptStartAtExit && first) {
            me->d = clock64Now();
            me->a = kept;
            me->c = keptClock;
            me->e = smId();
        }
        if (W == KeptLowStart16 && first) {
            const unsigned long long t = timer();
            store16(halves(), unsigned(kept), unsigned(t), unsigned(t >> 32), smId());
        }
        if (W == LastWarpCounter && lead()) {
            const unsigned long long t = clock64Now();
            if (atomicAdd(&leftWarps, 1u) + 1 == (blockDim.x * blockDim.y) / 32) me->d = t;
        }
        if (W == TwoHalves && first) {
            const unsigned long long t = timer();
            store16(halves() + 1, unsigned(t), unsigned(t >> 32), unsigned(clock64Now()), 1u);
        }
    }
};

template <Way W>
__global__ void add(const int* in, int* out, int n, Record* records) {
    Probe p{records};
    p.enter<W>();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] + 1;
    p.leave<W>();
}

template <Way W>
__global__ void transpose(const unsigned char* in, unsigned char* out, int w, int h,
                          Record* records) {
    Probe p{records};
    p.enter<W>();
    __shared__ unsigned char tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
    p.leave<W>();
}

template <Way W>
__global__ void argmin(const int* in, int n, unsigned long long* best, Record* records) {
    Probe p{records};
    p.enter<W>();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const unsigned long long mine = (unsigned long long)(unsigned)in[i] << 32 | unsigned(i);
        unsigned long long seen = *best;
        while (mine < seen) {
            const unsigned long long was = atomicCAS(best, seen, mine);
            if (was == seen) break;
            seen = was;
        }
    }
    p.leave<W>();
}

float timed(const std::function<void()>& launch) {
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return ms;
}

// Every way launched once per round, by turns; the median of each.
void byTurns(const char* kernel, const std::vector<std::function<void()>>& ways) {
    constexpr int kRounds = 41;
    std::vector<std::vector<float>> ms(ways.size());
    for (const auto& w : ways) w(), w();
    cudaDeviceSynchronize();
    for (int r = 0; r < kRounds; ++r)
        for (std::size_t w = 0; w < ways.size(); ++w) ms[w].push_back(timed(ways[w]));
    std::vector<float> median;
    for (auto& m : ms) {
        std::sort(m.begin(), m.end());
        median.push_back(m[kRounds / 2]);
    }
    for (std::size_t w = 0; w < ways.size(); ++w)
        std::printf("%-10s %-58s %8.2f us %+6.1f %%\n", kernel, kWayNames[w], median[w] * 1000,
                    100 * (median[w] / median[0] - 1));
}

template <template <Way> class Launch, std::size_t... I>
std::vector<std::function<void()>> everyWay(std::index_sequence<I...>) {
    return {Launch<Way(I)>::make()...};
}

}  // namespace

int* gIn;
int* gOut;
unsigned char *gTin, *gTout;
Record* gRecords;
unsigned long long* gBest;
constexpr int kN = 1 << 24, kW = 8192, kH = 8192;

template <Way W>
struct AddLaunch {
    static std::function<void()> make() {
        return [] { add<W><<<kN / 256, 256>>>(gIn, gOut, kN, gRecords); };
    }
};
template <Way W>
struct TransposeLaunch {
    static std::function<void()> make() {
        return [] {
            transpose<W><<<dim3(kW / 32, kH / 32), dim3(32, 8)>>>(gTin, gTout, kW, kH, gRecords);
        };
    }
};
template <Way W>
struct ArgminLaunch {
    static std::function<void()> make() {
        return [] {
            cudaMemsetAsync(gBest, 0xff, 8);
            argmin<W><<<kN / 256, 256>>>(gIn, kN, gBest, gRecords);
        };
    }
};

int main() {
    cudaMalloc(&gIn, kN * 4);
    cudaMalloc(&gOut, kN * 4);
    cudaMalloc(&gTin, std::size_t(kW) * kH);
    cudaMalloc(&gTout, std::size_t(kW) * kH);
    cudaMalloc(&gRecords, sizeof(Record) * 65536 * 8);
    cudaMalloc(&gBest, 8);
    std::vector<int> host(kN);
    unsigned s = 1;
    for (int& v : host) v = int((s = s * 1664525u + 1013904223u) >> 8);
    cudaMemcpy(gIn, host.data(), kN * 4, cudaMemcpyHostToDevice);
    cudaMemset(gTin, 3, std::size_t(kW) * kH);
    const auto ways = std::make_index_sequence<WayCount>();
    for (int pass = 1; pass <= 2; ++pass) {
        std::printf("pass %d\n", pass);
        byTurns("add", everyWay<AddLaunch>(ways));
        byTurns("transpose", everyWay<TransposeLaunch>(ways));
        byTurns("argmin", everyWay<ArgminLaunch>(ways));
    }
    // The probe as it is now, checked: every output against the CPU, every
    // block's two halves written.
    bool ok = true;
    cudaMemset(gRecords, 0, sizeof(Record) * 65536 * 8);
    AddLaunch<TwoHalves>::make()();
    std::vector<int> out(kN);
    cudaMemcpy(out.data(), gOut, kN * 4, cudaMemcpyDeviceToHost);
    for (int i = 0; i < kN; ++i) ok = ok && out[i] == host[i] + 1;
    std::vector<uint4> halves(2 * 65536);
    cudaMemcpy(halves.data(), gRecords, halves.size() * sizeof(uint4), cudaMemcpyDeviceToHost);
    for (int b = 0; b < kN / 256; ++b) {
        const uint4 start = halves[2 * b], end = halves[2 * b + 1];
        const unsigned long long s0 = (unsigned long long)start.y << 32 | start.x;
        const unsigned long long s1 = (unsigned long long)end.y << 32 | end.x;
        ok = ok && end.w == 1 && s0 != 0 && s1 >= s0;
    }
    std::vector<unsigned char> tin(std::size_t(kW) * kH), tout(tin.size());
    for (std::size_t i = 0; i < tin.size(); ++i) tin[i] = (unsigned char)(i * 7 + i / kW);
    cudaMemcpy(gTin, tin.data(), tin.size(), cudaMemcpyHostToDevice);
    TransposeLaunch<TwoHalves>::make()();
    cudaMemcpy(tout.data(), gTout, tout.size(), cudaMemcpyDeviceToHost);
    for (int y = 0; y < kH && ok; ++y)
        for (int x = 0; x < kW; ++x)
            ok = ok && tout[std::size_t(x) * kH + y] == tin[std::size_t(y) * kW + x];
    ArgminLaunch<TwoHalves>::make()();
    unsigned long long best = 0;
    cudaMemcpy(&best, gBest, 8, cudaMemcpyDeviceToHost);
    const auto lowest = std::min_element(host.begin(), host.end());
    ok = ok && unsigned(best) == unsigned(lowest - host.begin()) && int(best >> 32) == *lowest;
    const cudaError_t e = cudaGetLastError();
    std::printf("%s; outputs and records %s\n",
                e == cudaSuccess ? "no CUDA error" : cudaGetErrorString(e),
                ok ? "checked against the CPU" : "WRONG");
    return e == cudaSuccess && ok ? 0 : 1;
}
