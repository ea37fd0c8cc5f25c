// Dispatch of the first-kernels lab's experiment ids to their launchers.
#include "kernels/basics/basics_experiments.h"

#include <array>

#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"

namespace ws {

bool isBasicsExperiment(std::string_view id) { return parseBasicsExperiment(id).has_value(); }

Result<Run> runBasicsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device) {
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    // The run's one parse of its parameters (defaults filled in, every value
    // checked: callers may pass only the parameters a user changed).
    auto settings = basicsSettings(spec.id, params);
    if (!settings) return makeError(settings.error());
    switch (settings->experiment) {
        case BasicsExperiment::Hello:
            return basics::runHello(*settings, options, limits);
        case BasicsExperiment::VectorAdd:
            return basics::runVectorAdd(*settings, options, limits);
        case BasicsExperiment::Set0: {
            auto r = basics::runSet0(*settings, options, limits);
            if (!r) return makeError(r.error());
            return std::move(r->run);
        }
        case BasicsExperiment::Bandwidth:
            return basics::runBandwidth(*settings, options, limits);
    }
    return makeError("experiment " + spec.id + " is not part of the first-kernels lab");
}

}  // namespace ws
