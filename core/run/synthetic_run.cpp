#include "core/run/synthetic_run.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <string>
#include <utility>
#include <vector>

namespace ws {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double uniform01(std::uint64_t& state) { return double(splitmix64(state) >> 11) * 0x1.0p-53; }

// The profile's source: the synthetic functions' lines point into it.
constexpr const char* kProfileSourcePath = "kernels/synthetic/synthetic_kernels.cu";
constexpr const char* kProfileSource =
    "// Two small kernels whose instructions the synthetic profile samples.\n"             // 1
    "#include <cuda_runtime.h>\n"                                                          // 2
    "\n"                                                                                   // 3
    "__global__ void reduceShared(const float* in, float* out, unsigned n) {\n"            // 4
    "    extern __shared__ float s[];\n"                                                   // 5
    "    const unsigned t = threadIdx.x;\n"                                                // 6
    "    const unsigned i = blockIdx.x * blockDim.x + t;\n"                                // 7
    "    s[t] = i < n ? in[i] : 0.0f;\n"                                                   // 8
    "    __syncthreads();\n"                                                               // 9
    "    for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {\n"                    // 10
    "        if (t < half)\n"                                                              // 11
    "            s[t] += s[t + half];\n"                                                   // 12
    "        __syncthreads();\n"                                                           // 13
    "    }\n"                                                                              // 14
    "    if (t == 0) out[blockIdx.x] = s[0];\n"                                            // 15
    "}\n"                                                                                  // 16
    "\n"                                                                                   // 17
    "__global__ void addArrays(const float* a, const float* b, float* c, unsigned n) {\n"  // 18
    "    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;\n"                      // 19
    "    if (i >= n) return;\n"                                                            // 20
    "    c[i] = a[i] + b[i];\n"                                                            // 21
    "}\n";                                                                                 // 22

struct SyntheticInstruction {
    std::uint32_t line;  // 0: none (the padding after EXIT)
    const char* sass;
};

// 20 instructions per function, 16 bytes each, as sm_90 lays them out.
constexpr SyntheticInstruction kReduceShared[] = {
    {4, "IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]"},
    {6, "S2R R0, SR_TID.X"},
    {7, "S2R R3, SR_CTAID.X"},
    {7, "ULDC.64 UR4, c[0x0][0x118]"},
    {7, "IMAD R2, R3, c[0x0][0x0], R0"},
    {8, "ISETP.GE.U32.AND P0, PT, R2, c[0x0][0x170], PT"},
    {8, "IMAD.WIDE.U32 R2, R2, 0x4, c[0x0][0x160]"},
    {8, "@!P0 LDG.E R2, [R2.64]"},
    {8, "STS [R0.X4], R2"},
    {9, "BAR.SYNC.DEFER_BLOCKING 0x0"},
    {10, "SHF.R.U32.HI R4, RZ, 0x1, c[0x0][0x0]"},
    {11, "ISETP.GE.U32.AND P1, PT, R0, R4, PT"},
    {12, "@!P1 LDS R5, [R0.X4+0x200]"},
    {12, "@!P1 LDS R6, [R0.X4]"},
    {12, "@!P1 FADD R6, R5, R6"},
    {12, "@!P1 STS [R0.X4], R6"},
    {13, "BAR.SYNC.DEFER_BLOCKING 0x0"},
    {15, "ISETP.NE.AND P0, PT, R0, RZ, PT"},
    {15, "@!P0 STG.E [R8.64], R6"},
    {16, "EXIT"},
};
constexpr SyntheticInstruction kAddArrays[] = {
    {18, "IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]"},
    {19, "S2R R6, SR_CTAID.X"},
    {19, "S2R R3, SR_TID.X"},
    {19, "IMAD R6, R6, c[0x0][0x0], R3"},
    {20, "ISETP.GE.U32.AND P0, PT, R6, c[0x0][0x178], PT"},
    {20, "@P0 EXIT"},
    {21, "ULDC.64 UR4, c[0x0][0x118]"},
    {21, "IMAD.WIDE.U32 R2, R6, 0x4, c[0x0][0x160]"},
    {21, "IMAD.WIDE.U32 R4, R6, 0x4, c[0x0][0x168]"},
    {21, "LDG.E R2, [R2.64]"},
    {21, "LDG.E R5, [R4.64]"},
    {21, "IMAD.WIDE.U32 R6, R6, 0x4, c[0x0][0x170]"},
    {21, "FADD R9, R2, R5"},
    {21, "STG.E [R6.64], R9"},
    {22, "EXIT"},
    {0, "BRA 0xf0"},
    {0, "NOP"},
    {0, "NOP"},
    {0, "NOP"},
    {0, "NOP"},
};

template <std::size_t N>
ProfiledFunction syntheticFunction(std::string name, std::string displayName,
                                   const SyntheticInstruction (&instructions)[N]) {
    ProfiledFunction f;
    f.name = std::move(name);
    f.displayName = std::move(displayName);
    f.sourceFile = kProfileSourcePath;
    f.files = {kProfileSourcePath};
    for (std::size_t i = 0; i < N; ++i) {
        f.pcOffset.push_back(std::uint32_t(16 * i));
        f.line.push_back(instructions[i].line);
        f.file.push_back(0);
        f.sass.emplace_back(instructions[i].sass);
    }
    return f;
}

struct FreeSlot {
    std::uint64_t timeNs;
    std::uint32_t sm;
    bool operator>(const FreeSlot& o) const {
        return timeNs != o.timeNs ? timeNs > o.timeNs : sm > o.sm;
    }
};

}  // namespace

