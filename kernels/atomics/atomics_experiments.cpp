// Dispatch of the atomics lab's experiment ids to their launchers.
#include "kernels/atomics/atomics_experiments.h"

#include <array>

#include "kernels/common/cuda_check.h"

namespace ws {

bool isAtomicsExperiment(std::string_view id) { return parseAtomicsExperiment(id).has_value(); }

Result<Run> runAtomicsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                 const RunOptions& options, const DeviceInfo& device) {
    // The run's one parse of its parameters (defaults filled in, every value
    // checked: callers may pass only what a user changed).
    auto settings = atomicsSettings(spec.id, params);
    if (!settings) return makeError(settings.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    Result<atomics::TimedRun> run = makeError("unreachable");
    switch (settings->experiment) {
        case AtomicsExperiment::WorkQueue:
            run = atomics::runWorkQueue(*settings, options, device);
            break;
        case AtomicsExperiment::Argmin:
            run = atomics::runArgmin(*settings, options, device);
            break;
        case AtomicsExperiment::Contention:
            run = atomics::runContention(*settings, options, device);
            break;
    }
    if (!run) return makeError(run.error());
    return std::move(run->run);
}

}  // namespace ws
