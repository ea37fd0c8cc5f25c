#pragma once
// The echo lab: one experiment, "test-echo", that sums 1..n on the CPU and
// launches nothing. It exists in the test build only, to show that a lab
// registers itself from its own files.
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "kernels/runner/experiment_family.h"

namespace ws::echo {

inline constexpr const char* kEchoExperiment = "test-echo";

std::vector<ExperimentSpec> echoExperiments();
bool isEchoExperiment(std::string_view id);
Result<Run> runEcho(const ExperimentSpec& spec, const ParamValues& params,
                    const RunOptions& options, const DeviceInfo& device);

}  // namespace ws::echo
