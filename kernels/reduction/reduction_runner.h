#pragma once
// The reductions of the catalog (core/reduction/catalog_reduction.cpp) behind
// runExperiment, and the same path over an input prepared once, for
// benchmarks that run many variants over the same data.
#include <string_view>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"
#include "kernels/reduction/reduction_driver.h"
#include "kernels/reduction/reduction_input.h"

namespace ws {

bool isReductionExperiment(std::string_view id);

// `params` resolved by the catalog; `input` must hold n elements of the type
// the parameters select.
Result<ReductionRun> runReduction(const ExperimentSpec& spec, const ParamValues& params,
                                  const ReductionInput& input, const RunOptions& options);

// The reduction lab's family's run (kernels/runner/lab_families.cpp).
Result<Run> runReductionFamily(const ExperimentSpec& spec, const ParamValues& params,
                               const RunOptions& options, const DeviceInfo& device);

// runExperiment for reductions: generates the input from (n, options.seed).
Result<ReductionRun> runReductionExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                            const RunOptions& options);

// The CPU doing a reduction run's work and the copies its GPU run needs,
// into the run's Timing (kernels/reduction/reduction_cpu_cost.cpp; called by
// addCpuAgainstGpu in kernels/runner/cpu_against_gpu.h).
Status addReductionCpuCost(Run& run, const RunOptions& options);

}  // namespace ws
