#include "core/concurrency/operation_overlap.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace ws {

namespace {

using Interval = std::pair<std::uint64_t, std::uint64_t>;

// Sorted, merged intervals: their total length is the time covered.
std::vector<Interval> merged(std::vector<Interval> v) {
    std::sort(v.begin(), v.end());
    std::vector<Interval> out;
    for (const auto& iv : v) {
        if (!out.empty() && iv.first <= out.back().second)
            out.back().second = std::max(out.back().second, iv.second);
        else
            out.push_back(iv);
    }
    return out;
}

double length(const std::vector<Interval>& v) {
    double sum = 0;
    for (const auto& [a, b] : v) sum += double(b - a);
    return sum;
}

// Time of `iv` covered by the merged intervals `cover`.
double coveredPart(const Interval& iv, const std::vector<Interval>& cover) {
    auto it = std::lower_bound(
        cover.begin(), cover.end(), Interval{iv.first, 0},
        [](const Interval& a, const Interval& b) { return a.second < b.first + 1; });
    double sum = 0;
    for (; it != cover.end() && it->first < iv.second; ++it) {
        const std::uint64_t a = std::max(iv.first, it->first), b = std::min(iv.second, it->second);
        if (b > a) sum += double(b - a);
    }
    return sum;
}

bool counted(OperationKind k) {
    return k == OperationKind::Kernel || isCopy(k) || k == OperationKind::Memset;
}

}  // namespace

bool isCopy(OperationKind k) {
    return k == OperationKind::CopyHostToDevice || k == OperationKind::CopyDeviceToHost ||
           k == OperationKind::CopyDeviceToDevice || k == OperationKind::CopyHostToHost;
}

OverlapFigures overlapFigures(const OperationRecords& ops) {
    OverlapFigures f;
    std::vector<Interval> all, kernels;
    std::vector<std::pair<Interval, std::size_t>> copies;  // interval, operation
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const auto kind = OperationKind(ops.kind[i]);
        if (!counted(kind)) continue;
        const Interval iv{ops.startNs[i], std::max(ops.startNs[i], ops.endNs[i])};
        const double d = double(iv.second - iv.first);
        all.push_back(iv);
        f.serialSumNs += d;
        if (kind == OperationKind::Kernel) {
            kernels.push_back(iv);
            f.kernelNs += d;
        } else if (isCopy(kind)) {
            copies.push_back({iv, i});
            f.copyNs += d;
        }
    }
    f.operations = all.size();
    if (all.empty()) return f;
    const auto busy = merged(all);
    f.busyNs = length(busy);
    f.spanNs = double(busy.back().second - busy.front().first);
    f.overlapFraction = f.serialSumNs > 0 ? 1.0 - f.busyNs / f.serialSumNs : 0;
    const auto kernelCover = merged(kernels);
    double hidden = 0, beside = 0;
    for (std::size_t c = 0; c < copies.size(); ++c) {
        hidden += coveredPart(copies[c].first, kernelCover);
        std::vector<Interval> others;
        for (std::size_t d = 0; d < copies.size(); ++d)
            if (d != c && copies[d].first.first < copies[c].first.second &&
                copies[d].first.second > copies[c].first.first)
                others.push_back(copies[d].first);
        beside += coveredPart(copies[c].first, merged(std::move(others)));
    }
    if (f.copyNs > 0) {
        f.copyBehindKernelFraction = hidden / f.copyNs;
        f.copyBesideCopyFraction = beside / f.copyNs;
    }
    return f;
}

void storeOverlapFigures(const OverlapFigures& f, Run& run) {
    auto& g = run.figures;
    g["operationsSpanMs"] = f.spanNs / 1e6;
    g["serialSumMs"] = f.serialSumNs / 1e6;
    g["busyMs"] = f.busyNs / 1e6;
    g["copySumMs"] = f.copyNs / 1e6;
    g["kernelSumMs"] = f.kernelNs / 1e6;
    g["overlapFraction"] = f.overlapFraction;
    g["copyBehindKernelFraction"] = f.copyBehindKernelFraction;
    g["copyBesideCopyFraction"] = f.copyBesideCopyFraction;
}

}  // namespace ws
