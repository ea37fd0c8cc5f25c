#pragma once
// The whole program's timeline as the interception sees it through CUPTI:
// kernels, copies, memsets and the runtime calls that asked for them, on
// CUPTI's clock, appended to DIR/timeline.jsonl as CUPTI hands its buffers
// over (so a program that is killed keeps what was handed over). Beside
// them: samples of CUPTI's clock against %globaltimer, which put the
// operations beside the probes' block records, and the CUPTI ids of the
// streams the interception does its own work in (zeroing and copying the
// probes' records, reading the clock), which are not the program's.
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"
#include "core/concurrency/activity_log.h"
#include "core/timing/clock_alignment.h"

namespace ws::program {

inline constexpr const char* kTimelineLogFile = "timeline.jsonl";
// The kernel that reads %globaltimer for the clock samples: the
// interception's own, left out of the program's timeline.
inline constexpr const char* kClockKernelName = "warpscope_clock_mailbox";

struct ProgramTimeline {
    ActivityLog activity;  // everything CUPTI recorded, the interception's own work included
    std::vector<ClockSample> clocks;
    std::set<std::uint32_t> ownStreams;  // CUPTI stream ids
    std::vector<std::string> notes;      // why the timeline is missing or short
    std::string cutShort;
};

// One line per record of `batch`.
std::string activityLines(const ActivityLog& batch);
std::string clockLine(const ClockSample& sample);
std::string ownStreamLine(std::uint32_t cuptiStream);
std::string timelineNoteLine(const std::string& note);

// Errors name the line ("timeline.jsonl line 4: 'kind' 9 is not a copy").
Result<ProgramTimeline> parseTimelineLog(std::string_view text);

// The program's own work: the interception's streams and its clock kernel
// left out.
ActivityLog programActivity(const ProgramTimeline& timeline);

}  // namespace ws::program
