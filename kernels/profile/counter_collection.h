#pragma once
// Hardware counters of the timed work, from CUPTI's range profiler (the
// Profiling API behind Nsight Compute): the work is launched once per pass
// the metrics need (user replay), each pass after the L2 cache is emptied
// (kernels/profile/cache_flush.h), as Nsight Compute does by default. Each
// kernel the work launches is its own range, from its start to its end (as
// ncu measures), and the work's counters are the kernels' added up
// (core/profile/counter_combination.h), so a run of several kernels is
// measured whole.
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run_profile.h"
#include "kernels/common/kernel_observer.h"

namespace ws::profile {

struct CounterReading {
    std::vector<ProfileCounter> counters;
    int passes = 0;
};

Result<CounterReading> collectCounters(const TimedWork& work, int device,
                                       const std::vector<std::string>& metrics,
                                       const std::string& rangeName);

}  // namespace ws::profile
