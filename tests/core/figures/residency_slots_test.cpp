#include "core/figures/residency_slots.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/run/synthetic_run.h"
#include "tests/core/support/hand_block_records.h"

namespace ws {
namespace {

BlockRecords records(
    std::initializer_list<std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>> list) {
    return handBlockRecords(list);
}

TEST(ResidencySlots, HandCaseIsOptimal) {
    // SM 0: [0,10) [2,5) [5,9) [6,12) [10,11): at most three overlap (t=6..9).
    // SM 2: one block. SM 1 never appears.
    const auto b = records({{0, 0, 10}, {0, 2, 5}, {0, 5, 9}, {0, 6, 12}, {0, 10, 11}, {2, 3, 4}});
    const auto s = assignResidencySlots(b);
    EXPECT_EQ(s.slot, (std::vector<std::uint32_t>{0, 1, 1, 2, 0, 0}));
    EXPECT_EQ(s.slotsPerSm, (std::vector<std::uint32_t>{3, 0, 1}));
    EXPECT_EQ(s.maxSlots, 3u);
}

TEST(ResidencySlots, TouchingBlocksShareASlot) {
    const auto s = assignResidencySlots(records({{0, 0, 32}, {0, 32, 64}, {0, 64, 96}}));
    EXPECT_EQ(s.slot, (std::vector<std::uint32_t>{0, 0, 0}));
    EXPECT_EQ(s.maxSlots, 1u);
}

TEST(ResidencySlots, EmptyAndInconsistentRecords) {
    EXPECT_EQ(assignResidencySlots(BlockRecords{}).maxSlots, 0u);
    BlockRecords bad = records({{0, 0, 1}, {0, 0, 1}});
    bad.endNs.pop_back();
    const auto s = assignResidencySlots(bad);
    EXPECT_EQ(s.slot.size(), 2u);
    // An unvalidated SM id near 2^32 must not size a per-SM table.
    const auto huge = assignResidencySlots(records({{0xfffffff0u, 0, 1}}));
    EXPECT_EQ(huge.slot.size(), 1u);
    EXPECT_TRUE(huge.slotsPerSm.empty());
}

TEST(ResidencySlots, SyntheticScheduleNeverOverlapsWithinASlot) {
    const ws::Run run = makeSyntheticRun(5000, 16, 3);
    const auto& b = run.launches[0].blocks;
    const auto s = assignResidencySlots(b);
    EXPECT_EQ(s.maxSlots, 8u);  // the generator keeps 8 blocks resident per SM
    std::vector<std::size_t> order(b.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](auto x, auto y) {
        return std::tie(b.sm[x], s.slot[x], b.startNs[x]) <
               std::tie(b.sm[y], s.slot[y], b.startNs[y]);
    });
    for (std::size_t k = 1; k < order.size(); ++k) {
        const auto p = order[k - 1], q = order[k];
        if (b.sm[p] == b.sm[q] && s.slot[p] == s.slot[q]) EXPECT_LE(b.endNs[p], b.startNs[q]);
    }
}

}  // namespace
}  // namespace ws
