#pragma once
// Shared by the first-kernels lab's GPU tests: parameters from the catalog
// and quick runs through the same entry point the recorder uses.
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {

inline Result<Run> runBasics(const std::string& id, const std::vector<std::string>& assignments,
                             bool timeCpu = false, int repetitions = 3) {
    const ExperimentSpec* spec = findExperiment(id);
    auto params = resolveParams(*spec, assignments);
    if (!params) return makeError(params.error());
    RunOptions o;
    o.repetitions = repetitions;
    o.measureOverhead = false;
    o.timeCpu = timeCpu;
    return runExperiment(*spec, *params, o);
}

}  // namespace ws::test
