#pragma once
// The trace folder after the program ended: the interception's log read,
// each recorded launch written as launch-N.wstrace (its records file then
// removed), CUPTI's timeline of the whole program as timeline.wstrace with the
// recorded launches' blocks among its operations, and a summary for the
// person who ran it.
#include <filesystem>
#include <functional>
#include <string>

#include "core/common/result.h"
#include "core/program/launch_log.h"
#include "core/program/launch_run.h"
#include "core/run/run.h"

namespace ws::record {

struct TracedSummary {
    program::LaunchLog log;
    std::vector<std::string> traces;    // written, in launch order
    std::vector<std::string> problems;  // launches whose records could not be made a trace
    std::string timeline;               // "timeline.wstrace" where written
    std::string whyNoTimeline;          // else why not ("" where none was asked for)
};

// `deviceOf` gives the device a launch ran on (ordinal as the program saw it).
Result<TracedSummary> writeTracedLaunches(const std::filesystem::path& folder,
                                          const program::TracedCommand& command,
                                          const std::string& tool,
                                          const std::function<Result<DeviceInfo>(int)>& deviceOf);

// "7 launches of 3 kernels: 5 recorded, 2 timed only" and a line per kernel
// not probed, with why.
std::string describeTrace(const TracedSummary& summary);

}  // namespace ws::record
