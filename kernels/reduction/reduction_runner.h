#pragma once
// The reductions of the catalog (core/catalog_reduction.cpp) behind
// runExperiment, and the same path over an input prepared once, for
// benchmarks that run many variants over the same data.
#include <string_view>

#include "core/catalog.h"
#include "core/result.h"
#include "core/run.h"
#include "kernels/experiment_runner.h"
#include "kernels/reduction_driver.h"
#include "kernels/reduction_input.h"

namespace ws {

bool isReductionExperiment(std::string_view id);

// `params` resolved by the catalog; `input` must hold n elements of the type
// the parameters select.
Result<ReductionRun> runReduction(const ExperimentSpec& spec, const ParamValues& params,
                                  const ReductionInput& input, const RunOptions& options);

// runExperiment for reductions: generates the input from (n, options.seed).
Result<ReductionRun> runReductionExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                            const RunOptions& options);

}  // namespace ws
