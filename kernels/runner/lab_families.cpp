// The labs the kernels library runs, one line each.
#include "kernels/atomics/atomics_experiments.h"
#include "kernels/basics/basics_experiments.h"
#include "kernels/concurrency/concurrency_experiments.h"
#include "kernels/kernelfile/kernel_file_family.h"
#include "kernels/matmul/matmul_experiments.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/memory/memory_experiments.h"
#include "kernels/reduction/reduction_runner.h"
#include "kernels/runner/experiment_families.h"
#include "kernels/tensorcore/tensorcore_experiments.h"

namespace ws {

const std::vector<ExperimentFamily>& experimentFamilies() {
    // In the order of a course; each lab adds its line. The reduction and
    // memory labs add the CPU's cost afterwards: their launchers do not time it.
    static const std::vector<ExperimentFamily> families = [] {
        std::vector<ExperimentFamily> list = {
            {"basics", isBasicsExperiment, runBasicsExperiment},
            {"reduction", isReductionExperiment, runReductionFamily, addReductionCpuCost},
            {"memory", isMemoryExperiment, runMemoryExperiment, addMemoryCpuCost},
            {"memory-kinds", isMemoryKindsExperiment, runMemoryKindsExperiment},
            {"atomics", isAtomicsExperiment, runAtomicsExperiment},
            {"matmul", isMatmulExperiment, runMatmulExperiment},
            {"matmul-tc", isTensorCoreExperiment, runTensorCoreExperiment},
            {"concurrency", isConcurrencyExperiment, runConcurrencyExperiment},
            {"kernelfile", isKernelFileExperiment, runKernelFileExperiment},
        };
        // Labs registered from their own files (a test build's).
        for (const ExperimentFamily& f : familyAdditions()) list.push_back(f);
        return list;
    }();
    return families;
}

}  // namespace ws
