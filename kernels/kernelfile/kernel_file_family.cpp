#include "kernels/kernelfile/kernel_file_family.h"

#include "core/kernelfile/kernel_file_spec.h"
#include "kernels/kernelfile/kernel_file_runner.h"

namespace ws {

bool isKernelFileExperiment(std::string_view id) { return id == kernelfile::kKernelFileExperiment; }

Result<Run> runKernelFileExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                    const RunOptions& options, const DeviceInfo& device) {
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    auto example = kernelfile::bundledExample(paramChoice(*resolved, "example"));
    if (!example) return makeError(example.error());
    return kernelfile::runKernelFile(*example, {}, options, {}, device);
}

}  // namespace ws
