#include "app/record/gpu/gpu_wait.h"

#include <cstdlib>
#include <thread>

#include "app/record/gpu/lock_directory.h"
#include "kernels/device/device_uuid.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {

namespace {
// The next in line looks often, so the GPU idles little between runs; the
// rest of the queue looks less often, so thirty waiters cost nothing.
constexpr std::chrono::milliseconds kNextInLine{20};
constexpr std::chrono::milliseconds kFurtherBack{100};
}  // namespace

Result<std::string> lockIdForDevice(int device) {
    if (const char* id = std::getenv("WARPSCOPE_LOCK_ID"); id && *id) return std::string(id);
    if (auto reason = cudaUnavailableReason(); !reason.empty()) return makeError(reason);
    return deviceUuid(device);
}

Result<GpuTurn> waitForGpu(const std::string& deviceId, const WaitHooks& hooks) {
    auto dir = lockDirectory();
    if (!dir) return makeError(dir.error());
    auto queue = GpuQueue::join(*dir, deviceId);
    if (!queue) return makeError(queue.error());
    const auto start = std::chrono::steady_clock::now();
    GpuTurn turn;
    for (bool first = true;; first = false) {
        auto now = (*queue)->poll();
        if (!now) return makeError(now.error());
        if (first) turn.runsAheadAtStart = now->runsAhead;
        if (now->acquired) break;
        if (hooks.keepWaiting && !hooks.keepWaiting(now->runsAhead)) return turn;
        const auto interval = now->runsAhead <= 1 ? kNextInLine : kFurtherBack;
        if (hooks.pause)
            hooks.pause(interval);
        else
            std::this_thread::sleep_for(interval);
    }
    turn.waitedMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    turn.queue = std::move(*queue);
    return turn;
}

}  // namespace ws::record
