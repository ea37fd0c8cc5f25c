#include "core/concurrency/concurrency_figures.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "core/common/counted.h"
#include "core/concurrency/concurrency_settings.h"

namespace ws {

namespace {

const double* figure(const Run& run, const char* name) {
    auto it = run.figures.find(name);
    return it == run.figures.end() ? nullptr : &it->second;
}

void addBar(FigureChart& c, const Run& run, const char* name, const std::string& label,
            bool highlighted = false, double scale = 1) {
    if (const double* v = figure(run, name))
        c.bars.push_back({label, *v * scale, *v * scale, *v * scale, highlighted});
}

std::string percent(double share) {
    char text[16];
    std::snprintf(text, sizeof text, "%.0f %%", share * 100);
    return text;
}

std::vector<FigureChart> streamsCharts(const Run& run) {
    const auto settings = concurrencySettingsOf(run);
    const std::string streams =
        settings ? counted(settings->streams.streams, "stream", "streams") : "? streams";
    FigureChart time{"End to end against one stream and against the serial sum", "ms", "", {}};
    addBar(time, run, "oneStreamMs", "1 stream (timed)");
    addBar(time, run, "endToEndMs", streams + " (timed)", true);
    addBar(time, run, "serialSumMs", "every operation in a row (CUPTI)");
    addBar(time, run, "operationsSpanMs", "first start to last end (CUPTI)", true);
    if (const double* r = figure(run, "ratioToOneStream"))
        time.caption =
            "With " + streams + " the work takes " + percent(*r) + " of the one-stream time.";
    FigureChart share{"How much ran at the same time (CUPTI)", "share of the time", "", {}};
    addBar(share, run, "overlapFraction", "operations overlapped", true);
    addBar(share, run, "copyBehindKernelFraction", "copy time hidden behind kernels");
    addBar(share, run, "copyBesideCopyFraction", "copy time beside another copy");
    if (const double* f = figure(run, "copyBehindKernelFraction"))
        share.caption = percent(*f) +
                        " of the copies ran while a kernel ran: with pageable host "
                        "memory this stays near 0.";
    return {time, share};
}

std::vector<FigureChart> unifiedCharts(const Run& run) {
    const auto settings = concurrencySettingsOf(run);
    const std::optional<UnifiedPattern> traced =
        settings ? std::optional(settings->unified.pattern) : std::nullopt;
    using P = UnifiedPattern;
    FigureChart bw{
        "Effective bandwidth of each pattern", "GB/s (12 bytes per element / time)", "", {}};
    addBar(bw, run, "firstTouchGBs", "first touch on the GPU", traced == P::FirstTouch);
    addBar(bw, run, "cpuTouchedGBs", "after the CPU touched it", traced == P::CpuTouched);
    addBar(bw, run, "prefetchGBs", "cudaMemPrefetchAsync first", traced == P::Prefetch);
    addBar(bw, run, "explicitCopyGBs", "cudaMemcpy from pinned", traced == P::ExplicitCopy);
    addBar(bw, run, "residentGBs", "already on the GPU", traced == P::Resident);
    addBar(bw, run, "managedVariableGBs", "__managed__ c (seed)", traced == P::ManagedVariable);
    if (const double* r = figure(run, "prefetchToExplicit"))
        bw.caption = "Prefetching then running takes " + percent(*r) +
                     " of the time of explicit copies from pinned memory.";
    FigureChart ms{"Time of each pattern", "ms", "", {}};
    addBar(ms, run, "firstTouchMs", "first touch", traced == P::FirstTouch);
    addBar(ms, run, "cpuTouchedMs", "after the CPU", traced == P::CpuTouched);
    addBar(ms, run, "prefetchMs", "prefetch", traced == P::Prefetch);
    addBar(ms, run, "explicitCopyMs", "explicit, pinned", traced == P::ExplicitCopy);
    addBar(ms, run, "explicitPageableMs", "explicit, pageable");
    addBar(ms, run, "residentMs", "resident", traced == P::Resident);
    return {bw, ms};
}

std::vector<FigureChart> dynamicCharts(const Run& run) {
    FigureChart latency{"Launch latency: asking for a grid to its first block", "µs", "", {}};
    for (auto [name, label] : {std::pair{"hostLaunchLatency", "from the host"},
                               {"fireAndForgetLatency", "device, fire-and-forget"},
                               {"tailLatency", "device, tail launch"}}) {
        const double* v = figure(run, (std::string(name) + "Us").c_str());
        if (!v) continue;
        const double* lo = figure(run, (std::string(name) + "MinUs").c_str());
        const double* hi = figure(run, (std::string(name) + "MaxUs").c_str());
        latency.bars.push_back({label, *v, lo ? *lo : *v, hi ? *hi : *v, false});
    }
    latency.caption =
        "Medians with their range; a tail launch also waits for its parent grid to end.";
    FigureChart levels{"The reduction, launched by the device or by the host", "ms", "", {}};
    const auto settings = concurrencySettingsOf(run);
    const bool device = !settings || settings->dynamic.deviceDriver;
    if (const double* t = figure(run, "deviceDrivenMs"))
        levels.bars.push_back({"each level launches the next", *t, *t, *t, false});
    else if (device && run.timing.kernelMs > 0)
        levels.bars.push_back({"each level launches the next", run.timing.kernelMs,
                               run.timing.kernelMinMs, run.timing.kernelMaxMs, true});
    if (const double* t = figure(run, "hostDrivenMs"))
        levels.bars.push_back({"the host launches each level", *t, *t, *t, false});
    else if (!device && run.timing.kernelMs > 0)
        levels.bars.push_back({"the host launches each level", run.timing.kernelMs,
                               run.timing.kernelMinMs, run.timing.kernelMaxMs, true});
    std::vector<FigureChart> charts{latency};
    if (levels.bars.size() == 2) charts.push_back(levels);
    return charts;
}

bool endsWith(const std::string& s, const std::string& end) {
    return s.size() > end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// "gpuEndToEndMs" -> "gpu end to end": camelCase in words, the unit's
// suffix (said by the axis) left out.
std::string words(std::string name, const std::string& suffix) {
    if (!suffix.empty() && endsWith(name, suffix)) name.resize(name.size() - suffix.size());
    std::string out;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (std::isupper(static_cast<unsigned char>(c))) {
            // "GBs" and "CPU" stay whole: a break only where a lower case letter follows.
            const bool next =
                i + 1 < name.size() && std::islower(static_cast<unsigned char>(name[i + 1]));
            const bool prevLower = i > 0 && std::islower(static_cast<unsigned char>(name[i - 1]));
            if (i > 0 && (prevLower || next)) out += ' ';
            out += next || prevLower ? char(std::tolower(static_cast<unsigned char>(c))) : c;
        } else {
            out += c;
        }
    }
    return out;
}

// What a figure's name says it measures. Unlike quantities on one axis
// (an index of 1657 beside 0.018 ms and a ratio of 103) read as nothing.
struct FigureKind {
    std::string suffix, title, unit;
};

FigureKind kindOf(const std::string& name) {
    static const FigureKind kinds[] = {{"Ms", "Times", "ms"},
                                       {"Us", "Times", "µs"},
                                       {"Ns", "Times", "ns"},
                                       {"GBs", "Bandwidths", "GB/s"},
                                       {"Gflops", "Arithmetic", "GFLOP/s"}};
    // "stepsPerUs", "blocksPerSm", "atomicsPerSecond": rates, whatever they end in.
    if (name.find("Per") != std::string::npos) return {"", "Rates", ""};
    for (const auto& k : kinds)
        if (endsWith(name, k.suffix)) return k;
    if (name.find("Over") != std::string::npos || name.rfind("ratio", 0) == 0)
        return {"", "Ratios", "×"};
    if (endsWith(name, "Index")) return {"", "", "index"};
    return {"", "Counts", ""};
}

// Runs without charts of their own: one chart per kind of figure, indices
// named in the caption of the first (an index is no quantity to draw).
std::vector<FigureChart> chartsByKind(const Run& run) {
    std::vector<FigureChart> charts;
    std::string indices;
    for (const auto& [name, value] : run.figures) {
        const FigureKind k = kindOf(name);
        if (k.unit == "index") {
            char text[64];
            std::snprintf(text, sizeof text, "%s%s = %.0f", indices.empty() ? "" : ", ",
                          words(name, "").c_str(), value);
            indices += text;
            continue;
        }
        auto it = std::find_if(charts.begin(), charts.end(), [&](const FigureChart& c) {
            return c.unit == k.unit && c.title.rfind(k.title, 0) == 0;
        });
        if (it == charts.end()) {
            charts.push_back(
                {k.title + (k.unit.empty() ? "" : " (" + k.unit + ")"), k.unit, "", {}});
            it = charts.end() - 1;
        }
        it->bars.push_back({words(name, k.suffix), value, value, value});
    }
    if (!indices.empty() && !charts.empty())
        charts.front().caption = "Also recorded: " + indices + ".";
    return charts;
}

}  // namespace

std::vector<FigureChart> concurrencyCharts(const Run& run) {
    std::vector<FigureChart> charts;
    if (run.experiment == "streams")
        charts = streamsCharts(run);
    else if (run.experiment == "unified-memory")
        charts = unifiedCharts(run);
    else if (run.experiment == "dynamic-parallelism")
        charts = dynamicCharts(run);
    else
        charts = chartsByKind(run);
    std::vector<FigureChart> kept;
    for (auto& c : charts)
        if (!c.bars.empty()) kept.push_back(std::move(c));
    return kept;
}

}  // namespace ws
