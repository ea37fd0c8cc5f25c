#include "app/record/program/traced_launches.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/program/launch_run.h"
#include "core/program/timeline_run.h"
#include "core/trace/trace_io.h"

namespace ws::record {

namespace {

Result<std::string> readFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return makeError("cannot read " + file.string());
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// DIR/timeline.jsonl made timeline.wstrace; where the interception wrote
// none, the timeline was not asked for.
void writeTimeline(const std::filesystem::path& folder, const program::TracedCommand& command,
                   const std::string& tool, const program::RecordsOfLaunches& records,
                   const std::function<Result<DeviceInfo>(int)>& deviceOf, TracedSummary& summary) {
    const std::filesystem::path logFile = folder / program::kTimelineLogFile;
    if (!std::filesystem::exists(logFile)) return;
    const auto fail = [&](const std::string& why) { summary.whyNoTimeline = why; };
    auto text = readFile(logFile);
    if (!text) return fail(text.error());
    auto timeline = program::parseTimelineLog(*text);
    if (!timeline) return fail(timeline.error());
    auto device = deviceOf(summary.log.launches.empty() ? 0 : summary.log.launches[0].device);
    if (!device) return fail(device.error());
    auto run = program::timelineRun(*timeline, summary.log, records, *device, command);
    if (!run) return fail(run.error());
    run->tool = tool;
    if (Status s = saveTrace(*run, folder / program::kTimelineTraceFile); !s)
        return fail(s.error());
    summary.timeline = program::kTimelineTraceFile;
}

}  // namespace

Result<TracedSummary> writeTracedLaunches(const std::filesystem::path& folder,
                                          const program::TracedCommand& command,
                                          const std::string& tool,
                                          const std::function<Result<DeviceInfo>(int)>& deviceOf) {
    TracedSummary summary;
    const std::filesystem::path logFile = folder / program::kLaunchLogFile;
    program::RecordsOfLaunches kept;  // for the timeline, after the records files are gone
    // No log: the program launched nothing and loaded nothing.
    if (std::filesystem::exists(logFile)) {
        auto text = readFile(logFile);
        if (!text) return makeError(text.error());
        auto log = program::parseLaunchLog(*text);
        if (!log) return makeError(log.error());
        summary.log = std::move(*log);
    }
    const bool timelineAsked = std::filesystem::exists(folder / program::kTimelineLogFile);
    for (const program::LoggedLaunch& launch : summary.log.launches) {
        if (!launch.recorded) continue;
        const std::filesystem::path recordsFile = folder / launch.records;
        const auto fail = [&](const std::string& why) {
            summary.problems.push_back("launch " + std::to_string(launch.launch) + ": " + why);
        };
        auto records = program::readProbeRecords(recordsFile, launch.grid.count());
        if (!records) {
            fail(records.error());
            continue;
        }
        auto device = deviceOf(launch.device);
        if (!device) {
            fail(device.error());
            continue;
        }
        auto run = program::launchRun(launch, *records, summary.log, *device, command);
        if (!run) {
            fail(run.error());
            continue;
        }
        run->tool = tool;
        // The whole program's timeline places these blocks too (moved: the
        // run holds its own copy).
        if (timelineAsked) kept[launch.launch] = std::move(*records);
        const std::string name = program::launchTraceName(launch);
        if (Status s = saveTrace(*run, folder / name); !s) {
            fail(s.error());
            continue;
        }
        std::error_code ignored;
        std::filesystem::remove(recordsFile, ignored);
        summary.traces.push_back(name);
    }
    writeTimeline(folder, command, tool, kept, deviceOf, summary);
    return summary;
}

std::string describeTrace(const TracedSummary& s) {
    std::set<std::string> kernels;
    std::size_t recorded = 0, timed = 0;
    std::map<std::string, std::string> notProbed;  // kernel -> why
    for (const program::LoggedLaunch& l : s.log.launches) {
        kernels.insert(l.kernel);
        if (l.recorded)
            ++recorded;
        else
            ++timed;
        if (!l.probed)
            notProbed.emplace(
                l.kernel.empty() ? "(a kernel loaded unseen)" : ws::demangled(l.kernel),
                l.whyNotProbed);
    }
    std::ostringstream out;
    out << s.log.launches.size() << " launch" << (s.log.launches.size() == 1 ? "" : "es") << " of "
        << kernels.size() << " kernel" << (kernels.size() == 1 ? "" : "s") << ": "
        << s.traces.size() << " recorded as traces, " << timed << " timed only";
    if (recorded > s.traces.size()) out << ", " << recorded - s.traces.size() << " lost";
    out << "\n";
    for (const auto& [kernel, why] : notProbed)
        out << "  not probed: " << kernel << ": " << why << "\n";
    for (const program::LoggedModule& m : s.log.modules)
        if (m.kernels.empty() && !m.whyNotProbed.empty())
            out << "  module " << m.module << " not probed: " << m.whyNotProbed << "\n";
    for (const std::string& n : s.log.notes) out << "  " << n << "\n";
    for (const std::string& p : s.problems) out << "  " << p << "\n";
    if (!s.timeline.empty())
        out << "  the whole program's timeline: " << s.timeline << "\n";
    else if (!s.whyNoTimeline.empty())
        out << "  no timeline: " << s.whyNoTimeline << "\n";
    if (!s.log.cutShort.empty()) out << "  " << s.log.cutShort << "\n";
    return out.str();
}

}  // namespace ws::record
