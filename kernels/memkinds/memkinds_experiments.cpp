// Dispatch of the memory kinds lab's experiment ids to their launchers.
#include "kernels/memkinds/memkinds_experiments.h"

#include <array>

#include "kernels/common/cuda_check.h"

namespace ws {

namespace {

using Launcher = Result<Run> (*)(const ParamValues&, const RunOptions&, const DeviceInfo&);

struct Entry {
    std::string_view id;
    Launcher run;
};

constexpr std::array<Entry, 6> kLaunchers = {{
    {"memory-latency", memkinds::runLatency},
    {"l2-distance", memkinds::runL2Distance},
    {"memory-bandwidth", memkinds::runBandwidth},
    {"constant-memory", memkinds::runConstant},
    {"texture", memkinds::runTexture},
    {"local-memory", memkinds::runLocal},
}};

}  // namespace

bool isMemoryKindsExperiment(std::string_view id) {
    for (const Entry& e : kLaunchers)
        if (e.id == id) return true;
    return false;
}

Result<Run> runMemoryKindsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                     const RunOptions& options, const DeviceInfo& device) {
    // Defaults filled in and every value checked again: callers may pass only
    // what a user changed.
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    for (const Entry& e : kLaunchers) {
        if (e.id != spec.id) continue;
        WS_CUDA_TRY(cudaSetDevice(options.device));
        return e.run(*resolved, options, device);
    }
    return makeError("experiment " + spec.id + " is not a memory kinds lab id");
}

}  // namespace ws
