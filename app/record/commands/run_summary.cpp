#include "app/record/commands/run_summary.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string_view>

#include "core/catalog/catalog.h"
#include "core/figures/overhead_text.h"
#include "core/profile/counter_catalog.h"
#include "core/profile/counter_predictions.h"
#include "core/profile/occupancy_prediction.h"
#include "core/profile/stall_reasons.h"

namespace ws::record {

std::string paramsText(const ParamValues& params) {
    std::string s;
    for (const auto& [name, value] : params) s += (s.empty() ? "" : " ") + name + "=" + value;
    return s;
}

std::string runSummaryLine(const Run& run) {
    char buffer[256];
    const auto& t = run.timing;
    // Traces recorded before the spread was kept say only "median".
    char spread[64] = "";
    if (!t.kernelSamplesMs.empty())
        std::snprintf(spread, sizeof spread, " ± %.1f %%", t.kernelCvPercent);
    // FLOP-bound experiments say GFLOP/s, those that move bytes GB/s; a run
    // that times neither (greetings, counters) has no rate to print.
    char rate[64] = "";
    if (t.flops > 0)
        std::snprintf(rate, sizeof rate, ", %.1f GFLOP/s", t.gflopPerS());
    else if (t.bytesMoved > 0)
        // Three significant digits below 1 GB/s: a 5-element add moves 60
        // bytes, which "0.0 GB/s" would hide.
        std::snprintf(rate, sizeof rate, t.gbPerS() < 1 ? ", %.3g GB/s" : ", %.1f GB/s",
                      t.gbPerS());
    if (t.untimed())
        std::snprintf(buffer, sizeof buffer,
                      "not timed as one launch (%zu operations carry their own times), "
                      "recording overhead ",
                      run.operations.size());
    else
        std::snprintf(buffer, sizeof buffer, "%.4f ms%s (median%s of %d)%s, recording overhead ",
                      t.kernelMs, spread, spread[0] ? " ± CV" : "", t.repetitions, rate);
    // What the check compared with is the experiment's to say (a kernel
    // file's own reference kernel); the CPU's reference otherwise.
    const ExperimentSpec* spec = findExperiment(run.experiment);
    const std::string against =
        spec && !spec->checkedAgainst.empty() ? spec->checkedAgainst : "the CPU";
    std::string verdict = !run.verification.checked ? "not verified"
                          : run.verification.passed ? "verified against " + against
                                                    : "FAILED verification";
    return std::string(buffer) + recordingOverheadText(t) + ", " + verdict;
}

namespace {

struct ReasonShare {
    std::string reason;  // "long_scoreboard"
    std::uint64_t samples = 0;
    double percent = 0;
};

bool shown(const RunProfile& p) {
    return p.requested || p.hasStalls() || p.hasCounters() || !p.stallsUnavailable.empty() ||
           !p.countersUnavailable.empty();
}

// Every function's samples together, by reason (core/profile/stall_reasons.h:
// the "_not_issued" variants look again at samples already counted under
// their reason, so shares leave them out).
std::vector<ReasonShare> topStallReasons(const RunProfile& p, std::size_t count) {
    std::map<std::string, std::uint64_t> byReason;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < p.stalls.size(); ++i) {
        if (p.stalls.reason[i] >= p.stallReasons.size()) continue;
        const std::string& name = p.stallReasons[p.stalls.reason[i]];
        if (isNotIssuedVariant(name)) continue;
        byReason[stallReasonKey(name)] += p.stalls.samples[i];
        total += p.stalls.samples[i];
    }
    std::vector<ReasonShare> shares;
    for (const auto& [reason, samples] : byReason)
        shares.push_back({reason, samples, total ? 100.0 * double(samples) / double(total) : 0});
    std::stable_sort(shares.begin(), shares.end(),
                     [](const auto& a, const auto& b) { return a.samples > b.samples; });
    if (shares.size() > count) shares.resize(count);
    return shares;
}

std::string count(std::size_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::vector<std::string> profileSummaryLines(const RunProfile& p) {
    if (!shown(p)) return {};
    std::vector<std::string> lines;
    if (p.hasStalls()) {
        lines.push_back("profile: " + count(p.totalSamples, "stall sample", "stall samples") +
                        ", " + std::to_string(p.droppedSamples) + " dropped, in " +
                        count(p.functions.size(), "function", "functions"));
        std::string top;
        for (const auto& s : topStallReasons(p, 3)) {
            char share[32];
            std::snprintf(share, sizeof share, " %.1f %%", s.percent);
            top += (top.empty() ? "" : ", ") + s.reason + share;
        }
        if (!top.empty()) lines.push_back("  top stall reasons: " + top);
    } else {
        lines.push_back("profile: no stall samples" +
                        (p.stallsUnavailable.empty() ? "" : " (" + p.stallsUnavailable + ")"));
    }
    if (p.hasCounters())
        lines.push_back("  counters: " + std::to_string(p.counters.size()) + " measured in " +
                        count(std::size_t(std::max(p.counterPasses, 0)), "pass", "passes"));
    else
        lines.push_back("  counters: none" +
                        (p.countersUnavailable.empty() ? "" : " (" + p.countersUnavailable + ")"));
    return lines;
}

nlohmann::json profileSummaryJson(const RunProfile& p) {
    if (!shown(p)) return nullptr;
    nlohmann::json top = nlohmann::json::array();
    for (const auto& s : topStallReasons(p, 3))
        top.push_back({{"reason", s.reason}, {"samples", s.samples}, {"percent", s.percent}});
    // Every reason's share and every counter's value, for a comparison with
    // Nsight Compute (scripts/why_vs_ncu.py).
    nlohmann::json shares = nlohmann::json::object();
    for (const auto& s : topStallReasons(p, p.stallReasons.size())) shares[s.reason] = s.percent;
    nlohmann::json counters = nlohmann::json::object();
    for (const auto& c : p.counters) counters[c.metric] = c.value;
    return {{"requested", p.requested},
            {"totalSamples", p.totalSamples},
            {"droppedSamples", p.droppedSamples},
            {"functions", p.functions.size()},
            {"topStallReasons", std::move(top)},
            {"stallShares", std::move(shares)},
            {"stallsUnavailable", p.stallsUnavailable},
            {"sampledLaunches", p.sampledLaunches},
            {"sampledKernelMs", p.sampledKernelMs},
            {"unsampledKernelMs", p.unsampledKernelMs},
            {"samplingOverheadPercent", p.samplingOverheadPercent()},
            {"counters", p.counters.size()},
            {"counterValues", std::move(counters)},
            {"counterPasses", p.counterPasses},
            {"countersUnavailable", p.countersUnavailable}};
}

std::vector<std::string> occupancySummaryLines(const Run& run) {
    const auto ceiling = predictedOccupancy(run);
    if (!ceiling) return {};
    for (const auto& c : run.profile.counters)
        if (c.metric == kAchievedOccupancyMetric) {
            char achieved[64];
            std::snprintf(achieved, sizeof achieved, "  occupancy: achieved %.1f %%, ", c.value);
            return {achieved + describeOccupancyPrediction(*ceiling)};
        }
    return {};
}

nlohmann::json predictedCountersJson(const Run& run) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [metric, value] : predictedCounters(run)) out[metric] = value;
    return out;
}

}  // namespace ws::record
