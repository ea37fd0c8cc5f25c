#pragma once
// A lab as the kernels library runs it: the experiment ids it owns, the
// function that runs them, and where the lab's launchers do not time the CPU
// themselves, the function that adds the CPU's cost to a run. Each lab's
// room defines its functions; kernels/runner/lab_families.cpp lists one
// family a lab, and runExperiment (kernels/runner/experiment_runner.h) asks
// them in order.
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

struct ExperimentFamily {
    const char* name;  // "reduction", "memory", ... as the catalog groups them
    bool (*owns)(std::string_view id);
    // Gets the parameters as the caller passed them (resolve them again: a
    // caller may pass only what a user changed) and the cached device facts.
    Result<Run> (*run)(const ExperimentSpec& spec, const ParamValues& params,
                       const RunOptions& options, const DeviceInfo& device);
    // The CPU doing the run's work and the copies its GPU run needs, for the
    // labs whose launchers do not time them (null for the others).
    Status (*addCpuCost)(Run& run, const RunOptions& options) = nullptr;
};

// A family added from a lab's own file at static initialisation (a test
// build's lab), after the built-in ones: `static const FamilyAddition
// added(myFamily);` in a file linked into the program itself.
struct FamilyAddition {
    explicit FamilyAddition(ExperimentFamily family);
};
const std::vector<ExperimentFamily>& familyAdditions();

}  // namespace ws
