#include "widgets/model/timeline_lanes.h"

#include <algorithm>
#include <numeric>

#include "core/common/time_offset.h"
#include "core/figures/residency_slots.h"

namespace ws {

std::pair<std::size_t, std::size_t> TimelineLane::visible(double t0, double t1) const {
    const auto first = std::upper_bound(end.begin(), end.end(), t0) - end.begin();
    const auto last = std::upper_bound(start.begin(), start.end(), t1) - start.begin();
    return {std::size_t(first), std::max(std::size_t(first), std::size_t(last))};
}

TimelineLanes TimelineLanes::build(const Run& run, std::uint64_t origin) {
    TimelineLanes out;
    // Slots are assigned over all launches at once: launches on different
    // streams may overlap on one SM, and a lane must never hold two blocks at once.
    BlockRecords all;
    std::vector<std::uint32_t> launchOf;
    std::size_t total = 0;
    for (const auto& l : run.launches) total += l.blocks.size();
    out.m_launchOffset.reserve(run.launches.size() + 1);
    all.block.reserve(total);
    all.sm.reserve(total);
    all.startNs.reserve(total);
    all.endNs.reserve(total);
    launchOf.reserve(total);
    for (std::size_t li = 0; li < run.launches.size(); ++li) {
        const auto& b = run.launches[li].blocks;
        out.m_launchOffset.push_back(all.block.size());
        all.block.insert(all.block.end(), b.block.begin(), b.block.end());
        all.sm.insert(all.sm.end(), b.sm.begin(), b.sm.end());
        all.startNs.insert(all.startNs.end(), b.startNs.begin(), b.startNs.end());
        all.endNs.insert(all.endNs.end(), b.endNs.begin(), b.endNs.end());
        launchOf.insert(launchOf.end(), b.size(), std::uint32_t(li));
    }
    out.m_launchOffset.push_back(all.block.size());
    all.startClock.resize(all.block.size());
    all.endClock.resize(all.block.size());
    out.blockCount = all.size();

    std::uint32_t smRows = std::uint32_t(std::max(run.device.smCount, 0));
    out.deviceSms = smRows;
    for (auto sm : all.sm) smRows = std::max(smRows, sm + 1);
    const SlotAssignment assigned = assignResidencySlots(all);

    out.rows.resize(smRows);
    std::vector<std::uint32_t> slotsOf(smRows, 0);
    for (std::size_t i = 0; i < all.size(); ++i)
        slotsOf[all.sm[i]] = std::max(slotsOf[all.sm[i]], assigned.slot[i] + 1);
    std::uint32_t laneCount = 0;
    for (std::uint32_t sm = 0; sm < smRows; ++sm) {
        out.rows[sm] = {sm, laneCount, slotsOf[sm], 0};
        laneCount += slotsOf[sm];
        out.maxSlots = std::max(out.maxSlots, slotsOf[sm]);
    }
    out.lanes.resize(laneCount);
    out.waveStart.resize(run.launches.size());

    // Counting pass, then fill, so a million records cost two linear passes.
    std::vector<std::size_t> counts(laneCount, 0);
    std::vector<std::uint32_t> laneOf(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        laneOf[i] = out.rows[all.sm[i]].firstLane + assigned.slot[i];
        ++counts[laneOf[i]];
        ++out.rows[all.sm[i]].blocks;
    }
    std::vector<std::vector<std::uint32_t>> members(laneCount);
    for (std::size_t l = 0; l < laneCount; ++l) members[l].reserve(counts[l]);
    for (std::size_t i = 0; i < all.size(); ++i) members[laneOf[i]].push_back(std::uint32_t(i));

    out.m_placeLane.assign(all.size(), 0);
    out.m_placeIndex.assign(all.size(), 0);
    for (std::size_t l = 0; l < laneCount; ++l) {
        auto& m = members[l];
        std::sort(m.begin(), m.end(), [&](std::uint32_t a, std::uint32_t b) {
            return all.startNs[a] < all.startNs[b];
        });
        auto& lane = out.lanes[l];
        lane.start.resize(m.size());
        lane.end.resize(m.size());
        lane.launch.resize(m.size());
        lane.record.resize(m.size());
        lane.wave.resize(m.size());
        std::vector<std::uint32_t> seen(run.launches.size(), 0);
        for (std::size_t k = 0; k < m.size(); ++k) {
            const auto i = m[k];
            lane.start[k] = nsAfter(all.startNs[i], origin);
            lane.end[k] = nsAfter(std::max(all.endNs[i], all.startNs[i]), origin);
            lane.launch[k] = launchOf[i];
            lane.record[k] = std::uint32_t(i - out.m_launchOffset[launchOf[i]]);
            out.m_placeLane[i] = std::uint32_t(l);
            out.m_placeIndex[i] = std::uint32_t(k);
            const std::uint32_t wave = seen[launchOf[i]]++;
            lane.wave[k] = wave;
            auto& starts = out.waveStart[launchOf[i]];
            if (wave >= starts.size())
                starts.push_back(lane.start[k]);
            else
                starts[wave] = std::min(starts[wave], lane.start[k]);
        }
        // Ends must be sorted for the binary search; equal-time hand-offs and
        // timer rounding can break that by a tick, so repair it monotonically.
        for (std::size_t k = 1; k < lane.end.size(); ++k)
            lane.end[k] = std::max(lane.end[k], lane.end[k - 1]);
        lane.summary = LaneSummary::build(lane.start, lane.end, lane.wave);
    }
    // The launch with the most waves: its blocks over the slots that ran
    // them, the waves it would take spread evenly.
    std::size_t busiest = 0;
    for (std::size_t l = 0; l < out.waveStart.size(); ++l)
        if (out.waveStart[l].size() > out.waveStart[busiest].size()) busiest = l;
    std::size_t slotsUsed = 0, blocks = 0;
    for (const auto& lane : out.lanes) {
        const auto n = std::size_t(std::count(lane.launch.begin(), lane.launch.end(), busiest));
        slotsUsed += n > 0;
        blocks += n;
    }
    out.meanWaves = slotsUsed ? double(blocks) / double(slotsUsed) : 0;
    return out;
}

std::size_t TimelineLanes::waveCount() const {
    std::size_t n = 0;
    for (const auto& w : waveStart) n = std::max(n, w.size());
    return n;
}

BlockRef TimelineLanes::blockAt(std::size_t row, std::size_t lane, double t,
                                double tolerance) const {
    if (row >= rows.size() || lane >= rows[row].laneCount) return {};
    const auto& l = lanes[rows[row].firstLane + lane];
    auto [first, last] = l.visible(t - tolerance, t + tolerance);
    std::size_t best = last;
    double bestDist = tolerance + 1;
    for (std::size_t k = first; k < last; ++k) {
        const double d = t < l.start[k] ? l.start[k] - t : (t > l.end[k] ? t - l.end[k] : 0);
        if (d < bestDist) {
            bestDist = d;
            best = k;
        }
        if (d == 0) break;
    }
    if (best == last) return {};
    return {int(l.launch[best]), int(l.record[best])};
}

TimelineLanes::Place TimelineLanes::find(const BlockRef& ref) const {
    if (!ref.valid() || std::size_t(ref.launch) + 1 >= m_launchOffset.size()) return {};
    const std::size_t i = m_launchOffset[ref.launch] + std::size_t(ref.record);
    if (i >= m_launchOffset[ref.launch + 1]) return {};
    const std::uint32_t lane = m_placeLane[i];
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        if (lane >= row.firstLane && lane < row.firstLane + row.laneCount)
            return {int(r), int(lane - row.firstLane), (long long)m_placeIndex[i]};
    }
    return {};
}

