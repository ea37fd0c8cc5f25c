#pragma once
// Host entry points of the concurrency lab (catalog group "concurrency"):
// streams, dynamic parallelism and unified memory. Each launcher checks its
// parameters against the device, times the work, records one run with block
// records and CUPTI's activity, verifies against the CPU reference and
// returns the trace; nothing here prints or exits.
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/concurrency/concurrency_settings.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

bool isConcurrencyExperiment(std::string_view id);

Result<Run> runConcurrencyExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                     const RunOptions& options, const DeviceInfo& device);

namespace concurrency {

// A run and the timed samples behind its figures, for the benchmark.
struct TimedRun {
    Run run;
    std::vector<double> samplesMs;           // the experiment as asked
    std::vector<double> referenceSamplesMs;  // streams: one stream; unified memory: explicit copies
};

// Each reads its run's settings, parsed once by the caller
// (core/concurrency/concurrency_settings.h).
Result<TimedRun> runStreamsPipeline(const ConcurrencySettings& settings, const RunOptions& options,
                                    const DeviceInfo& device);
Result<TimedRun> runStreamsDot(const ConcurrencySettings& settings, const RunOptions& options,
                               const DeviceInfo& device);
Result<TimedRun> runDynamicParallelism(const ConcurrencySettings& settings,
                                       const RunOptions& options, const DeviceInfo& device);
Result<TimedRun> runUnifiedMemory(const ConcurrencySettings& settings, const RunOptions& options,
                                  const DeviceInfo& device);

// Host memory the run would take, refused beyond half of the machine's RAM.
Status checkHostMemory(const std::string& what, std::uint64_t bytes);

}  // namespace concurrency
}  // namespace ws
