// Dispatch of the memory lab's experiment ids to their launchers.
#include <array>

#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"

namespace ws {

namespace {
constexpr std::array<std::string_view, 6> kIds = {"transpose-u8",      "transpose-f32",
                                                  "reduce-columns",    "reduce-rows-atomic",
                                                  "reduce-rows-block", "bank-probe"};
}  // namespace

bool isMemoryExperiment(std::string_view id) {
    for (auto known : kIds)
        if (known == id) return true;
    return false;
}

Result<Run> runMemoryExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device) {
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    auto unwrap = [](auto&& result) -> Result<Run> {
        if (!result) return makeError(result.error());
        return std::move(result->run);
    };
    // Defaults filled in and every value checked again: callers may pass only
    // the parameters a user changed.
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    const ParamValues& values = *resolved;
    const std::string& id = spec.id;
    if (id == "transpose-u8") return unwrap(memory::runTransposeU8(values, options, limits));
    if (id == "transpose-f32") return unwrap(memory::runTransposeF32(values, options, limits));
    if (id == "bank-probe") {
        auto probe = memory::runBankProbe(values, options, limits);
        if (!probe) return makeError(probe.error());
        return std::move(probe->timed.run);
    }
    if (isMemoryExperiment(id)) return unwrap(memory::runAxisReduce(id, values, options, limits));
    return makeError("experiment " + id + " is not part of the memory lab");
}

}  // namespace ws