DeviceInfo syntheticDevice(int smCount) {
    DeviceInfo d;
    d.name = "Synthetic H100-like GPU";
    d.ccMajor = 9;
    d.ccMinor = 0;
    d.smCount = smCount;
    d.smClockKHz = 1755000;
    d.memClockKHz = 2619000;
    d.memBusWidthBits = 5120;
    d.memBandwidthGBs = 2.0 * d.memClockKHz * 1e3 * (d.memBusWidthBits / 8) / 1e9;
    d.maxThreadsPerBlock = 1024;
    d.maxThreadsPerSm = 2048;
    d.maxBlocksPerSm = 32;
    d.sharedMemPerBlock = 48 * 1024;
    d.sharedMemPerBlockOptin = 227 * 1024;
    d.sharedMemPerSm = 228 * 1024;
    d.regsPerSm = 65536;
    d.l2CacheBytes = 50 * 1024 * 1024;
    d.globalMemBytes = 80LL << 30;
    d.maxGridX = 2147483647;
    d.driverVersion = "13.0";
    d.runtimeVersion = "13.0";
    d.timerTickNs = 32;
    return d;
}

Run makeSyntheticRun(std::size_t blocks, int smCount, std::uint64_t seed) {
    SyntheticGpu gpu;
    gpu.smCount = smCount;
    return makeSyntheticRun(blocks, gpu, seed);
}

