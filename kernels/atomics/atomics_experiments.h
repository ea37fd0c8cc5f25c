#pragma once
// Host entry points of the atomics lab (catalog group "atomics"): the work
// queue, argmin by atomicCAS and its fast variants, and atomic contention.
// Each launcher checks its parameters against the device, runs the plain and
// the recording build, verifies against the CPU (core/atomics/work_queue_model.h,
// core/atomics/argmin_reference.h, core/atomics/contention_model.h) and returns the trace;
// nothing here prints or exits.
#include <memory>
#include <string_view>
#include <vector>

#include "core/atomics/atomics_settings.h"
#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

bool isAtomicsExperiment(std::string_view id);

Result<Run> runAtomicsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                 const RunOptions& options, const DeviceInfo& device);

namespace atomics {

// A run plus every timed launch, for benchmarks that report the spread.
struct TimedRun {
    Run run;
    std::vector<double> plainMs, recordedMs;
};

// Each launcher reads its run's settings, parsed once by the caller
// (core/atomics/atomics_settings.h).
Result<TimedRun> runWorkQueue(const AtomicsSettings& settings, const RunOptions& options,
                              const DeviceInfo& device);

// The input of argmin runs on the host and the device, its CPU reference and
// the CPU's timings, made once so a benchmark runs every variant on it.
class ArgminInput;
Result<std::shared_ptr<ArgminInput>> prepareArgminInput(const AtomicsSettings& settings,
                                                        const RunOptions& options);
Result<TimedRun> runArgmin(const AtomicsSettings& settings, const RunOptions& options,
                           const DeviceInfo& device, const ArgminInput* prepared = nullptr);

Result<TimedRun> runContention(const AtomicsSettings& settings, const RunOptions& options,
                               const DeviceInfo& device);

}  // namespace atomics
}  // namespace ws
