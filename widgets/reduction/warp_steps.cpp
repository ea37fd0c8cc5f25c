#include "widgets/reduction/warp_steps.h"

#include <algorithm>
#include <limits>

namespace ws {

WarpStepTable WarpStepTable::build(const PreparedRun& prepared, const BlockRef& ref) {
    WarpStepTable t;
    t.block = ref;
    const Launch* l = prepared.launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return t;
    t.threads = std::uint32_t(l->block.count());
    const auto& st = l->steps;
    t.source = &st;
    const std::uint32_t id = l->blocks.block[ref.record];
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < st.size(); ++i)
        if (st.block[i] == id) mine.push_back(i);
    if (mine.empty()) return t;
    for (auto i : mine) {
        t.warps.push_back(st.warp[i]);
        t.steps.push_back(st.step[i]);
    }
    auto uniq = [](std::vector<std::uint32_t>& v) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    };
    uniq(t.warps);
    uniq(t.steps);
    t.records.assign(t.warps.size() * t.steps.size(), -1);
    t.stepTime.assign(t.steps.size(), std::numeric_limits<double>::max());
    for (auto i : mine) {
        const auto w =
            std::lower_bound(t.warps.begin(), t.warps.end(), st.warp[i]) - t.warps.begin();
        const auto s =
            std::lower_bound(t.steps.begin(), t.steps.end(), st.step[i]) - t.steps.begin();
        t.records[std::size_t(w) * t.steps.size() + std::size_t(s)] = std::int64_t(i);
        if (i < st.clock.size())
            t.stepTime[s] = std::min(t.stepTime[s], clockToNs(prepared, ref, st.clock[i]));
    }
    // Steps without a clock inherit the previous one so the order stays monotonic.
    double last = prepared.startOf(ref);
    for (auto& time : t.stepTime) {
        if (time == std::numeric_limits<double>::max()) time = last;
        time = std::max(time, last);
        last = time;
    }
    return t;
}

int WarpStepTable::stepAt(double time) const {
    const auto it = std::upper_bound(stepTime.begin(), stepTime.end(), time);
    return int(it - stepTime.begin()) - 1;
}

std::int64_t WarpStepTable::record(std::size_t warpRow, std::size_t stepCol) const {
    if (warpRow >= warps.size() || stepCol >= steps.size()) return -1;
    return records[warpRow * steps.size() + stepCol];
}

}  // namespace ws
