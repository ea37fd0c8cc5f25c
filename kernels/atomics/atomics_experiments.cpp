// Dispatch of the atomics lab's experiment ids to their launchers.
#include "kernels/atomics/atomics_experiments.h"

#include <array>

#include "kernels/common/cuda_check.h"

namespace ws {

namespace {
constexpr std::array<std::string_view, 3> kIds = {"work-queue", "argmin", "atomic-contention"};
}  // namespace

bool isAtomicsExperiment(std::string_view id) {
    for (auto known : kIds)
        if (known == id) return true;
    return false;
}

Result<Run> runAtomicsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                 const RunOptions& options, const DeviceInfo& device) {
    // Defaults filled in and every value checked again: callers may pass only
    // what a user changed.
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    Result<atomics::TimedRun> run =
        makeError("experiment " + spec.id + " is not an atomics lab id");
    if (spec.id == "work-queue") run = atomics::runWorkQueue(*resolved, options, device);
    if (spec.id == "argmin") run = atomics::runArgmin(*resolved, options, device);
    if (spec.id == "atomic-contention") run = atomics::runContention(*resolved, options, device);
    if (!run) return makeError(run.error());
    return std::move(run->run);
}

}  // namespace ws
