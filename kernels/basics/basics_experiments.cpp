// Dispatch of the first-kernels lab's experiment ids to their launchers.
#include "kernels/basics/basics_experiments.h"

#include <array>

#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"

namespace ws {

namespace {
constexpr std::array<std::string_view, 4> kIds = {"hello", "vector-add", "set0-mul24",
                                                  "host-device-bandwidth"};
}  // namespace

bool isBasicsExperiment(std::string_view id) {
    for (auto known : kIds)
        if (known == id) return true;
    return false;
}

Result<Run> runBasicsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device) {
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    // Defaults filled in and every value checked again: callers may pass only
    // the parameters a user changed.
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    const std::string& id = spec.id;
    if (id == "hello") return basics::runHello(*resolved, options, limits);
    if (id == "vector-add") return basics::runVectorAdd(*resolved, options, limits);
    if (id == "set0-mul24") {
        auto r = basics::runSet0(*resolved, options, limits);
        if (!r) return makeError(r.error());
        return std::move(r->run);
    }
    if (id == "host-device-bandwidth") return basics::runBandwidth(*resolved, options, limits);
    return makeError("experiment " + id + " is not part of the first-kernels lab");
}

}  // namespace ws
