#pragma once
// Host entry points of the memory lab (catalog group "memory"): image and
// matrix transposes, axis reductions, the bank-conflict probe. Each launcher
// checks its parameters against the device, runs the plain and the recording
// build, verifies against the CPU reference (core/memory/memory_reference.h) and
// returns the trace; nothing here prints or exits.
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/memory/memory_settings.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

// True for the ids runMemoryExperiment handles.
bool isMemoryExperiment(std::string_view id);

Result<Run> runMemoryExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device);

namespace memory {

// A run plus every timed launch, for benchmarks that report the spread.
struct MemoryRun {
    Run run;
    std::vector<double> plainMs;     // one per timed launch without recording
    std::vector<double> recordedMs;  // one per timed launch with recording
};

Result<MemoryRun> runTransposeU8(const MemorySettings& settings, const RunOptions& options,
                                 const DeviceInfo& device);
Result<MemoryRun> runTransposeF32(const MemorySettings& settings, const RunOptions& options,
                                  const DeviceInfo& device);
// reduce-columns, reduce-rows-atomic, reduce-rows-block
Result<MemoryRun> runAxisReduce(const MemorySettings& settings, const RunOptions& options,
                                const DeviceInfo& device);

// The probe also reports cycles per access: the median over launches of the
// 1024-load (and 1024-store) loops, divided by 1024.
struct ProbeRun {
    MemoryRun timed;
    double loadCyclesPerAccess = 0;
    double storeCyclesPerAccess = 0;
    std::uint32_t predictedPasses = 0;
};
Result<ProbeRun> runBankProbe(const MemorySettings& settings, const RunOptions& options,
                              const DeviceInfo& device);

}  // namespace memory

// The CPU doing a memory run's work and the copies its GPU run needs, into
// the run's Timing (kernels/memory/memory_cpu_cost.cpp; called by
// addCpuAgainstGpu in kernels/runner/cpu_against_gpu.h).
Status addMemoryCpuCost(Run& run, const RunOptions& options);

}  // namespace ws
