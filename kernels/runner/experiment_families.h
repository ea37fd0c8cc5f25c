#pragma once
// The families of experiments the kernels library can run: each lab names the
// ids it owns and the function that runs them. runExperiment asks them in
// order; a new lab adds one entry to experimentFamilies() and nothing else
// here changes.
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/runner/experiment_runner.h"

namespace ws {

struct ExperimentFamily {
    const char* name;  // "reduction", "memory", ... as the catalog groups them
    bool (*owns)(std::string_view id);
    // Gets the parameters as the caller passed them (resolve them again: a
    // caller may pass only what a user changed) and the cached device facts.
    Result<Run> (*run)(const ExperimentSpec& spec, const ParamValues& params,
                       const RunOptions& options, const DeviceInfo& device);
};

const std::vector<ExperimentFamily>& experimentFamilies();

}  // namespace ws
