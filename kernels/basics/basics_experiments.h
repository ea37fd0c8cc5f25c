#pragma once
// Host entry points of the first-kernels lab (catalog group "basics"): hello
// from the device, adding two arrays, set0 with __mul24, host-device
// bandwidth. Each launcher checks its parameters against the device, runs,
// verifies against the CPU (core/basics/greetings.h, core/basics/vector_add_model.h,
// core/basics/set0_check.h, core/basics/transfer_points.h), times the CPU doing the same
// work and returns the trace; nothing here prints or exits.
#include <string_view>
#include <vector>

#include "core/basics/basics_settings.h"
#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

bool isBasicsExperiment(std::string_view id);

Result<Run> runBasicsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device);

namespace basics {

// Each launcher reads its run's settings, parsed once by the caller
// (core/basics/basics_settings.h).
Result<Run> runHello(const BasicsSettings& settings, const RunOptions& options,
                     const DeviceInfo& device);
Result<Run> runVectorAdd(const BasicsSettings& settings, const RunOptions& options,
                         const DeviceInfo& device);

// set0 keeps both versions' timed launches, for benchmarks that report them.
struct Set0Run {
    Run run;
    std::vector<double> mul24Ms, multiplyMs;
};
Result<Set0Run> runSet0(const BasicsSettings& settings, const RunOptions& options,
                        const DeviceInfo& device);

Result<Run> runBandwidth(const BasicsSettings& settings, const RunOptions& options,
                         const DeviceInfo& device);

// The SASS of set0's two versions as cuobjdump printed it when this library
// was built, or else when recording (the running program disassembled), or
// empty with the reason in `note`.
struct Set0Sass {
    std::string listing;
    std::string note;
};
Set0Sass set0Sass();

}  // namespace basics
}  // namespace ws
