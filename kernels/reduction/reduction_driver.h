#pragma once
// Runs any reduction program the same way: checks it against the device,
// times the plain build and the recording build, verifies both results against
// the CPU reference, and assembles the Run with the records of the recording
// build.
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"
#include "kernels/reduction/reduction_input.h"
#include "kernels/reduction/reduction_program.h"

namespace ws {

// A Run plus every timed run, for benchmarks that report the spread.
struct ReductionRun {
    Run run;
    std::vector<double> plainMs;
    std::vector<double> recordedMs;
};

// Launch limits of every launch, and device memory for scratch, records and
// (when not yet allocated) `inputBytes` of input.
template <typename T>
Status checkReductionFits(const ReductionProgram<T>& program, const DeviceInfo& device,
                          std::uint64_t n, std::uint64_t inputBytes);

template <typename T>
Result<ReductionRun> executeReduction(const ReductionSettings& settings,
                                      ReductionProgram<T>& program, const ReductionInput& input,
                                      const DeviceInfo& device, const RunOptions& options);

}  // namespace ws
