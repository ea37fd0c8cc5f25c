#pragma once
// The whole traced program as one run: every launch it made (the recorded
// ones with their blocks), and CUPTI's kernels, copies, memsets and runtime
// calls as the concurrency lab's operations and host calls, put on the
// blocks' %globaltimer clock by the clock samples. The operations view shows
// it as it shows a streams run; the SM timeline and the grid show the
// recorded launches' blocks among them.
#include <cstdint>
#include <map>
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/ptx_probe.h"
#include "core/program/launch_log.h"
#include "core/program/launch_run.h"
#include "core/program/timeline_log.h"
#include "core/run/run.h"

namespace ws::program {

inline constexpr const char* kTimelineTraceFile = "timeline.wstrace";
inline constexpr const char* kProgramTimelineText = "program.timeline";

// The records of each recorded launch, by the launch's number.
using RecordsOfLaunches = std::map<std::uint64_t, std::vector<kernelfile::ProbeRecord>>;

// CUPTI's kernel for each launch of `log` (its index in activity.kernels),
// or -1 where CUPTI recorded none: the n-th launch of a kernel is the n-th
// of CUPTI's kernels of that name in the order they were asked for
// (CUPTI's correlation ids grow with each call).
std::vector<std::int64_t> kernelOfEachLaunch(const LaunchLog& log, const ActivityLog& activity);

// Refuses a timeline with no operation at all (CUPTI could not record); a
// clock that could not be measured leaves the blocks out and says so.
Result<Run> timelineRun(const ProgramTimeline& timeline, const LaunchLog& log,
                        const RecordsOfLaunches& records, const DeviceInfo& device,
                        const TracedCommand& command);

}  // namespace ws::program
