#pragma once
// How a run is made, whatever the lab: on which device, how many timed
// launches, whether the recording build and the CPU are timed too, and the
// input's seed. Every lab's launcher takes it; runExperiment
// (kernels/runner/experiment_runner.h) passes it on.
#include <cstdint>

#include "core/profile/why_cost.h"

namespace ws {

struct RunOptions {
    int device = 0;
    int repetitions = 20;         // timed launches per configuration (median reported)
    bool measureOverhead = true;  // also time the recording build of the kernel
    std::uint64_t seed = 1;       // input data seed
    // Also time the CPU doing the same work and the copies a GPU run needs
    // (Timing::cpuMs, cpuParallelMs, transferMs).
    bool timeCpu = true;
    // Also record why the kernel is as fast as it is (RunProfile): warp
    // stall samples and hardware counters, in untimed launches after the
    // timed ones (kernels/profile/why_recorder.h): never, where it costs
    // little (core/profile/why_cost.h; warpscope-record's and the run
    // panel's default), or always.
    WhyMode why = WhyMode::Never;
};

}  // namespace ws
