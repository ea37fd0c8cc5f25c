// The constant cache's model: d distinct indices among the lanes take d
// passes and touch d sectors, for every count the run measures, wherever
// the loop's offset moves them; the lane sums the kernel must produce.
#include "core/memkinds/constant_broadcast.h"

#include <gtest/gtest.h>

#include <set>

namespace ws::memkinds {
namespace {

TEST(ConstantBroadcast, PassesAndSectorsForEveryDistinctCount) {
    const std::vector<std::uint32_t> expected = {1, 2, 4, 8, 16, 32};
    ASSERT_EQ(distinctCounts(), expected);
    for (std::uint32_t d : distinctCounts())
        for (std::uint32_t i : {0u, 1u, 7u, 31u, 32u, 1000u}) {
            const auto lanes = laneIndices(d, iterationOffset(i));
            ASSERT_EQ(lanes.size(), 32u);
            EXPECT_EQ(constantPasses(lanes), d) << d << " at iteration " << i;
            EXPECT_EQ(sectorsTouched(lanes), d) << d << " at iteration " << i;
            // Every word a warp reads lies in the first KiB: the SM's 2 KiB
            // constant cache holds them all.
            for (std::uint32_t w : lanes) EXPECT_LT(w * 4, 1024u);
        }
}

TEST(ConstantBroadcast, LaneLayout) {
    const auto lanes = laneIndices(4, 3);
    EXPECT_EQ(lanes[0], 3u);
    EXPECT_EQ(lanes[1], 11u);  // 8 words (one sector) apart
    EXPECT_EQ(lanes[3], 27u);
    EXPECT_EQ(lanes[4], 3u);
    EXPECT_EQ(constantPasses({5, 5, 5}), 1u);
    EXPECT_EQ(sectorsTouched({0, 7}), 1u);  // one 32-byte sector
    EXPECT_EQ(sectorsTouched({7, 8}), 2u);
}

TEST(ConstantBroadcast, LaneSumsFollowTheValues) {
    for (std::uint32_t d : distinctCounts())
        for (std::uint32_t lane : {0u, 5u, 31u}) {
            std::uint64_t sum = 0;
            for (std::uint32_t i = 0; i < 100; ++i)
                sum += constantValue(laneIndices(d, iterationOffset(i))[lane]);
            EXPECT_EQ(expectedLaneSum(lane, d, 100), sum);
        }
    // Lanes reading the same word sum the same.
    EXPECT_EQ(expectedLaneSum(0, 1, 64), expectedLaneSum(31, 1, 64));
    EXPECT_NE(expectedLaneSum(0, 2, 64), expectedLaneSum(1, 2, 64));
}

}  // namespace
}  // namespace ws::memkinds
