#include "core/reduction/step_costs.h"

#include <algorithm>
#include <bit>
#include <map>

namespace ws {

std::vector<StepCost> stepCosts(const Launch& launch, std::uint32_t block) {
    const StepRecords& st = launch.steps;
    std::map<std::uint32_t, std::map<std::uint32_t, std::size_t>> byStep;  // step -> warp -> record
    for (std::size_t i = 0; i < st.size(); ++i)
        if (st.block[i] == block) byStep[st.step[i]][st.warp[i]] = i;
    std::vector<StepCost> out;
    for (const auto& [step, warps] : byStep) {
        StepCost c;
        c.step = step;
        bool haveClock = false;
        for (const auto& [warp, i] : warps) {
            const std::uint32_t mask = i < st.activeMask.size() ? st.activeMask[i] : 0;
            c.warps.push_back(warp);
            c.masks.push_back(mask);
            c.activeLanes += std::uint32_t(std::popcount(mask));
            c.activeWarps += mask != 0;
            c.divergentWarps += isDivergent(mask);
            if (i < st.clock.size()) {
                c.startClock = haveClock ? std::min(c.startClock, st.clock[i]) : st.clock[i];
                haveClock = true;
            }
        }
        if (!haveClock) c.startClock = -1;
        out.push_back(std::move(c));
    }
    for (std::size_t k = 0; k + 1 < out.size(); ++k)
        if (out[k].startClock >= 0 && out[k + 1].startClock >= out[k].startClock)
            out[k].cycles = out[k + 1].startClock - out[k].startClock;
    if (!out.empty() && out.back().startClock >= 0) {
        const BlockRecords& b = launch.blocks;
        for (std::size_t i = 0; i < b.size(); ++i)
            if (b.block[i] == block && i < b.endClock.size() &&
                b.endClock[i] >= out.back().startClock)
                out.back().cycles = b.endClock[i] - out.back().startClock;
    }
    return out;
}

}  // namespace ws
