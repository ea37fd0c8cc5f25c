#include "core/reduction/reduction_tree_layout.h"

#include <algorithm>

namespace ws {

ReductionTreeLayout ReductionTreeLayout::build(const std::vector<PlanStep>& plan,
                                               std::uint32_t threads, std::uint32_t firstSlot,
                                               std::uint32_t slotCount) {
    ReductionTreeLayout t;
    t.threads = threads;
    t.firstSlot = std::min(firstSlot, threads == 0 ? 0 : threads - 1);
    t.slotCount = slotCount == 0 ? threads : std::min(slotCount, threads - t.firstSlot);
    t.levels = std::uint32_t(plan.size()) + 1;
    t.nodes.resize(t.levels);
    t.edges.resize(t.levels);
    // Every slot, not only the window's, so an edge from outside knows its level.
    t.m_written.assign(threads, std::vector<std::uint32_t>{0});
    for (std::uint32_t s = t.firstSlot; s < t.firstSlot + t.slotCount; ++s)
        t.nodes[0].push_back({0, s, s});
    for (std::uint32_t k = 1; k < t.levels; ++k) {
        const PlanStep& step = plan[k - 1];
        for (const Combine& c : step.combines) {
            if (c.dst >= threads) continue;
            if (t.inWindow(c.dst)) {
                t.nodes[k].push_back({k, c.dst, c.thread});
                t.edges[k].push_back(
                    {t.m_written[c.dst].back(), c.dst, k, c.dst, false, false, false});
                TreeEdge right{0, c.src, k, c.dst, true, !t.inWindow(c.src), c.srcIsPadding};
                if (!c.srcIsPadding && c.src < threads) right.fromLevel = t.m_written[c.src].back();
                t.edges[k].push_back(right);
            }
        }
        // Writes become visible after the step: combines read values from before it.
        for (const Combine& c : step.combines)
            if (c.dst < threads) t.m_written[c.dst].push_back(k);
        std::sort(t.nodes[k].begin(), t.nodes[k].end(),
                  [](const TreeNode& a, const TreeNode& b) { return a.slot < b.slot; });
    }
    return t;
}

double ReductionTreeLayout::slotX(std::uint32_t slot, double left, double width) const {
    if (slotCount == 0) return left;
    const double column = width / slotCount;
    if (slot < firstSlot) return left - column / 2;
    if (slot >= firstSlot + slotCount) return left + width + column / 2;
    return left + (double(slot - firstSlot) + 0.5) * column;
}

double ReductionTreeLayout::levelY(std::uint32_t level, double top, double height) const {
    if (levels <= 1) return top + height / 2;
    return top + height * double(level) / double(levels - 1);
}

const TreeNode* ReductionTreeLayout::node(std::uint32_t level, std::uint32_t slot) const {
    if (level >= nodes.size()) return nullptr;
    const auto& row = nodes[level];
    const auto it = std::lower_bound(row.begin(), row.end(), slot,
                                     [](const TreeNode& n, std::uint32_t s) { return n.slot < s; });
    return it != row.end() && it->slot == slot ? &*it : nullptr;
}

std::uint32_t ReductionTreeLayout::lastWrite(std::uint32_t slot, std::uint32_t level) const {
    if (slot >= m_written.size()) return 0;
    const auto& w = m_written[slot];
    const auto it = std::upper_bound(w.begin(), w.end(), level);
    return it == w.begin() ? 0 : *(it - 1);
}

}  // namespace ws
