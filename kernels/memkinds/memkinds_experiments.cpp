// Dispatch of the memory kinds lab's experiment ids to their launchers.
#include "kernels/memkinds/memkinds_experiments.h"

#include <array>

#include "kernels/common/cuda_check.h"

namespace ws {

namespace {

using Launcher = Result<Run> (*)(const MemkindsSettings&, const RunOptions&, const DeviceInfo&);

Launcher launcherOf(MemkindsExperiment experiment) {
    switch (experiment) {
        case MemkindsExperiment::Latency:
            return memkinds::runLatency;
        case MemkindsExperiment::L2Distance:
            return memkinds::runL2Distance;
        case MemkindsExperiment::Bandwidth:
            return memkinds::runBandwidth;
        case MemkindsExperiment::Constant:
            return memkinds::runConstant;
        case MemkindsExperiment::Texture:
            return memkinds::runTexture;
        case MemkindsExperiment::Local:
            break;
    }
    return memkinds::runLocal;
}

}  // namespace

bool isMemoryKindsExperiment(std::string_view id) {
    return parseMemkindsExperiment(id).has_value();
}

Result<Run> runMemoryKindsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                     const RunOptions& options, const DeviceInfo& device) {
    // The run's one parse of its parameters (defaults filled in, every value
    // checked: callers may pass only what a user changed).
    auto settings = memkindsSettings(spec.id, params);
    if (!settings) return makeError(settings.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    return launcherOf(settings->experiment)(*settings, options, device);
}

}  // namespace ws
