#include "app/record/gpu/gpu_wait.h"

#include <unistd.h>

#include <cstdlib>
#include <sstream>
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

Result<std::vector<GpuCandidate>> gpuCandidates(std::optional<int> pinned) {
    const char* env = std::getenv("WARPSCOPE_LOCK_ID");
    const std::string ids = env ? env : "";
    if (ids.find(',') != std::string::npos) {
        std::vector<GpuCandidate> fake;
        std::stringstream in(ids);
        std::string id;
        for (int i = 0; std::getline(in, id, ','); ++i)
            if (!id.empty() && (!pinned || *pinned == i)) fake.push_back({i, id, false});
        if (fake.empty()) return makeError("no GPU " + std::to_string(pinned.value_or(0)));
        return fake;
    }
    if (pinned) {
        auto id = lockIdForDevice(*pinned);
        if (!id) return makeError(id.error());
        return std::vector<GpuCandidate>{{*pinned, *id, ids.empty()}};
    }
    if (!ids.empty()) return std::vector<GpuCandidate>{{0, ids, false}};
    if (auto reason = cudaUnavailableReason(); !reason.empty()) return makeError(reason);
    auto count = visibleDeviceCount();
    if (!count) return makeError(count.error());
    std::vector<GpuCandidate> all;
    for (int d = 0; d < *count; ++d) {
        auto id = deviceUuid(d);
        if (!id) return makeError(id.error());
        all.push_back({d, *id, true});
    }
    if (all.empty()) return makeError("no CUDA device is visible");
    return all;
}

namespace {

// Live runs in a candidate's queue (waiting or measuring); a lock held from
// outside the queue (`flock D.lock CMD`) counts as one.
Result<int> liveRuns(const std::filesystem::path& dir, const std::string& id) {
    auto state = inspectQueue(dir, id);
    if (!state) return makeError(state.error());
    int live = 0;
    for (const QueueEntry& e : state->entries) live += e.alive;
    if (state->gpuHeld && live == 0) live = 1;
    return live;
}

}  // namespace

Result<GpuTurn> waitForShortestQueue(const std::vector<GpuCandidate>& candidates,
                                     const WaitHooks& hooks) {
    if (candidates.empty()) return makeError("no GPU to wait for");
    auto dir = lockDirectory();
    if (!dir) return makeError(dir.error());
    // The queue with the fewest live runs, `except` left out (none where it
    // is the only one); among equals, one picked by the process id, so that
    // workers started together spread over the GPUs.
    using Shortest = std::optional<std::pair<std::size_t, int>>;
    auto shortest = [&](std::optional<std::size_t> except) -> Result<Shortest> {
        Shortest best;
        const std::size_t n = candidates.size();
        const std::size_t first = std::size_t(::getpid()) % n;
        for (std::size_t k = 0; k < n; ++k) {
            const std::size_t i = (first + k) % n;
            if (except && *except == i) continue;
            auto live = liveRuns(*dir, candidates[i].lockId);
            if (!live) return makeError(live.error());
            if (!best || *live < best->second) best = std::pair(i, *live);
        }
        return best;
    };
    std::size_t at = 0;
    if (candidates.size() > 1) {
        auto start = shortest(std::nullopt);
        if (!start) return makeError(start.error());
        at = (*start)->first;
    }
    auto queue = GpuQueue::join(*dir, candidates[at].lockId);
    if (!queue) return makeError(queue.error());
    const auto began = std::chrono::steady_clock::now();
    GpuTurn turn;
    for (bool first = true;; first = false) {
        auto now = (*queue)->poll();
        if (!now) return makeError(now.error());
        if (first) turn.runsAheadAtStart = now->runsAhead;
        if (now->acquired) break;
        if (hooks.keepWaiting && !hooks.keepWaiting(now->runsAhead)) return turn;
        // Another GPU whose whole queue is shorter than what is ahead here:
        // its turn comes sooner, so the run moves there.
        if (candidates.size() > 1) {
            auto other = shortest(at);
            if (!other) return makeError(other.error());
            if ((*other)->second < now->runsAhead) {
                auto moved = GpuQueue::join(*dir, candidates[(*other)->first].lockId);
                if (!moved) return makeError(moved.error());
                *queue = std::move(*moved);  // leaves the old queue
                at = (*other)->first;
                continue;
            }
        }
        const auto interval = now->runsAhead <= 1 ? kNextInLine : kFurtherBack;
        if (hooks.pause)
            hooks.pause(interval);
        else
            std::this_thread::sleep_for(interval);
    }
    turn.waitedMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    turn.queue = std::move(*queue);
    turn.device = candidates[at].device;
    return turn;
}

Result<GpuTurn> waitForGpu(const std::string& deviceId, const WaitHooks& hooks) {
    return waitForShortestQueue({{0, deviceId, false}}, hooks);
}

}  // namespace ws::record
