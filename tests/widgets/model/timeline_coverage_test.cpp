#include "widgets/model/timeline_coverage.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "widgets/model/timeline_lanes.h"

namespace ws {
namespace {

// A lane as TimelineLanes builds one: sorted, non-overlapping blocks with gaps,
// some of zero length, some far wider than the rest, waves counting up.
TimelineLane randomLane(std::mt19937_64& rng, std::size_t n, double meanLength) {
    std::exponential_distribution<double> length(1 / meanLength), gap(2 / meanLength);
    std::uniform_real_distribution<double> unit(0, 1);
    TimelineLane lane;
    double t = 1000 * unit(rng);
    for (std::size_t k = 0; k < n; ++k) {
        t += unit(rng) < 0.3 ? 0 : gap(rng);
        double d = length(rng);
        if (unit(rng) < 0.05) d = 0;
        if (unit(rng) < 0.02) d *= 400;
        lane.start.push_back(t);
        lane.end.push_back(t + d);
        lane.wave.push_back(std::uint32_t(k / 3));
        t += d;
    }
    lane.summary = LaneSummary::build(lane.start, lane.end, lane.wave);
    return lane;
}

CoveredTime bruteCovered(const TimelineLane& lane, double t) {
    CoveredTime c;
    for (std::size_t k = 0; k < lane.size(); ++k) {
        const double part = std::clamp(t, lane.start[k], lane.end[k]) - lane.start[k];
        c.all += part;
        if (lane.wave[k] & 1) c.odd += part;
    }
    return c;
}

TEST(TimelineCoverage, PrefixSumsEqualBruteForceAtAnyTime) {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 20; ++trial) {
        const TimelineLane lane = randomLane(rng, 1 + rng() % 400, 50);
        const double endT = lane.end.back() + 100;
        std::uniform_real_distribution<double> when(-100, endT);
        for (int q = 0; q < 200; ++q) {
            // Random times, block boundaries exactly, and both ends of the lane.
            double t = when(rng);
            if (q % 4 == 1) t = lane.start[rng() % lane.size()];
            if (q % 4 == 2) t = lane.end[rng() % lane.size()];
            const CoveredTime got = coveredBefore(lane, t), want = bruteCovered(lane, t);
            EXPECT_NEAR(got.all, want.all, 1e-9 * (1 + want.all)) << "t=" << t;
            EXPECT_NEAR(got.odd, want.odd, 1e-9 * (1 + want.odd)) << "t=" << t;
            // Any range [t0, t1) is C(t1) - C(t0).
            const double t0 = when(rng), t1 = t0 + std::abs(when(rng)) / 10;
            const double range = coveredBefore(lane, t1).all - coveredBefore(lane, t0).all;
            EXPECT_NEAR(range, bruteCovered(lane, t1).all - bruteCovered(lane, t0).all,
                        1e-9 * (1 + want.all));
        }
    }
}

TEST(TimelineCoverage, PyramidBoundsTheLongestBlockOfEveryStretch) {
    std::mt19937_64 rng(5);
    const TimelineLane lane = randomLane(rng, 1000, 20);
    const auto& longest = lane.summary.longest;
    ASSERT_GE(longest.size(), 2u);
    EXPECT_EQ(longest.back().size(), 1u);
    for (std::size_t level = 1; level < longest.size(); ++level)
        for (std::size_t i = 0; i < longest[level].size(); ++i) {
            double most = 0;
            for (std::size_t k = i << level; k < std::min(lane.size(), (i + 1) << level); ++k)
                most = std::max(most, lane.end[k] - lane.start[k]);
            EXPECT_GE(double(longest[level][i]), most);
            EXPECT_LE(double(longest[level][i]), most * (1 + 1e-6));
        }
}

// Reading by sums draws what visiting the blocks draws: the same covered,
// empty and edge columns, coverage equal but for each block's rounding down
// to a whole unit, and a single block's column in that block's tone.
TEST(TimelineCoverage, SumsMatchBlocksColumnByColumn) {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 60; ++trial) {
        const double meanLength = trial % 3 == 0 ? 2 : (trial % 3 == 1 ? 40 : 400);
        const TimelineLane lane = randomLane(rng, 200 + rng() % 3000, meanLength);
        const double endT = lane.end.back();
        TimelineData view;
        view.setFullRange(0, endT);
        view.width = double(50 + rng() % 700);
        const int width = int(view.width);
        std::uniform_real_distribution<double> where(0, view.width);
        view.zoom(std::pow(10.0, std::uniform_real_distribution<double>(0, 3)(rng)), where(rng));
        std::vector<CoverageColumn> byBlocks(width), bySums(width);
        addCoverageByBlocks(lane, view, width, byBlocks.data());
        addCoverageBySums(lane, view, width, bySums.data());
        const double slack = view.nsPerPixel();
        for (int c = 0; c < width; ++c) {
            const CoverageColumn a = byBlocks[c], b = bySums[c];
            // Blocks touching the column bound the rounding of the block pass.
            const double t0 = view.viewStart + c * slack, t1 = t0 + slack;
            const auto [first, last] = lane.visible(t0, t1);
            const int tolerance = int(last - first) + 1;
            ASSERT_NEAR(std::min<int>(a.coverage, 65535), b.coverage, tolerance)
                << "trial " << trial << " column " << c;
            EXPECT_EQ(a.coverage == 0, b.coverage == 0) << "trial " << trial << " column " << c;
            EXPECT_EQ(a.flags & kColumnEdge, b.flags & kColumnEdge)
                << "trial " << trial << " column " << c;
            if (last - first == 1 && lane.end[first] > lane.start[first])
                EXPECT_EQ(a.flags & kColumnParity, b.flags & kColumnParity)
                    << "trial " << trial << " column " << c;
        }
    }
}

