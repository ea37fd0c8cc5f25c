#include "app/record/commands/measured_run.h"

#include <ostream>

#include "app/record/gpu/gpu_environment.h"
#include "kernels/device/device_uuid.h"

namespace ws::record {

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
    auto lockId = lockIdForDevice(request.options.device);
    if (!lockId) return makeError(lockId.error());
    auto turn = waitForGpu(*lockId, hooks);
    if (!turn) return makeError(turn.error());
    MeasuredOutcome outcome;
    if (!turn->queue) {
        outcome.gaveUp = true;
        return outcome;
    }
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
    auto run = runExperiment(*request.spec, request.params, options);
    const BusyClocks busy = sampler.stop();
    if (!run) return makeError(run.error());
    outcome.run = std::move(*run);
    outcome.run.environment = mergeEnvironment(environment, busy, snapshotEnvironment(*uuid));
    return outcome;
}

}  // namespace ws::record
