#pragma once
// Waiting for the GPU: join its queue, poll until this run's turn, and tell
// the caller where it stands so it can report the place in the queue, give
// up (a cancelled request) or carry on. The caller's pause() lets `serve`
// wake at once for a request that arrives while it waits.
#include <chrono>
#include <functional>
#include <memory>

#include "app/record/gpu/gpu_queue.h"

namespace ws::record {

struct WaitHooks {
    // Called on every poll with the runs ahead; false gives up the wait.
    std::function<bool(int runsAhead)> keepWaiting;
    // Waits up to the given time (a sleep by default).
    std::function<void(std::chrono::milliseconds)> pause;
};

struct GpuTurn {
    std::unique_ptr<GpuQueue> queue;  // holds the GPU until destroyed; null if given up
    int runsAheadAtStart = 0;
    double waitedMs = 0;
};

// Joins the queue of `deviceId` in the lock folder and waits for its turn.
Result<GpuTurn> waitForGpu(const std::string& deviceId, const WaitHooks& hooks);

// The id the lock is named by: $WARPSCOPE_LOCK_ID where set (tests, or
// several GPUs made to share one queue), else the CUDA device's UUID.
Result<std::string> lockIdForDevice(int device);

}  // namespace ws::record
