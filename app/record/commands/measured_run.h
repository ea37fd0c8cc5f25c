#pragma once
// One measured run as `run`, `sweep` and `serve` make it: wait for this GPU's
// turn in the queue every process on the machine shares, look at the GPU
// through NVML, run, look again, and give the GPU back. The trace records how
// long the run waited and what else the GPU was doing.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <vector>

#include "app/record/gpu/gpu_wait.h"
#include "core/catalog/catalog.h"
#include "core/run/run.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {

struct RunRequest {
    const ExperimentSpec* spec = nullptr;
    ParamValues params;  // resolved
    RunOptions options;
    // options.device is the GPU to use; unset, the run takes whichever GPU's
    // queue is shortest (gpuCandidates, waitForShortestQueue).
    bool devicePinned = false;
    // Set: a kernel file of one's own runs instead of `spec` (whose params
    // are then the file's assignments, unresolved).
    std::optional<kernelfile::KernelFileSource> kernelFile = {};
    std::vector<std::string> kernelAssignments = {};
    kernelfile::KernelFileOptions kernelOptions = {};
};

struct MeasuredOutcome {
    bool gaveUp = false;  // hooks.keepWaiting said stop before the GPU was free
    Run run;
    int device = 0;  // the CUDA device it ran on
    // When this run's turn on that GPU began and ended (CLOCK_REALTIME ns):
    // the turns of runs on one GPU never overlap, whichever process made them.
    std::int64_t turnStartNs = 0, turnEndNs = 0;
};

// Errors: no device, a lock folder that cannot be used, a failed run. While
// it waits, the hooks may replace `request` (a newer request keeps the older
// one's place in the queue); the request run is the one there at its turn.
// `onTurn` is called once the GPU is this run's (to say "running" to a client).
Result<MeasuredOutcome> measuredRun(RunRequest& request, const WaitHooks& hooks,
                                    const std::function<void()>& onTurn = {});

// "waiting for the GPU: 2 runs ahead"
std::string waitingText(int runsAhead);

// Hooks for the command line: each change of place written to `err`, and
// waiting as long as it takes (Ctrl-C leaves the queue).
WaitHooks reportingHooks(std::ostream& err);

}  // namespace ws::record
