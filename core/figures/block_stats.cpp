#include "core/figures/block_stats.h"

#include <algorithm>
#include <limits>

#include "core/figures/residency_slots.h"

namespace ws {

namespace {

bool consistent(const BlockRecords& b) {
    const std::size_t n = b.size();
    return b.sm.size() == n && b.startNs.size() == n && b.endNs.size() == n;
}

std::uint64_t durationOf(const BlockRecords& b, std::size_t i) {
    return b.endNs[i] > b.startNs[i] ? b.endNs[i] - b.startNs[i] : 0;
}

}  // namespace

BlockStats blockStats(const BlockRecords& blocks) {
    BlockStats s;
    const std::size_t n = blocks.size();
    if (n == 0 || !consistent(blocks)) return s;
    std::vector<std::uint64_t> durations(n);
    double total = 0;
    s.firstStartNs = std::numeric_limits<std::uint64_t>::max();
    std::uint32_t maxSm = 0;
    for (std::size_t i = 0; i < n; ++i) {
        durations[i] = durationOf(blocks, i);
        total += double(durations[i]);
        s.firstStartNs = std::min(s.firstStartNs, blocks.startNs[i]);
        s.lastEndNs = std::max(s.lastEndNs, std::max(blocks.endNs[i], blocks.startNs[i]));
        maxSm = std::max(maxSm, blocks.sm[i]);
    }
    s.spanNs = s.lastEndNs - s.firstStartNs;
    // Ids beyond validateRun's cap (65535) are left out of the per-SM table.
    s.blocksPerSm.assign(std::size_t(std::min<std::uint32_t>(maxSm, 65535)) + 1, 0);
    for (std::uint32_t sm : blocks.sm)
        if (sm < s.blocksPerSm.size()) s.blocksPerSm[sm]++;

    auto& d = s.duration;
    d.count = n;
    d.meanNs = total / double(n);
    auto [lo, hi] = std::minmax_element(durations.begin(), durations.end());
    d.minNs = *lo;
    d.maxNs = *hi;
    // Median by selection, O(n): the upper middle, averaged with the lower
    // middle for even counts.
    auto mid = durations.begin() + std::ptrdiff_t(n / 2);
    std::nth_element(durations.begin(), mid, durations.end());
    d.medianNs = double(*mid);
    if (n % 2 == 0)
        d.medianNs = (d.medianNs + double(*std::max_element(durations.begin(), mid))) / 2;
    return s;
}

WaveAssignment assignWaves(const BlockRecords& blocks) {
    WaveAssignment out;
    const std::size_t n = blocks.size();
    out.wave.assign(n, 0);
    if (n == 0 || !consistent(blocks)) return out;
    const SlotAssignment slots = assignResidencySlots(blocks);
    // Order each (SM, slot) track by start time; position in it = wave.
    std::vector<std::uint32_t> order(n);
    for (std::uint32_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (blocks.sm[a] != blocks.sm[b]) return blocks.sm[a] < blocks.sm[b];
        if (slots.slot[a] != slots.slot[b]) return slots.slot[a] < slots.slot[b];
        if (blocks.startNs[a] != blocks.startNs[b]) return blocks.startNs[a] < blocks.startNs[b];
        return a < b;
    });
    std::uint32_t position = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = order[k];
        if (k > 0) {
            const std::uint32_t p = order[k - 1];
            const bool sameTrack = blocks.sm[p] == blocks.sm[i] && slots.slot[p] == slots.slot[i];
            position = sameTrack ? position + 1 : 0;
        }
        out.wave[i] = position;
        if (out.waves.size() <= position) out.waves.resize(position + 1);
        Wave& w = out.waves[position];
        const std::uint64_t end = std::max(blocks.startNs[i], blocks.endNs[i]);
        if (w.blocks == 0 || blocks.startNs[i] < w.firstStartNs) w.firstStartNs = blocks.startNs[i];
        w.lastEndNs = std::max(w.lastEndNs, end);
        w.blocks++;
    }
    return out;
}

std::vector<ResidencyPoint> residentOverTime(const BlockRecords& blocks, std::uint32_t sm) {
    std::vector<ResidencyPoint> out;
    if (!consistent(blocks)) return out;
    // +1 at each start, -1 at each end; ends sort before starts at the same
    // instant so touching blocks do not count as overlapping.
    std::vector<std::pair<std::uint64_t, int>> events;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (blocks.sm[i] != sm) continue;
        events.push_back({blocks.startNs[i], +1});
        events.push_back({std::max(blocks.startNs[i], blocks.endNs[i]), -1});
    }
    std::sort(events.begin(), events.end());
    std::int64_t resident = 0;
    for (std::size_t k = 0; k < events.size();) {
        const std::uint64_t t = events[k].first;
        for (; k < events.size() && events[k].first == t; ++k) resident += events[k].second;
        const auto r = std::uint32_t(resident);
        if (!out.empty() && out.back().resident == r) continue;
        out.push_back({t, r});
    }
    return out;
}

}  // namespace ws
