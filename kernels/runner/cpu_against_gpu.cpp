#include "kernels/runner/cpu_against_gpu.h"

#include "kernels/runner/experiment_families.h"

namespace ws {

Status addCpuAgainstGpu(Run& run, const RunOptions& options) {
    const Timing& t = run.timing;
    if (t.cpuMs > 0 || t.cpuParallelMs > 0 || t.transferMs > 0) return {};
    for (const ExperimentFamily& family : experimentFamilies())
        if (family.owns(run.experiment))
            return family.addCpuCost ? family.addCpuCost(run, options) : Status{};
    return {};
}

}  // namespace ws
