#include "app/record/commands/measured_run.h"

#include <chrono>
#include <ostream>

#include "app/record/gpu/gpu_environment.h"
#include "kernels/device/device_uuid.h"

namespace ws::record {

namespace {

std::int64_t realtimeNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

std::string waitingText(int runsAhead) {
    return "waiting for the GPU: " + std::to_string(runsAhead) +
           (runsAhead == 1 ? " run ahead" : " runs ahead");
}

WaitHooks reportingHooks(std::ostream& err) {
    WaitHooks hooks;
    hooks.keepWaiting = [&err, last = -1](int ahead) mutable {
        if (ahead != last) err << "warpscope-record: " << waitingText(ahead) << std::endl;
        last = ahead;
        return true;
    };
    return hooks;
}

Result<MeasuredOutcome> measuredRun(RunRequest& request, const WaitHooks& hooks,
                                    const std::function<void()>& onTurn) {
    auto candidates = gpuCandidates(
        request.devicePinned ? std::optional<int>(request.options.device) : std::nullopt);
    if (!candidates) return makeError(candidates.error());
    auto turn = waitForShortestQueue(*candidates, hooks);
    if (!turn) return makeError(turn.error());
    MeasuredOutcome outcome;
    if (!turn->queue) {
        outcome.gaveUp = true;
        return outcome;
    }
    outcome.turnStartNs = realtimeNs();
    request.options.device = turn->device;
    outcome.device = turn->device;
    if (onTurn) onTurn();
    // The lock may be named by a test's id; NVML always gets the real UUID.
    if (auto reason = cudaUnavailableReason(); !reason.empty()) return makeError(reason);
    const RunOptions& options = request.options;
    auto uuid = deviceUuid(options.device);
    if (!uuid) return makeError(uuid.error());

    GpuEnvironment environment = snapshotEnvironment(*uuid);
    environment.lockWaitMs = turn->waitedMs;
    environment.runsAheadAtStart = turn->runsAheadAtStart;
    ClockSampler sampler(*uuid);
    auto run = request.kernelFile ? runOwnKernel(*request.kernelFile, request.kernelAssignments,
                                                 options, request.kernelOptions)
                                  : runExperiment(*request.spec, request.params, options);
    const BusyClocks busy = sampler.stop();
    if (!run) return makeError(run.error());
    outcome.run = std::move(*run);
    outcome.run.environment = mergeEnvironment(environment, busy, snapshotEnvironment(*uuid));
    // Before the queue is left (when `turn` goes): no later turn starts earlier.
    outcome.turnEndNs = realtimeNs();
    return outcome;
}

}  // namespace ws::record
