// The L2 split: a bimodal set of SM latencies falls in two groups with the
// right members and means; a unimodal one, or one slow SM, stays one level.
#include "core/memkinds/l2_partitions.h"

#include <gtest/gtest.h>

namespace ws::memkinds {
namespace {

double jitter(std::uint32_t i) { return double((i * 37) % 11) - 5; }  // -5 .. 5

TEST(L2Partitions, BimodalSplitsInTwo) {
    std::vector<SmLatency> points;
    std::vector<std::uint32_t> nearExpected, farExpected;
    for (std::uint32_t sm = 0; sm < 132; ++sm) {
        // Alternating halves, as %smid numbers TPCs across the two sides.
        const bool near = (sm / 2) % 2 == 0;
        const double c = (near ? 210 : 280) + jitter(sm);
        points.push_back({sm, c, c / 1.755, 0, 0});
        (near ? nearExpected : farExpected).push_back(sm);
    }
    const L2Split s = splitL2Partitions(points);
    EXPECT_TRUE(s.split);
    EXPECT_EQ(s.nearSms, nearExpected);
    EXPECT_EQ(s.farSms, farExpected);
    EXPECT_NEAR(s.nearCycles, 210, 1.5);
    EXPECT_NEAR(s.farCycles, 280, 1.5);
    EXPECT_NEAR(s.nearNs, 210 / 1.755, 1);
    EXPECT_NEAR(s.farNs, 280 / 1.755, 1);
    EXPECT_EQ(s.minCycles, 205);
    EXPECT_EQ(s.maxCycles, 285);
}

TEST(L2Partitions, UnimodalStaysOneLevel) {
    std::vector<SmLatency> points;
    for (std::uint32_t sm = 0; sm < 132; ++sm) {
        const double c = 250 + jitter(sm) * 1.6;  // 242 to 258
        points.push_back({131 - sm, c, c / 1.755, 0, 0});
    }
    const L2Split s = splitL2Partitions(points);
    EXPECT_FALSE(s.split);
    ASSERT_EQ(s.nearSms.size(), 132u);
    EXPECT_TRUE(s.farSms.empty());
    EXPECT_EQ(s.nearSms.front(), 0u);  // sorted by SM
    EXPECT_EQ(s.nearSms.back(), 131u);
    EXPECT_NEAR(s.nearCycles, 250, 1);
    EXPECT_EQ(s.minCycles, 242);
    EXPECT_EQ(s.maxCycles, 258);
}

TEST(L2Partitions, SmallGapsAndLoneOutliersAreNoPartition) {
    // Two groups 2% apart: below the 5% a partition must stand out by.
    std::vector<SmLatency> close;
    for (std::uint32_t sm = 0; sm < 20; ++sm)
        close.push_back({sm, sm < 10 ? 250.0 : 255.0, 140, 0, 0});
    EXPECT_FALSE(splitL2Partitions(close).split);
    EXPECT_TRUE(splitL2Partitions(close, 1).split);
    // One slow SM is not a partition.
    std::vector<SmLatency> outlier;
    for (std::uint32_t sm = 0; sm < 20; ++sm)
        outlier.push_back({sm, sm == 4 ? 400.0 : 250.0, 140, 0, 0});
    EXPECT_FALSE(splitL2Partitions(outlier).split);
    EXPECT_FALSE(splitL2Partitions({}).split);
    EXPECT_FALSE(splitL2Partitions({{3, 250, 140, 0, 0}}).split);
}

}  // namespace
}  // namespace ws::memkinds
