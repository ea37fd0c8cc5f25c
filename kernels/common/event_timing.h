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

// Two kinds of run by turns, a warm-up of each first, each run bracketed by
// its own events: what drifts over a measurement (the clocks as the GPU
// warms, what the caches hold) then falls on both alike, which a block of
// one kind and then a block of the other would split between them. The
// order within a pair alternates (first-second, then second-first), so
// that neither kind always runs straight after the other. `beforeSecond`
// and `beforeFirst` run outside the brackets (zeroing an accumulator).
struct TurnTimes {
    std::vector<double> first, second;
};
Result<TurnTimes> timeRunsByTurns(int count, cudaStream_t stream,
                                  const std::function<Status()>& first,
                                  const std::function<Status()>& second,
                                  const std::function<Status()>& beforeSecond = {},
                                  const std::function<Status()>& beforeFirst = {});

double medianOf(std::vector<double> values);

}  // namespace ws
