// Dispatch of the memory lab's experiment ids to their launchers.
#include <array>

#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"

namespace ws {

bool isMemoryExperiment(std::string_view id) { return parseMemoryExperiment(id).has_value(); }

Result<Run> runMemoryExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device) {
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    auto unwrap = [](auto&& result) -> Result<Run> {
        if (!result) return makeError(result.error());
        return std::move(result->run);
    };
    // The run's one parse of its parameters (defaults filled in, every value
    // checked: callers may pass only the parameters a user changed).
    auto settings = memorySettings(spec.id, params);
    if (!settings) return makeError(settings.error());
    switch (settings->experiment) {
        case MemoryExperiment::TransposeU8:
            return unwrap(memory::runTransposeU8(*settings, options, limits));
        case MemoryExperiment::TransposeF32:
            return unwrap(memory::runTransposeF32(*settings, options, limits));
        case MemoryExperiment::BankProbe: {
            auto probe = memory::runBankProbe(*settings, options, limits);
            if (!probe) return makeError(probe.error());
            return std::move(probe->timed.run);
        }
        default:
            return unwrap(memory::runAxisReduce(*settings, options, limits));
    }
}

}  // namespace ws
