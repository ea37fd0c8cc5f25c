#include "kernels/runner/cpu_against_gpu.h"

#include "kernels/memory/memory_experiments.h"
#include "kernels/reduction/reduction_runner.h"

namespace ws {

Status addCpuAgainstGpu(Run& run, const RunOptions& options) {
    const Timing& t = run.timing;
    if (t.cpuMs > 0 || t.cpuParallelMs > 0 || t.transferMs > 0) return {};
    if (isReductionExperiment(run.experiment)) return addReductionCpuCost(run, options);
    if (isMemoryExperiment(run.experiment)) return addMemoryCpuCost(run, options);
    return {};
}

}  // namespace ws
