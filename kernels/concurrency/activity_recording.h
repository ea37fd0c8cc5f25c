#pragma once
// Recording what happens beside the blocks for one part of a run: the CUPTI
// clock measured against %globaltimer before and after, a CUPTI session
// around the work, and the records converted into the run's operations and
// host calls (core/concurrency/activity_convert.h). Where CUPTI cannot record (no
// permission, another profiler, a sanitizer) the work still runs and the run
// says why in texts["cupti"]: the blocks, timings and verification remain.
#include <functional>

#include "core/common/result.h"
#include "core/concurrency/activity_convert.h"
#include "core/run/run.h"
#include "kernels/concurrency/cupti_activity.h"

namespace ws {

struct ActivityRecording {
    cupti::ActivityOptions options;
    std::function<Status()> work;  // enqueue and finish the recorded work
    // Asked after the work: which CUPTI stream each launch of `run` was made
    // in, and the managed arrays to follow.
    std::function<ActivityLinks()> links;
};

// Runs the work once, recorded; `run` gets operations, host calls, clocks and
// the figures "clockOffsetNs", "clockSpreadNs", "clockBracketNs" and, where
// kernels tie to block records, "clockCheckMedianNs" (core/timing/clock_alignment.h).
// Fails only when the work fails; records that contradict the launches are
// left out with the reason in texts["cupti"].
Status recordActivity(const ActivityRecording& recording, Run& run);

// True when WARPSCOPE_NO_CUPTI is set to anything but 0: CUPTI stays off
// (compute-sanitizer runs, where a second instrumenting tool gets in the way).
bool cuptiSwitchedOff();

// The CUPTI stream id of `stream`, or `fallback` where CUPTI cannot say.
std::uint32_t cuptiStreamOr(cudaStream_t stream, std::uint32_t fallback);

}  // namespace ws