TEST(TimelineCoverage, ChoosesSumsOnlyWhereTheyVisitLess) {
    std::mt19937_64 rng(3);
    const TimelineLane lane = randomLane(rng, 20000, 10);
    TimelineData view;
    view.setFullRange(0, lane.end.back());
    view.width = 400;
    std::vector<CoverageColumn> out(400);
    // Zoomed out: 50 blocks a column, read by sums.
    const std::size_t zoomedOut = addCoverage(lane, view, 400, out.data());
    EXPECT_LT(zoomedOut, lane.size() / 4);
    // Zoomed in to a few blocks: visited one by one.
    view.zoom(2000, 200);
    std::fill(out.begin(), out.end(), CoverageColumn{});
    const auto [first, last] =
        lane.visible(view.viewStart - view.nsPerPixel(), view.viewEnd + view.nsPerPixel());
    EXPECT_EQ(addCoverage(lane, view, 400, out.data()), last - first);
}

// A coarse frame's groups keep the lane's covered time (up to one unit of
// rounding per column a group touches) and where it lies, within a group's
// columns; they visit a group per 2^level blocks.
TEST(TimelineCoverage, SegmentsKeepTheCoveredTimeAndVisitFewer) {
    std::mt19937_64 rng(5);
    for (int level : {2, 3}) {
        const TimelineLane lane = randomLane(rng, 4000, 10);
        TimelineData view;
        view.setFullRange(0, lane.end.back());
        const int width = 4000;
        view.width = width;
        std::vector<CoverageColumn> byBlocks(width), bySegments(width);
        addCoverageByBlocks(lane, view, width, byBlocks.data());
        const std::size_t visited =
            addCoverageBySegments(lane, view, width, level, bySegments.data());
        EXPECT_LE(visited, lane.size() / (std::size_t(1) << level) + 2);
        const double units = kCoverageUnit * width / view.span();
        const double want = lane.summary.covered.back() * units;
        double got = 0, blocks = 0;
        for (int c = 0; c < width; ++c) {
            got += bySegments[c].coverage;
            blocks += byBlocks[c].coverage;
        }
        // Each group rounds down once per column and shows at least one unit.
        const double groups = double(visited), touched = groups * 10;
        EXPECT_NEAR(got, want, touched + 0.001 * want) << "level " << level;
        EXPECT_NEAR(blocks, want, 4.0 * lane.size() + 0.001 * want) << "level " << level;
        // The picture moves by less than a group: coverage summed over
        // stretches of 64 columns agrees.
        for (int c0 = 0; c0 + 64 <= width; c0 += 64) {
            double a = 0, b = 0;
            for (int c = c0; c < c0 + 64; ++c) {
                a += byBlocks[c].coverage;
                b += bySegments[c].coverage;
            }
            EXPECT_NEAR(a, b, 0.25 * 64 * kCoverageUnit + 0.2 * a)
                << "level " << level << " columns " << c0;
        }
    }
    // Level 0 is the block pass.
    const TimelineLane lane = randomLane(rng, 300, 10);
    TimelineData view;
    view.setFullRange(0, lane.end.back());
    view.width = 500;
    std::vector<CoverageColumn> a(500), b(500);
    addCoverageByBlocks(lane, view, 500, a.data());
    addCoverageBySegments(lane, view, 500, 0, b.data());
    for (int c = 0; c < 500; ++c) EXPECT_EQ(a[c].coverage, b[c].coverage);
}

// A coarse frame takes narrow blocks in groups; a settled one never does.
TEST(TimelineCoverage, CoarseFramesGroupNarrowBlocks) {
    std::mt19937_64 rng(9);
    const TimelineLane lane = randomLane(rng, 2000, 10);
    TimelineData view;
    view.setFullRange(0, lane.end.back());
    const int width = 3000;  // about 0.7 blocks a column: eights
    view.width = width;
    std::vector<CoverageColumn> out(width);
    const auto [first, last] =
        lane.visible(view.viewStart - view.nsPerPixel(), view.viewEnd + view.nsPerPixel());
    EXPECT_EQ(addCoverage(lane, view, width, out.data()), last - first);
    std::fill(out.begin(), out.end(), CoverageColumn{});
    EXPECT_LE(addCoverage(lane, view, width, out.data(), true), (last - first) / 8 + 2);
}

}  // namespace
}  // namespace ws
