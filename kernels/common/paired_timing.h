#pragma once
// A lab's plain and recording launches timed as a run asks: by
// turns where it measures the recording's overhead (timeRunsByTurns), the
// plain ones alone otherwise; the plain timing is the one a run asking why
// profiles. Each build is then checked from a launch of its own, the
// recording one last, so that its records are the ones downloaded.
#include <functional>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

struct PairedLaunches {
    std::function<Status()> plain, recorded;
    // Before every launch, the profiler's replays included: what a launch
    // changes reset (a queue's head, argmin's result word, the records).
    // May be empty.
    std::function<Status()> before;
    // The result of the launch just made, against the CPU's.
    std::function<Result<Verification>()> verify;
};

struct PairedTimes {
    std::vector<double> plainMs, recordedMs;
    Verification plainCheck, recordedCheck;
};

// `measureOverhead` false: the recording build is launched once, untimed
// for the overhead (its one time is kept).
Result<PairedTimes> timePlainAndRecorded(int repetitions, bool measureOverhead,
                                         const PairedLaunches& launches);

}  // namespace ws
