// The matrix multiply lab's family: its one catalog id, and the dispatch of
// a run to the CPU or GPU half by variant.
#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/matmul/matmul_runs.h"

namespace ws {

bool isMatmulExperiment(std::string_view id) { return id == "matmul"; }

Result<Run> runMatmulExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device) {
    if (!isMatmulExperiment(spec.id)) return makeError("experiment " + spec.id + " is not matmul");
    auto run = matmul::runMatmul(params, options, device);
    if (!run) return makeError(run.error());
    return std::move(run->run);
}

namespace matmul {

Result<MatmulRun> runMatmul(const ParamValues& given, const RunOptions& options,
                            const DeviceInfo& device, MatmulInputs* inputs, bool record) {
    // Defaults filled in and every value checked, once, into the settings:
    // callers may pass only what a user changed.
    auto settings = matmulSettings(given);
    if (!settings) return makeError(settings.error());
    const ParamValues* params = &settings->resolved;
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    if (matmulVariantInfo(settings->variant).cpu)
        return runMatmulCpu(*params, *settings, options, limits, inputs);
    return runMatmulGpu(*params, *settings, options, limits, inputs, record);
}

}  // namespace matmul
}  // namespace ws
