// The bank-conflict probe: one warp accesses shared memory with a chosen
// pattern, 1024 times in a row, timed with clock64. Loads form a dependent
// chain (each address adds the value just loaded, which is zero), so the loop
// runs at the latency of one access: every extra pass the banks need shows up
// as extra cycles per access.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "core/access/bank_conflicts.h"
#include "core/catalog/catalog.h"
#include "core/memory/memory_reference.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"

namespace ws::memory {

namespace {

constexpr int kIterations = kProbeIterations;  // core/memory/memory_reference.h

struct ProbeOutput {
    std::int64_t loadCycles;
    std::int64_t storeCycles;
    std::uint32_t finalOffset[32];  // each lane's address after the chain: must be unchanged
};

// The element types of each width; firstWord() gives the part added to the address.
template <int kWidth>
struct Element;
template <>
struct Element<1> {
    using Type = std::uint8_t;
};
template <>
struct Element<4> {
    using Type = std::uint32_t;
};
template <>
struct Element<8> {
    using Type = uint2;
};
template <>
struct Element<16> {
    using Type = uint4;
};

template <typename T>
__device__ __forceinline__ T fromWord(std::uint32_t w) {
    if constexpr (sizeof(T) == 1)
        return T(w);
    else if constexpr (sizeof(T) == 4)
        return w;
    else if constexpr (sizeof(T) == 8)
        return make_uint2(w, w);
    else
        return make_uint4(w, w, w, w);
}

// `zero` is 0, passed at run time so the compiler cannot know the loaded
// values and fold the chain away.
template <Recording kRec, int kWidth>
__global__ void bankProbe(const std::uint32_t* offsets, std::uint32_t bytes, std::uint32_t zero,
                          ProbeOutput* out, __grid_constant__ const AccessTrace trace) {
    using T = typename Element<kWidth>::Type;
    BlockScope<kRec> block(trace);
    extern __shared__ __align__(16) unsigned char buffer[];
    const std::uint32_t lane = threadIdx.x;
    for (std::uint32_t i = lane; i < bytes / 4; i += 32)
        reinterpret_cast<std::uint32_t*>(buffer)[i] = zero;
    __syncwarp();

    const std::uint32_t start = offsets[lane];
    std::uint32_t offset = start;
    // One untimed round brings the loop's instructions into the cache.
    offset += firstWord(*reinterpret_cast<const T*>(buffer + offset));
    __syncwarp();

    const std::int64_t t0 = cycleCounter();
#pragma unroll 4
    for (int i = 0; i < kIterations; ++i)
        offset += firstWord(*reinterpret_cast<const T*>(buffer + offset));
    out->finalOffset[lane] = offset;  // needs the last load: the reading below waits for it
    const std::int64_t t1 = cycleCounter();

    // Stores do not wait for each other: this loop measures how fast the
    // banks accept them, which the passes bound just the same.
    __syncwarp();
    const T value = fromWord<T>(zero);
    const std::int64_t t2 = cycleCounter();
#pragma unroll 4
    for (int i = 0; i < kIterations; ++i)
        *reinterpret_cast<T*>(buffer + offset + (zero & i)) = value;
    __threadfence_block();  // the last stores have landed
    const std::int64_t t3 = cycleCounter();

    if (lane == 0) {
        out->loadCycles = t1 - t0;
        out->storeCycles = t3 - t2;
    }
    if constexpr (kRec == Recording::Accesses) {
        // The probe's two instructions, as the bank view draws them: lane
        // addresses relative to the buffer, cycles per access.
        if (trace.shared != nullptr && trace.maxShared >= 2 && linearBlock() == 0) {
            for (int k = 0; k < 2; ++k) {
                SharedSlot& s = trace.shared[k];
                s.address[lane] = start;
                if (lane == 0) {
                    s.activeMask = kFullMask;
                    s.widthBytes = kWidth;
                    s.isStore = k;
                    s.used = 1;
                    s.cycles = ((k == 0 ? t1 - t0 : t3 - t2) + kIterations / 2) / kIterations;
                }
            }
        }
    }
    block.finish();
}

using Kernel = void (*)(const std::uint32_t*, std::uint32_t, std::uint32_t, ProbeOutput*,
                        AccessTrace);

template <int kWidth>
constexpr KernelBuilds<Kernel> kProbes{bankProbe<Recording::Off, kWidth>,
                                       bankProbe<Recording::Blocks, kWidth>,
                                       bankProbe<Recording::Accesses, kWidth>};

Kernel kernelFor(int width, Recording level) {
    switch (width) {
        case 1:
            return kProbes<1>[level];
        case 8:
            return kProbes<8>[level];
        case 16:
            return kProbes<16>[level];
        default:
            return kProbes<4>[level];
    }
}

}  // namespace

Result<ProbeRun> runBankProbe(const MemorySettings& settings, const RunOptions& options,
                              const DeviceInfo& device) {
    const int width = int(settings.probe.widthBytes);
    const ProbePattern* pattern = &settings.probe.access;
    // Lanes outside a small tile (8x8 column read) access nothing in the
    // pattern; in the probe they repeat lane 0's address, a broadcast, which
    // adds no pass.
    WarpAccess access = pattern->access;
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        if (!(access.activeMask >> lane & 1u)) access.address[lane] = access.address[0];
    access.activeMask = kFullMask;
    const std::uint32_t bytes = pattern->sharedBytes;
    const std::string name = "bankProbe<" + std::to_string(width) + ">";
    const dim3 grid(1), block(32);
    if (Status s = checkShape(device, name, grid, block, bytes, /*optIn=*/true); !s)
        return makeError(s.error());

    DeviceBuffer<std::uint32_t> offsets;
    DeviceBuffer<ProbeOutput> output;
    if (Status s = offsets.allocate(32); !s) return makeError(s.error());
    if (Status s = output.allocate(1); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaMemcpy(offsets.get(), access.address.data(), 32 * sizeof(std::uint32_t),
                           cudaMemcpyHostToDevice));
    TraceStorage storage;
    if (Status s = storage.allocate({.blocks = 1,
                                     .warpsPerBlock = 1,
                                     .tracedBlocks = 1,
                                     .maxShared = 2,
                                     .maxGlobal = 0,
                                     .blockSlots = true});
        !s)
        return makeError(s.error());
    // The probe's records are its two instructions: it always traces block 0.
    const Recording recording = storage.recording();
    for (Recording level : {Recording::Off, recording})
        if (bytes > 48 * 1024)
            WS_CUDA_TRY(cudaFuncSetAttribute(
                kernelFor(width, level), cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));

    std::vector<double> loadCycles, storeCycles;
    auto launchWith = [&](Recording level) -> Status {
        kernelFor(width, level)<<<grid, block, bytes>>>(
            offsets.get(), bytes, 0u, output.get(),
            level == Recording::Off ? AccessTrace{} : storage.trace());
        WS_CUDA_TRY_LAUNCH(name);
        return {};
    };
    ProbeOutput result{};
    auto verify = [&]() -> Result<Verification> {
        WS_CUDA_TRY(cudaDeviceSynchronize());
        WS_CUDA_TRY(cudaMemcpy(&result, output.get(), sizeof result, cudaMemcpyDeviceToHost));
        Verification v;
        v.checked = true;
        v.passed = std::equal(result.finalOffset, result.finalOffset + 32, access.address.begin());
        v.note = v.passed ? "every lane's chain of 1024 loads ended at its own address"
                          : "a lane's chain of loads drifted: shared memory was not zero";
        return v;
    };
    // Each plain launch also yields cycle counts; they are collected before
    // the next launch (outside its timed interval) or by the check.
    bool pending = false;
    auto harvest = [&]() -> Status {
        if (!pending) return {};
        pending = false;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        WS_CUDA_TRY(cudaMemcpy(&result, output.get(), sizeof result, cudaMemcpyDeviceToHost));
        loadCycles.push_back(double(result.loadCycles) / kIterations);
        storeCycles.push_back(double(result.storeCycles) / kIterations);
        return {};
    };
    const MeasureSteps steps{
        .plain =
            [&] {
                Status s = launchWith(Recording::Off);
                pending = s.ok();
                return s;
            },
        .recorded = [&] { return launchWith(recording); },
        .verify = [&]() -> Result<Verification> {
            if (Status s = harvest(); !s) return makeError(s.error());
            return verify();
        },
        .before = harvest,
    };

    ProbeRun probe;
    Launch launch = makeLaunch(name, grid, block, bytes);
    TimedRuns times;
    if (Status s = measure(options.repetitions, options.measureOverhead, steps, storage, launch,
                           times, probe.timed.run.verification);
        !s)
        return makeError(s.error());
    if (loadCycles.size() > 1) {  // the first is the warm-up launch
        loadCycles.erase(loadCycles.begin());
        storeCycles.erase(storeCycles.begin());
    }
    probe.loadCyclesPerAccess = medianOf(loadCycles);
    probe.storeCyclesPerAccess = medianOf(storeCycles);
    probe.predictedPasses = analyzeBanks(pattern->access).passes;

    Run& run = probe.timed.run;
    fillRunHeader(run, "bank-probe", settings.resolved, device);
    run.launches.push_back(std::move(launch));
    fillTiming(run.timing, times, 2.0 * kIterations * 32 * width);
    run.verification.expected = "predicted passes: " + std::to_string(probe.predictedPasses);
    run.verification.actual = "measured: " + std::to_string(probe.loadCyclesPerAccess) +
                              " cycles/load, " + std::to_string(probe.storeCyclesPerAccess) +
                              " cycles/store (median of " + std::to_string(loadCycles.size()) +
                              " launches)";
    probe.timed.plainMs = std::move(times.plainMs);
    probe.timed.recordedMs = std::move(times.recordedMs);
    return probe;
}

}  // namespace ws::memory
