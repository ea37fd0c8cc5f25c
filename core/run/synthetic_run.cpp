#include "core/run/synthetic_run.h"

#include <algorithm>
#include <cmath>
#include <queue>
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

struct FreeSlot {
    std::uint64_t timeNs;
    std::uint32_t sm;
    bool operator>(const FreeSlot& o) const {
        return timeNs != o.timeNs ? timeNs > o.timeNs : sm > o.sm;
    }
};

}  // namespace

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

}  // namespace ws
