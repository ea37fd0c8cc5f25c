#include "core/program/timeline_run.h"

#include <algorithm>
#include <map>
#include <string>

#include "core/common/utc_now.h"
#include "core/concurrency/activity_convert.h"
#include "core/concurrency/operation_overlap.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/probe_records.h"
#include "core/timing/timing_stats.h"

namespace ws::program {

namespace {

// The first samples of a program's clock readings are taken as its first
// launch waits: the clocks' first sample pays for mapping the mailbox.
constexpr int kClockWarmup = 1;

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines) out += (out.empty() ? "" : "; ") + l;
    return out;
}

}  // namespace

std::vector<std::int64_t> kernelOfEachLaunch(const LaunchLog& log, const ActivityLog& activity) {
    // CUPTI's kernels of each name in the order they were asked for.
    std::map<std::string, std::vector<std::int64_t>> byName;
    for (std::size_t i = 0; i < activity.kernels.size(); ++i)
        if (!activity.kernels[i].deviceLaunched)
            byName[activity.kernels[i].name].push_back(std::int64_t(i));
    for (auto& [name, list] : byName)
        std::stable_sort(list.begin(), list.end(), [&](std::int64_t a, std::int64_t b) {
            return activity.kernels[std::size_t(a)].correlation <
                   activity.kernels[std::size_t(b)].correlation;
        });
    std::vector<std::int64_t> out;
    for (const LoggedLaunch& l : log.launches) {
        const auto it = byName.find(l.kernel);
        const bool found = !l.kernel.empty() && it != byName.end() && l.kernelLaunch >= 1 &&
                           l.kernelLaunch <= it->second.size();
        out.push_back(found ? it->second[std::size_t(l.kernelLaunch - 1)] : -1);
    }
    return out;
}

Result<Run> timelineRun(const ProgramTimeline& timeline, const LaunchLog& log,
                        const RecordsOfLaunches& records, const DeviceInfo& device,
                        const TracedCommand& command) {
    const ActivityLog activity = programActivity(timeline);
    if (activity.kernels.empty() && activity.copies.empty() && activity.memsets.empty())
        return makeError("CUPTI recorded no kernel, copy or memset of the program" +
                         (timeline.notes.empty() ? std::string() : ": " + joined(timeline.notes)));
    Run run;
    run.experiment = kernelfile::kKernelFileExperiment;
    run.recordedAt = utcNow();
    run.device = device;
    std::vector<std::string> notes = timeline.notes;

    auto fit = fitClockOffset(timeline.clocks, kClockWarmup);
    if (!fit)
        notes.push_back(
            "the blocks are left out: CUPTI's clock could not be put on "
            "%globaltimer (" +
            fit.error() + ")");
    const ClockAlignment clocks = fit ? fit->alignment : ClockAlignment{};

    const std::vector<std::int64_t> kernelOf = kernelOfEachLaunch(log, activity);
    ActivityLinks links;
    std::size_t withKernel = 0;
    for (std::size_t i = 0; i < log.launches.size(); ++i) {
        const LoggedLaunch& logged = log.launches[i];
        Launch l;
        l.kernel = logged.kernel.empty() ? "(a kernel loaded unseen)" : demangled(logged.kernel);
        l.grid = logged.grid;
        l.block = logged.block;
        l.sharedBytes = logged.sharedBytes;
        const std::int64_t k = kernelOf[i];
        if (k >= 0) {
            l.stream = activity.kernels[std::size_t(k)].stream;
            ++withKernel;
        }
        links.launchStream.push_back(k >= 0 ? l.stream : ActivityLinks::kNotFromHost);
        const auto own = records.find(logged.launch);
        if (fit && own != records.end())
            if (Status s = kernelfile::blocksFromProbeRecords(own->second,
                                                              kernelfile::ProbeLevel::Blocks, l);
                !s)
                notes.push_back("launch " + std::to_string(logged.launch) +
                                "'s blocks: " + s.error());
        run.launches.push_back(std::move(l));
    }
    if (Status s = applyActivities(activity, clocks, links, run); !s) {
        // A launch tied to a kernel of another grid: the operations are
        // still shown, untied.
        notes.push_back(s.error() + "; the kernels are shown without their launches");
        std::fill(links.launchStream.begin(), links.launchStream.end(),
                  ActivityLinks::kNotFromHost);
        if (Status again = applyActivities(activity, clocks, links, run); !again)
            return makeError(again.error());
    }
    storeOverlapFigures(overlapFigures(run.operations), run);
    run.figures["programLaunches"] = double(log.launches.size());
    run.figures["launchesWithKernel"] = double(withKernel);
    if (fit) {
        run.figures["clockOffsetNs"] = clocks.offsetNs;
        run.figures["clockSpreadNs"] = clocks.spreadNs;
        run.figures["clockBracketNs"] = fit->medianBracketNs;
        if (const auto gaps = kernelStartGapsNs(run); !gaps.empty())
            run.figures["clockCheckMedianNs"] = medianMs(gaps);  // a median of any unit
    }
    describeTracedRun(command, run);
    run.texts[kProgramTimelineText] = "the whole program: " + std::to_string(log.launches.size()) +
                                      " launches (" + std::to_string(withKernel) +
                                      " with CUPTI's kernel), " +
                                      std::to_string(activity.copies.size()) + " copies, " +
                                      std::to_string(activity.memsets.size()) + " memsets, " +
                                      std::to_string(activity.calls.size()) + " runtime calls";
    if (!notes.empty()) run.texts["cupti"] = joined(notes);
    return run;
}

}  // namespace ws::program