Run makeSyntheticRun(std::size_t blocks, const SyntheticGpu& gpu, std::uint64_t seed) {
    const int smCount = std::max(gpu.smCount, 1);
    constexpr std::uint32_t kThreads = 256;
    const std::uint64_t kTick = std::max<std::uint64_t>(gpu.timerTickNs, 1);
    // 2048 threads per SM / 256 per block: 8 blocks resident per SM.
    constexpr std::uint32_t kSlotsPerSm = 8;
    // A realistic %globaltimer origin (ns since the epoch, late 2025).
    constexpr std::uint64_t kEpochNs = 1'760'000'000'000'000'000ULL;
    const double ghz = 1.755;

    Run run;
    run.experiment = "synthetic";
    run.params = {{"n", std::to_string(blocks * kThreads)}, {"block", "256"}};
    run.device = syntheticDevice(smCount);
    run.device.timerTickNs = kTick;
    run.device.name = gpu.name;
    run.recordedAt = "2025-10-09T12:00:00Z";
    run.tool = "warpscope synthetic";
    run.timing = Timing{};
    run.timing.repetitions = 1;

    Launch l;
    l.kernel = "syntheticKernel";
    l.grid = {static_cast<std::uint32_t>(std::max<std::size_t>(blocks, 1)), 1, 1};
    l.block = {kThreads, 1, 1};
    l.blocks.resize(blocks);

    std::uint64_t state = seed;
    // Every SM's clock64 started at its own moment: per-SM offsets.
    std::vector<std::int64_t> clockBase(smCount);
    for (auto& c : clockBase) c = std::int64_t(splitmix64(state) % 1'000'000'000ULL);

    // The block scheduler hands the next block to whichever slot frees first.
    std::priority_queue<FreeSlot, std::vector<FreeSlot>, std::greater<>> free;
    for (std::uint32_t slot = 0; slot < kSlotsPerSm; ++slot)
        for (int sm = 0; sm < smCount; ++sm)
            free.push({kEpochNs + slot * 64 + std::uint64_t(sm) * 4, std::uint32_t(sm)});

    for (std::size_t i = 0; i < blocks; ++i) {
        FreeSlot f = free.top();
        free.pop();
        // Dispatch latency of a few hundred ns, and durations around 12 us
        // with a long tail (memory stalls, a slow SM now and then).
        const std::uint64_t launchDelay = 200 + splitmix64(state) % 400;
        const double jitter = std::exp(0.25 * (uniform01(state) + uniform01(state) - 1.0) * 2.0);
        const double tail = uniform01(state) < 0.01 ? 2.5 : 1.0;
        const auto duration = std::uint64_t(12'000.0 * jitter * tail);
        const std::uint64_t start = (f.timeNs + launchDelay) / kTick * kTick;
        const std::uint64_t end = std::max(start + kTick, (start + duration) / kTick * kTick);
        l.blocks.block[i] = std::uint32_t(i);
        // What %smid reports: a MIG slice's SMs keep their ids on the whole
        // GPU, and some GPUs number their SMs with gaps.
        l.blocks.sm[i] = gpu.firstSmId + f.sm * std::max<std::uint32_t>(gpu.smIdStep, 1);
        l.blocks.startNs[i] = start;
        l.blocks.endNs[i] = end;
        const auto rel = [&](std::uint64_t t) { return std::int64_t(double(t - kEpochNs) * ghz); };
        l.blocks.startClock[i] = clockBase[f.sm] + rel(start);
        l.blocks.endClock[i] = clockBase[f.sm] + rel(end) - std::int64_t(splitmix64(state) % 50);
        free.push({end, f.sm});
    }
    run.launches.push_back(std::move(l));
    return run;
}

void addSyntheticProfile(Run& run) {
    RunProfile p;
    p.requested = true;
    p.stallReasons = {"smsp__pcsamp_warps_issue_stalled_barrier",
                      "smsp__pcsamp_warps_issue_stalled_long_scoreboard",
                      "smsp__pcsamp_warps_issue_stalled_selected",
                      "smsp__pcsamp_warps_issue_stalled_short_scoreboard",
                      "smsp__pcsamp_warps_issue_stalled_wait"};
    p.functions = {
        syntheticFunction("_Z12reduceSharedPKfPfj",
                          "reduceShared(float const*, float*, unsigned int)", kReduceShared),
        syntheticFunction("_Z9addArraysPKfS0_Pfj",
                          "addArrays(float const*, float const*, float*, unsigned int)",
                          kAddArrays)};
    // The reduction's block holds its registers and a static shared array
    // of 256 floats; the addition's resources are left unknown, as in
    // traces recorded before they were kept.
    p.functions[0].registersPerThread = 40;
    p.functions[0].staticSharedBytes = 1024;
    // The addition's cubin said through which calls each instruction came,
    // and none was inlined from a helper; the reduction's calls are unknown,
    // as in traces recorded before they were kept.
    p.functions[1].callerLine.assign(p.functions[1].pcOffset.size(), 0);
    p.functions[1].callerFile.assign(p.functions[1].pcOffset.size(), 0);
    // (function, instruction, reason, samples): the loads wait on memory,
    // the barriers on the slowest warp, the rest a little on everything.
    constexpr std::uint32_t kRows[][4] = {
        {0, 1, 2, 12},  {0, 7, 2, 31},  {0, 8, 1, 412},  {0, 9, 0, 305}, {0, 12, 2, 18},
        {0, 14, 3, 96}, {0, 14, 4, 22}, {0, 16, 0, 188}, {0, 18, 1, 7},  {1, 4, 4, 9},
        {1, 9, 2, 27},  {1, 10, 2, 25}, {1, 12, 1, 523}, {1, 13, 4, 41},
    };
    for (const auto& [function, instruction, reason, samples] : kRows) {
        p.stalls.function.push_back(function);
        p.stalls.pcOffset.push_back(p.functions[function].pcOffset[instruction]);
        p.stalls.reason.push_back(reason);
        p.stalls.samples.push_back(samples);
        p.totalSamples += samples;
    }
    p.droppedSamples = 12;
    p.samplingPeriodLog2 = 10;
    p.sampledLaunches = 3;
    p.sampledKernelMs = 0.0231;
    p.unsampledKernelMs = 0.0219;
    const std::string kernel = p.functions[0].displayName;
    p.counters = {{kernel, "dram__bytes_read.sum", 4194304},
                  {kernel, "dram__bytes_write.sum", 16384},
                  {kernel, "gpu__time_duration.sum", 21952},
                  {kernel, "sm__throughput.avg.pct_of_peak_sustained_elapsed", 41.5},
                  {kernel, "smsp__inst_executed.sum", 1835008}};
    p.counterPasses = 3;
    p.sources = {{kProfileSourcePath, kProfileSource}};
    run.profile = std::move(p);
}

}  // namespace ws
