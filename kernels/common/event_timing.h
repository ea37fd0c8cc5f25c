#pragma once
// Timing with CUDA events on one stream: each run bracketed by its own pair of
// events, whatever must happen before a run (zeroing an accumulator) done
// outside the brackets, one untimed warm-up first (module loading, clocks).
#include <cuda_runtime_api.h>

#include <functional>
#include <vector>

#include "core/common/result.h"

namespace ws {

Result<std::vector<double>> timeRuns(int count, cudaStream_t stream,
                                     const std::function<Status()>& run,
                                     const std::function<Status()>& before = {});

double medianOf(std::vector<double> values);

}  // namespace ws
