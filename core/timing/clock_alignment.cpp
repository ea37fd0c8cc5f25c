#include "core/timing/clock_alignment.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ws {

namespace {

double medianOfSorted(const std::vector<double>& v) {
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : medianOfSorted(v);
}

}  // namespace

double sampleOffsetNs(const ClockSample& s) {
    const auto width = std::int64_t(s.hostAfterNs - s.hostBeforeNs);
    const auto fromBefore = std::int64_t(s.deviceNs - s.hostBeforeNs);
    return double(fromBefore) - double(width) / 2.0;
}

Result<ClockFit> fitClockOffset(const std::vector<ClockSample>& samples, int warmup) {
    ClockFit fit;
    fit.warmupDropped = std::clamp(warmup, 0, int(samples.size()));
    std::vector<const ClockSample*> kept;
    for (std::size_t i = std::size_t(fit.warmupDropped); i < samples.size(); ++i) {
        if (samples[i].hostAfterNs < samples[i].hostBeforeNs)
            return makeError("clock sample " + std::to_string(i) +
                             ": the host clock ran backwards across the device read");
        kept.push_back(&samples[i]);
    }
    if (kept.size() < 2)
        return makeError("clock alignment needs at least 2 samples after the " +
                         std::to_string(fit.warmupDropped) + " warm-up samples, got " +
                         std::to_string(kept.size()));
    std::vector<double> widths;
    for (const ClockSample* s : kept) widths.push_back(double(s->hostAfterNs - s->hostBeforeNs));
    const double typical = median(widths);
    std::vector<double> offsets, keptWidths;
    for (std::size_t i = 0; i < kept.size(); ++i) {
        // A sample is only as good as half its bracket: one twice as wide
        // as usual had its host thread interrupted between the reads.
        if (widths[i] > kWidestBracket * std::max(typical, 1.0)) {
            ++fit.outliersDropped;
            continue;
        }
        offsets.push_back(sampleOffsetNs(*kept[i]));
        keptWidths.push_back(widths[i]);
    }
    std::sort(offsets.begin(), offsets.end());
    fit.alignment.measured = true;
    fit.alignment.offsetNs = medianOfSorted(offsets);
    fit.alignment.spreadNs = offsets.back() - offsets.front();
    fit.alignment.samples = int(offsets.size());
    fit.medianBracketNs = median(keptWidths);
    return fit;
}

std::uint64_t toGlobalTimer(std::uint64_t cuptiNs, const ClockAlignment& a) {
    if (cuptiNs == 0) return 0;
    const auto shift = std::int64_t(std::llround(a.offsetNs));
    if (shift < 0 && cuptiNs < std::uint64_t(-shift)) return 0;
    return cuptiNs + std::uint64_t(shift);
}

std::vector<double> kernelStartGapsNs(const Run& run) {
    std::vector<double> gaps;
    const OperationRecords& o = run.operations;
    for (std::size_t i = 0; i < o.size(); ++i) {
        if (o.kind[i] != std::uint8_t(OperationKind::Kernel) || o.launch[i] < 0) continue;
        const BlockRecords& b = run.launches[std::size_t(o.launch[i])].blocks;
        if (b.size() == 0) continue;
        const std::uint64_t first = *std::min_element(b.startNs.begin(), b.startNs.end());
        gaps.push_back(double(std::int64_t(first - o.startNs[i])));
    }
    return gaps;
}

}  // namespace ws