long long TimelineLanes::laneOf(const BlockRef& ref) const {
    if (!ref.valid() || std::size_t(ref.launch) + 1 >= m_launchOffset.size()) return -1;
    const std::size_t i = m_launchOffset[ref.launch] + std::size_t(ref.record);
    if (i >= m_launchOffset[ref.launch + 1]) return -1;
    return m_placeLane[i];
}

std::vector<std::uint32_t> TimelineLanes::rowsWorthDrawing() const {
    std::vector<std::uint32_t> used;
    for (std::uint32_t r = 0; r < rows.size(); ++r)
        if (rows[r].blocks) used.push_back(r);
    const bool few =
        used.size() <= kCompactSms || 4 * used.size() <= rows.size() || smIdsPastDevice();
    if (!used.empty() && few) return used;
    std::vector<std::uint32_t> all(rows.size());
    for (std::uint32_t r = 0; r < rows.size(); ++r) all[r] = r;
    return all;
}

std::size_t TimelineLanes::smsOnDevice() const {
    return smIdsPastDevice() ? deviceSms : rows.size();
}

std::size_t TimelineLanes::idleSms() const {
    std::size_t used = 0;
    for (const TimelineRow& r : rows) used += r.blocks ? 1 : 0;
    const std::size_t shown = rowsWorthDrawing().size();
    // Idle SMs drawn as rows are not counted again; past the device's count
    // there are none to count.
    return smsOnDevice() > std::max(used, shown) ? smsOnDevice() - std::max(used, shown) : 0;
}

}  // namespace ws
