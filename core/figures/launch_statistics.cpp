#include "core/figures/launch_statistics.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/device/occupancy.h"
#include "core/figures/block_stats.h"

namespace ws {

namespace {

DurationHistogram histogram(const BlockRecords& b, int bins) {
    DurationHistogram h;
    const std::size_t n = b.size();
    if (n == 0 || bins <= 0) return h;
    double lo = INFINITY, hi = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = b.endNs[i] > b.startNs[i] ? double(b.endNs[i] - b.startNs[i]) : 0;
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
    // Equal durations still get one bar, one ns wide.
    h.firstNs = lo;
    h.binNs = std::max(1.0, (hi - lo) / bins);
    const int used = hi > lo ? bins : 1;
    h.counts.assign(std::size_t(used), 0);
    h.records.assign(std::size_t(used), {});
    for (std::size_t i = 0; i < n; ++i) {
        const double d = b.endNs[i] > b.startNs[i] ? double(b.endNs[i] - b.startNs[i]) : 0;
        const int bin = std::clamp(int((d - lo) / h.binNs), 0, used - 1);
        ++h.counts[std::size_t(bin)];
        h.records[std::size_t(bin)].push_back(std::uint32_t(i));
    }
    return h;
}

// Busy time of one SM: the union of its blocks' intervals.
double busyTime(std::vector<std::pair<std::uint64_t, std::uint64_t>>& spans) {
    std::sort(spans.begin(), spans.end());
    double busy = 0;
    std::uint64_t curStart = 0, curEnd = 0;
    bool open = false;
    for (const auto& [s, e] : spans) {
        if (!open || s > curEnd) {
            if (open) busy += double(curEnd - curStart);
            curStart = s;
            curEnd = e;
            open = true;
        } else {
            curEnd = std::max(curEnd, e);
        }
    }
    if (open) busy += double(curEnd - curStart);
    return busy;
}

}  // namespace

LaunchStatistics launchStatistics(const Launch& launch, const DeviceInfo& device, int bins,
                                  const BlockResources& resources) {
    LaunchStatistics s;
    const BlockRecords& b = launch.blocks;
    s.durations = histogram(b, bins);
    if (b.size() == 0) return s;
    const BlockStats stats = blockStats(b);
    s.spanNs = double(stats.spanNs);
    std::uint64_t lastStart = 0;
    for (std::size_t i = 0; i < b.size(); ++i) lastStart = std::max(lastStart, b.startNs[i]);
    s.tailNs = stats.lastEndNs > lastStart ? double(stats.lastEndNs - lastStart) : 0;

    std::map<std::uint32_t, std::vector<std::pair<std::uint64_t, std::uint64_t>>> perSm;
    for (std::size_t i = 0; i < b.size(); ++i)
        perSm[b.sm[i]].push_back({b.startNs[i], std::max(b.startNs[i], b.endNs[i])});
    // Resident warps integrated over time, per SM: each block holds its warps
    // from its start to its end.
    const double warpsPerBlock = std::ceil(double(launch.block.count()) / kWarpSize);
    double warpNs = 0;
    for (auto& [sm, spans] : perSm) {
        double blockNs = 0;
        for (const auto& [st, en] : spans) blockNs += double(en - st);
        warpNs += blockNs * warpsPerBlock;
        s.sms.push_back({sm, std::uint32_t(spans.size()), busyTime(spans)});
    }
    const double maxWarps =
        device.maxThreadsPerSm > 0 ? double(device.maxThreadsPerSm) / kWarpSize : 0;
    if (maxWarps > 0 && s.spanNs > 0 && !s.sms.empty())
        s.achievedOccupancy = warpNs / (s.spanNs * double(s.sms.size()) * maxWarps);

    OccupancyInput in;
    in.threadsPerBlock = std::uint32_t(launch.block.count());
    in.sharedBytesPerBlock = launch.sharedBytes + resources.staticSharedBytes;
    in.registersPerThread = resources.registersPerThread;
    if (auto o = predictOccupancy(device, in); o) {
        s.theoreticalOccupancy = o->occupancy;
        s.theoreticalLimit = occupancyLimitName(o->limitedBy);
        s.theoreticalBlocksPerSm = o->blocksPerSm;
        s.theoreticalRegisters = resources.registersPerThread;
    }
    return s;
}

}  // namespace ws
