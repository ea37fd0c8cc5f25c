// The tensor-core product's family: its one catalog id and its launcher.
#include "kernels/tensorcore/tensorcore_experiments.h"

namespace ws {

bool isTensorCoreExperiment(std::string_view id) { return id == kTensorCoreExperiment; }

Result<Run> runTensorCoreExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                    const RunOptions& options, const DeviceInfo& device) {
    if (!isTensorCoreExperiment(spec.id))
        return makeError("experiment " + spec.id + " is not matmul-tc");
    auto run = tensorcore::runTensorCore(params, options, device);
    if (!run) return makeError(run.error());
    return std::move(run->run);
}

}  // namespace ws
