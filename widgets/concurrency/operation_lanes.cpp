#include "widgets/concurrency/operation_lanes.h"

#include <algorithm>
#include <map>

#include "core/common/time_offset.h"
#include "core/concurrency/operation_overlap.h"

namespace ws {

std::vector<TimeSpan> mergeSpans(std::vector<TimeSpan> spans) {
    std::sort(spans.begin(), spans.end());
    std::vector<TimeSpan> out;
    for (const auto& s : spans) {
        if (!out.empty() && s.first <= out.back().second)
            out.back().second = std::max(out.back().second, s.second);
        else
            out.push_back(s);
    }
    return out;
}

std::vector<TimeSpan> intersectSpans(const std::vector<TimeSpan>& a,
                                     const std::vector<TimeSpan>& b) {
    std::vector<TimeSpan> out;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const double lo = std::max(a[i].first, b[j].first);
        const double hi = std::min(a[i].second, b[j].second);
        if (lo < hi) out.push_back({lo, hi});
        if (a[i].second < b[j].second)
            ++i;
        else
            ++j;
    }
    return out;
}

namespace {

bool isManagedKind(OperationKind k) {
    return k == OperationKind::MigrationHostToDevice || k == OperationKind::MigrationDeviceToHost ||
           k == OperationKind::GpuPageFaults;
}

}  // namespace

OperationLanes OperationLanes::build(const Run& run, std::uint64_t origin,
                                     const TimelineLanes& blocks) {
    OperationLanes lanes;
    const OperationRecords& o = run.operations;
    const HostCallRecords& h = run.hostCalls;
    lanes.hasOperations = run.clocks.measured && (o.size() > 0 || h.size() > 0);
    if (lanes.hasOperations) {
        auto at = [origin](std::uint64_t t) { return nsAfter(t, origin); };
        std::map<std::uint32_t, std::vector<std::size_t>> threads, streams, engines;
        std::vector<std::size_t> managed;
        std::vector<TimeSpan> kernels, copies;
        for (std::size_t i = 0; i < h.size(); ++i) threads[h.thread[i]].push_back(i);
        for (std::size_t i = 0; i < o.size(); ++i) {
            const auto kind = OperationKind(o.kind[i]);
            const TimeSpan span{at(o.startNs[i]), at(std::max(o.endNs[i], o.startNs[i]))};
            if (isManagedKind(kind)) {
                managed.push_back(i);
                continue;
            }
            streams[o.stream[i]].push_back(i);
            // Start 0 is "not collected": the operation has no place in time.
            const bool timed = o.startNs[i] != 0;
            if (isCopy(kind)) {
                engines[o.engine[i]].push_back(i);
                if (timed) copies.push_back(span);
            } else if (kind == OperationKind::Kernel && timed) {
                kernels.push_back(span);
            }
        }
        lanes.kernelBusy = mergeSpans(std::move(kernels));
        lanes.copyBusy = mergeSpans(std::move(copies));
        lanes.bothBusy = intersectSpans(lanes.kernelBusy, lanes.copyBusy);
        lanes.rows.push_back({OperationRowKind::Overlap, 0, "kernels | copies", {}});
        for (auto& [t, items] : threads)
            lanes.rows.push_back({OperationRowKind::HostThread, t,
                                  "host thread " + std::to_string(t), std::move(items)});
        for (auto& [s, items] : streams)
            lanes.rows.push_back(
                {OperationRowKind::Stream, s, "stream " + std::to_string(s), std::move(items)});
        for (auto& [e, items] : engines)
            lanes.rows.push_back({OperationRowKind::CopyEngine, e,
                                  "copy engine " + std::to_string(e), std::move(items)});
        if (!managed.empty())
            lanes.rows.push_back(
                {OperationRowKind::Managed, 0, "managed memory", std::move(managed)});
    }
    // Without operations one empty row stays on top: the view says there why.
    if (!lanes.hasOperations) lanes.rows.push_back({OperationRowKind::Overlap, 0, "", {}});
    // Eight parent blocks on SMs 124-131 of 132 were drawn in the last rows,
    // scrolled out of a short view, under 124 empty ones.
    const std::vector<std::uint32_t> sms = blocks.rowsWorthDrawing();
    for (std::uint32_t sm : sms)
        lanes.rows.push_back({OperationRowKind::Sm, sm, "SM " + std::to_string(sm), {}});
    lanes.smRows = std::uint32_t(sms.size());
    lanes.idleSms = std::uint32_t(blocks.idleSms());
    return lanes;
}

int OperationLanes::rowOfSm(std::uint32_t sm) const {
    for (std::size_t r = operationRowCount(); r < rows.size(); ++r)
        if (rows[r].id == sm) return int(r);
    return -1;
}

}  // namespace ws
