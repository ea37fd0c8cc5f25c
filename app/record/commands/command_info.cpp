// `info`: validates a trace file and summarizes what it holds.
#include <algorithm>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "app/record/commands/basics_info.h"
#include "app/record/commands/record_commands.h"
#include "app/record/commands/records_summary.h"
#include "app/record/commands/run_summary.h"
#include "core/atomics/atomics_summary.h"
#include "core/catalog/catalog.h"
#include "core/concurrency/concurrency_tables.h"
#include "core/device/environment_badges.h"
#include "core/matmul/matmul_summary.h"
#include "core/memkinds/memkinds_summary.h"
#include "core/run/launch_label.h"
#include "core/trace/device_json.h"
#include "core/trace/trace_io.h"

namespace ws::record {

namespace {

struct LaunchFacts {
    std::size_t smsUsed = 0;
    double spanUs = 0;
    std::uint64_t firstStartNs = 0, lastEndNs = 0;  // %globaltimer
};

LaunchFacts factsOf(const Launch& launch) {
    LaunchFacts f;
    const auto& b = launch.blocks;
    if (b.size() == 0) return f;
    f.smsUsed = std::set<std::uint32_t>(b.sm.begin(), b.sm.end()).size();
    auto [first, unused] = std::minmax_element(b.startNs.begin(), b.startNs.end());
    auto last = std::max_element(b.endNs.begin(), b.endNs.end());
    f.spanUs = double(*last - *first) / 1000.0;
    f.firstStartNs = *first;
    f.lastEndNs = *last;
    return f;
}

std::string dimText(const Dim3& d) {
    // Appended: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(...).
    std::string text(1, '(');
    text += std::to_string(d.x) + ',' + std::to_string(d.y) + ',' + std::to_string(d.z) + ')';
    return text;
}

}  // namespace

int infoCommand(const std::filesystem::path& file, bool json, std::ostream& out,
                std::ostream& err) {
    auto loaded = loadTrace(file);
    if (!loaded) {
        err << "warpscope-record: " << loaded.error() << "\n";
        return kUsage;
    }
    const Run& run = *loaded;
    nlohmann::json badges = nlohmann::json::array();
    for (const auto& b : environmentBadges(run)) badges.push_back(b.text);
    if (const ExperimentSpec* lab = findExperiment(run.experiment);
        lab && lab->group == "concurrency") {
        if (Status s = tables::checkConcurrencyRecords(run); !s) {
            err << "warpscope-record: " << file.string() << ": " << s.error() << "\n";
            return kUsage;
        }
    }
    if (json) {
        nlohmann::json launches = nlohmann::json::array();
        for (const auto& l : run.launches) {
            auto f = factsOf(l);
            launches.push_back({{"kernel", l.kernel},
                                {"grid", dimText(l.grid)},
                                {"block", dimText(l.block)},
                                {"blocks", l.blocks.size()},
                                {"steps", l.steps.size()},
                                {"arrivals", l.arrivals.size()},
                                {"sharedAccesses", l.sharedAccesses.size()},
                                {"smsUsed", f.smsUsed},
                                {"spanUs", f.spanUs},
                                {"firstStartNs", f.firstStartNs},
                                {"lastEndNs", f.lastEndNs}});
        }
        out << nlohmann::json{{"file", file.string()},
                              {"valid", true},
                              {"version", run.formatVersion},
                              {"experiment", run.experiment},
                              {"params", run.params},
                              {"device", deviceToJson(run.device)},
                              {"recordedAt", run.recordedAt},
                              {"verified", run.verification.passed},
                              {"kernelMs", run.timing.kernelMs},
                              {"gbPerS", run.timing.gbPerS()},
                              {"overheadPercent", run.timing.overheadPercent},
                              {"kernelMinMs", run.timing.kernelMinMs},
                              {"kernelMaxMs", run.timing.kernelMaxMs},
                              {"kernelCvPercent", run.timing.kernelCvPercent},
                              {"environment", environmentFacts(run.environment)},
                              {"lockWaitMs", run.environment.lockWaitMs},
                              {"runsAheadAtStart", run.environment.runsAheadAtStart},
                              {"otherPids", run.environment.otherPids},
                              {"badges", badges},
                              {"cpuMs", run.timing.cpuMs},
                              {"cpuParallelMs", run.timing.cpuParallelMs},
                              {"cpuThreads", run.timing.cpuThreads},
                              {"transferMs", run.timing.transferMs},
                              {"figures", run.figures},
                              {"launches", launches},
                              {"records", recordsSummaryJson(run)},
                              {"profile", profileSummaryJson(run.profile)},
                              {"predictedCounters", predictedCountersJson(run)}}
                   .dump(2)
            << "\n";
        return kOk;
    }
    const ExperimentSpec* spec = findExperiment(run.experiment);
    out << file.string() << ": valid warpscope trace, format version " << run.formatVersion << "\n";
    out << "experiment: " << run.experiment << (spec ? " (" + spec->title + ")" : "") << "\n";
    out << "parameters: " << paramsText(run.params) << "\n";
    if (const ExperimentSpec* spec = findExperiment(run.experiment)) {
        const auto unused = unusedParams(*spec, run.params);
        if (!unused.empty()) {
            out << "  not used with these settings:";
            for (const auto& n : unused) out << " " << n;
            out << "\n";
        }
    }
    out << "device: " << run.device.name << ", compute capability " << run.device.ccMajor << "."
        << run.device.ccMinor << ", " << run.device.smCount << " SMs, %globaltimer tick "
        << run.device.timerTickNs << " ns\n";
    out << "recorded: " << run.recordedAt << " by " << run.tool << "\n";
    out << "result: " << runSummaryLine(run) << "\n";
    if (const Verification& v = run.verification; v.checked) {
        // Checks of every element (the transposes) keep no single pair of
        // results when they pass: what was compared says it instead.
        const std::string note = v.note.empty() ? "" : " (" + v.note + ")";
        // A variant that ran on the CPU (the matrix multiply's cpu-naive)
        // has no GPU result: its own result is set against the reference.
        const bool onCpu = measuredOnCpu(run);
        // An experiment checked against something of its own (a kernel
        // file's reference kernel or expected outputs) names no CPU.
        const ExperimentSpec* spec = findExperiment(run.experiment);
        const bool ownCheck = spec && !spec->checkedAgainst.empty();
        if (v.actual.empty() && v.expected.empty())
            out << "  checked against the CPU: " << (v.passed ? "equal" : "different") << note
                << "\n";
        else
            out << (onCpu ? "  result " : "  GPU ") << v.actual
                << (onCpu || ownCheck ? ", reference " : ", CPU ") << v.expected << note << "\n";
    }
    out << "GPU environment:\n";
    for (const auto& line : environmentFacts(run.environment)) out << "  " << line << "\n";
    for (const auto& b : environmentBadges(run))
        out << "badge: " << b.text << " (" << b.detail << ")\n";
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        const auto& l = run.launches[i];
        auto f = factsOf(l);
        out << launchLabel(i) << ": " << l.kernel << " grid " << dimText(l.grid) << " block "
            << dimText(l.block) << ", " << l.sharedBytes << " B shared; " << l.blocks.size()
            << (l.blocks.size() == 1 ? " block record on " : " block records on ") << f.smsUsed
            << (f.smsUsed == 1 ? " SM over " : " SMs over ") << std::fixed << std::setprecision(2)
            << f.spanUs << " us";
        if (l.steps.size()) out << "; " << l.steps.size() << " step records";
        if (l.arrivals.size()) out << "; " << l.arrivals.size() << " arrivals";
        if (l.sharedAccesses.size()) out << "; " << l.sharedAccesses.size() << " shared accesses";
        out << "\n";
    }
    // Each lab's own records, where it summarises them.
    for (const std::string& line : labInfoLines(run)) out << line << "\n";
    for (const std::string& line : atomicsSummaryLines(run)) out << line << "\n";
    for (const std::string& line : ws::memkinds::summaryLines(run)) out << line << "\n";
    out << recordsSummary(run);
    for (const std::string& line : profileSummaryLines(run.profile)) out << line << "\n";
    for (const std::string& line : occupancySummaryLines(run)) out << line << "\n";
    if (run.experiment == "matmul")
        for (const std::string& line : matmulSummaryLines(run)) out << line << "\n";
    return kOk;
}

}  // namespace ws::record
