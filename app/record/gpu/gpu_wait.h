#pragma once
// Waiting for the GPU: join its queue, poll until this run's turn, and tell
// the caller where it stands so it can report the place in the queue, give
// up (a cancelled request) or carry on. The caller's pause() lets `serve`
// wake at once for a request that arrives while it waits.
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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
    int device = 0;  // the CUDA device whose turn it is
};

// Joins the queue of `deviceId` in the lock folder and waits for its turn.
Result<GpuTurn> waitForGpu(const std::string& deviceId, const WaitHooks& hooks);

// A GPU a run may take: its CUDA index and the id its queue is named by.
struct GpuCandidate {
    int device = 0;
    std::string lockId;
    bool isUuid = false;  // the device's own UUID, not an id from $WARPSCOPE_LOCK_ID
};

// The GPUs a run may take: the one `pinned` names, else every device this
// process sees (CUDA_VISIBLE_DEVICES pins them by hiding the others).
// $WARPSCOPE_LOCK_ID replaces the ids: one id makes every run share one
// queue (tests, or GPUs an administrator wants used one at a time); ids
// separated by commas stand for that many GPUs (tests without a GPU).
Result<std::vector<GpuCandidate>> gpuCandidates(std::optional<int> pinned);

// Waits for whichever candidate's turn comes first: joins the queue with the
// fewest live runs, and moves to another whose whole queue has become
// shorter than the runs still ahead of it here (the runs there were already
// waiting; the move costs nothing the run had). With one candidate, as
// waitForGpu.
Result<GpuTurn> waitForShortestQueue(const std::vector<GpuCandidate>& candidates,
                                     const WaitHooks& hooks);

// The id the lock is named by: $WARPSCOPE_LOCK_ID where set (tests, or
// several GPUs made to share one queue), else the CUDA device's UUID.
Result<std::string> lockIdForDevice(int device);

}  // namespace ws::record
