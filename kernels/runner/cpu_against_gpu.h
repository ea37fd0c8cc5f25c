#pragma once
// CPU against GPU for the labs whose launchers do not time it themselves
// (the reduction and memory labs): the CPU doing the run's work, one thread
// and all cores, and the copies the GPU run needs (inputs to the device,
// results back), into Timing::cpuMs, cpuParallelMs, cpuThreads and
// transferMs. Kept apart from those launchers: it regenerates the run's input
// from its parameters and seed, so it needs nothing from them.
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

// Leaves a run alone that already carries a CPU or transfer time, or whose
// experiment has no CPU counterpart (the bank-conflict probe measures the
// GPU's shared memory itself).
Status addCpuAgainstGpu(Run& run, const RunOptions& options);

// The halves are the labs' own, each its family's addCpuCost
// (kernels/runner/lab_families.cpp).

}  // namespace ws
