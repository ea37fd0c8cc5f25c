#include "core/basics/greeting_order.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace ws {

std::vector<std::uint32_t> greetingPositions(const std::vector<Greeting>& greetings,
                                             GreetingOrder order) {
    std::vector<std::size_t> index(greetings.size());
    std::iota(index.begin(), index.end(), 0);
    auto key = [&](std::size_t i) {
        const Greeting& g = greetings[i];
        switch (order) {
            case GreetingOrder::Printed:
                return std::pair<std::uint64_t, std::uint64_t>{g.printed, g.ticket};
            case GreetingOrder::Ticket:
                return std::pair<std::uint64_t, std::uint64_t>{g.ticket, 0};
            case GreetingOrder::Time:
                return std::pair<std::uint64_t, std::uint64_t>{g.timeNs, g.ticket};
        }
        return std::pair<std::uint64_t, std::uint64_t>{0, 0};
    };
    std::stable_sort(index.begin(), index.end(),
                     [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    std::vector<std::uint32_t> position(greetings.size());
    for (std::size_t p = 0; p < index.size(); ++p) position[index[p]] = std::uint32_t(p);
    return position;
}

namespace {
// Greetings indexed by position.
std::vector<std::size_t> byPosition(const std::vector<Greeting>& greetings, GreetingOrder order) {
    const auto position = greetingPositions(greetings, order);
    std::vector<std::size_t> at(greetings.size());
    for (std::size_t i = 0; i < greetings.size(); ++i) at[position[i]] = i;
    return at;
}
WarpId warpOf(const Greeting& g) { return {g.block, g.warp}; }
}  // namespace

std::vector<WarpRun> warpRuns(const std::vector<Greeting>& greetings, GreetingOrder order) {
    std::vector<WarpRun> runs;
    const auto at = byPosition(greetings, order);
    for (std::size_t p = 0; p < at.size(); ++p) {
        const WarpId w = warpOf(greetings[at[p]]);
        if (!runs.empty() && runs.back().warp == w)
            ++runs.back().count;
        else
            runs.push_back({w, std::uint32_t(p), 1});
    }
    return runs;
}

std::vector<WarpId> warpOrder(const std::vector<Greeting>& greetings, GreetingOrder order) {
    std::vector<WarpId> out;
    std::set<WarpId> seen;
    for (std::size_t i : byPosition(greetings, order)) {
        const WarpId w = warpOf(greetings[i]);
        if (seen.insert(w).second) out.push_back(w);
    }
    return out;
}

OrderSummary summarizeOrder(const std::vector<Greeting>& greetings, GreetingOrder order) {
    OrderSummary s;
    s.greetings = greetings.size();
    std::set<WarpId> warps;
    std::set<std::uint32_t> blocks;
    for (const Greeting& g : greetings) {
        warps.insert(warpOf(g));
        blocks.insert(g.block);
    }
    s.warps = warps.size();
    s.blocks = blocks.size();
    s.runs = warpRuns(greetings, order).size();
    const auto at = byPosition(greetings, order);
    for (std::size_t p = 1; p < at.size(); ++p)
        if (greetings[at[p]].block != greetings[at[p - 1]].block) ++s.blockSwitches;
    return s;
}

std::size_t warpsMoved(const std::vector<WarpId>& a, const std::vector<WarpId>& b) {
    std::map<WarpId, std::size_t> rankInB;
    for (std::size_t i = 0; i < b.size(); ++i) rankInB[b[i]] = i;
    std::size_t moved = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto it = rankInB.find(a[i]);
        if (it == rankInB.end() || it->second != i) ++moved;
    }
    for (const WarpId& w : b)
        if (std::find(a.begin(), a.end(), w) == a.end()) ++moved;
    return moved;
}

}  // namespace ws
