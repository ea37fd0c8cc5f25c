#include "core/figures/residency_slots.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>

namespace ws {

namespace {
constexpr std::uint32_t kMaxSmIdForSlots = 65535;
}

SlotAssignment assignResidencySlots(const BlockRecords& blocks) {
    SlotAssignment out;
    const std::size_t n = blocks.size();
    out.slot.assign(n, 0);
    // Views may call this on records not yet validated: inconsistent arrays
    // get slot 0 everywhere rather than an out-of-bounds read.
    if (n == 0 || blocks.sm.size() != n || blocks.startNs.size() != n || blocks.endNs.size() != n)
        return out;
    const std::uint32_t maxSm = *std::max_element(blocks.sm.begin(), blocks.sm.end());
    // The per-SM table is indexed by id; validateRun caps ids at 65535, and
    // unvalidated records beyond that must not make it allocate gigabytes.
    if (maxSm > kMaxSmIdForSlots) return out;
    out.slotsPerSm.assign(std::size_t(maxSm) + 1, 0);

    // Sweep blocks by (SM, start): per SM, the busy slots sit in a heap keyed
    // by end time and the freed slot indices in a heap of their own, so the
    // lowest free index is reused. Greedy by start time is optimal for
    // interval graphs: the slot count equals the largest overlap.
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (blocks.sm[a] != blocks.sm[b]) return blocks.sm[a] < blocks.sm[b];
        if (blocks.startNs[a] != blocks.startNs[b]) return blocks.startNs[a] < blocks.startNs[b];
        return a < b;
    });

    using Busy = std::pair<std::uint64_t, std::uint32_t>;  // (end, slot)
    std::priority_queue<Busy, std::vector<Busy>, std::greater<>> busy;
    std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> freed;
    std::uint32_t opened = 0;
    std::uint32_t currentSm = blocks.sm[order[0]];
    auto finishSm = [&] {
        out.slotsPerSm[currentSm] = opened;
        out.maxSlots = std::max(out.maxSlots, opened);
        busy = {};
        freed = {};
        opened = 0;
    };
    for (std::uint32_t i : order) {
        if (blocks.sm[i] != currentSm) {
            finishSm();
            currentSm = blocks.sm[i];
        }
        const std::uint64_t start = blocks.startNs[i];
        // A block that ended when this one starts does not overlap it.
        // Inverted records (end < start, clock skew) occupy an instant.
        const std::uint64_t end = std::max(start, blocks.endNs[i]);
        while (!busy.empty() && busy.top().first <= start) {
            freed.push(busy.top().second);
            busy.pop();
        }
        std::uint32_t slot;
        if (!freed.empty()) {
            slot = freed.top();
            freed.pop();
        } else {
            slot = opened++;
        }
        out.slot[i] = slot;
        busy.push({end, slot});
    }
    finishSm();
    return out;
}

}  // namespace ws
