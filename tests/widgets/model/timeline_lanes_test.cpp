#include "widgets/model/timeline_lanes.h"

#include <gtest/gtest.h>

#include <random>

#include "core/run/synthetic_run.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/timeline/timeline_view.h"

namespace ws {
namespace {

TEST(TimelineLanes, GroupsBlocksBySmAndSlot) {
    const auto p = test::smallPrepared();
    const auto& L = p->lanes;
    EXPECT_EQ(L.blockCount, 16u);
    ASSERT_EQ(L.rows.size(), 4u);
    EXPECT_EQ(L.maxSlots, 2u);
    ASSERT_EQ(L.waveStart.size(), 1u);  // one launch
    ASSERT_EQ(L.waveStart[0].size(), 2u);
    EXPECT_DOUBLE_EQ(L.waveStart[0][0], 0);
    EXPECT_DOUBLE_EQ(L.waveStart[0][1], 1000);
    EXPECT_EQ(L.waveCount(), 2u);
    for (const auto& row : L.rows) {
        EXPECT_EQ(row.laneCount, 2u);
        EXPECT_EQ(row.blocks, 4u);
        for (std::uint32_t s = 0; s < row.laneCount; ++s)
            EXPECT_EQ(L.lanes[row.firstLane + s].size(), 2u);
    }
}

TEST(TimelineLanes, CountsWavesPerLaunch) {
    // A second launch of one block after the first: its own launch, not a third wave.
    ws::Run r = test::smallRun();
    Launch final = r.launches[0];
    final.grid = {1, 1, 1};
    final.blocks.resize(1);
    final.steps = {};
    final.blocks.startNs[0] += 3000;
    final.blocks.endNs[0] = final.blocks.startNs[0] + 500;
    r.launches.push_back(final);
    const auto p = prepareRun(std::make_shared<const ws::Run>(std::move(r)));
    ASSERT_EQ(p->lanes.waveStart.size(), 2u);
    EXPECT_EQ(p->lanes.waveStart[0].size(), 2u);
    EXPECT_EQ(p->lanes.waveStart[1].size(), 1u);
    EXPECT_EQ(p->lanes.waveCount(), 2u);
    EXPECT_EQ(p->launchAt(3100), 1);
}

// Short blocks handed out unevenly: one SM runs 10 in turn while three run
// one each. The busiest slot has 10 waves; the slots had 13 / 4 on average.
TEST(TimelineLanes, TheBusiestSlotsWavesAndTheMean) {
    ws::Run r = test::smallRun();
    Launch& l = r.launches[0];
    l.grid = {13, 1, 1};
    l.blocks.resize(13);
    for (std::uint32_t b = 0; b < 13; ++b) {
        l.blocks.block[b] = b;
        l.blocks.sm[b] = b < 10 ? 0 : b - 9;
        l.blocks.startNs[b] = l.blocks.startNs[0] + (b < 10 ? b * 100 : 0);
        l.blocks.endNs[b] = l.blocks.startNs[b] + 90;
    }
    l.steps = {};
    const auto p = prepareRun(std::make_shared<const ws::Run>(std::move(r)));
    ASSERT_TRUE(p) << "prepared";
    EXPECT_EQ(p->lanes.waveCount(), 10u);
    EXPECT_DOUBLE_EQ(p->lanes.meanWaves, 13.0 / 4.0);
    EXPECT_EQ(TimelineView::wavesText(10, 3.0).toStdString(), "10 waves at most, 3.0 on average");
    EXPECT_EQ(TimelineView::wavesText(56, 15.5).toStdString(), "56 waves at most, 16 on average");
    EXPECT_EQ(TimelineView::wavesText(2, 2.0).toStdString(), "2 waves");
    EXPECT_EQ(TimelineView::wavesText(1, 1.0).toStdString(), "1 wave");
}

TEST(TimelineLanes, FindsBlocksByTimeAndBack) {
    const auto p = test::smallPrepared();
    const auto& L = p->lanes;
    for (int record = 0; record < 16; ++record) {
        const auto place = L.find({0, record});
        ASSERT_GE(place.row, 0);
        EXPECT_EQ(std::uint32_t(place.row), p->run->launches[0].blocks.sm[record]);
        const double mid = p->startOf({0, record}) + 450;
        EXPECT_EQ(L.blockAt(place.row, place.lane, mid, 0), (BlockRef{0, record}));
    }
    EXPECT_FALSE(L.blockAt(0, 0, 950, 10).valid());  // the gap between the waves
}

TEST(TimelineLanes, VisibleRangeMatchesBruteForceOnALargeRun) {
    auto run = std::make_shared<const ws::Run>(makeSyntheticRun(20000, 132, 3));
    const auto p = prepareRun(run);
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> t(0, p->spanEnd);
    std::size_t total = 0;
    for (const auto& lane : p->lanes.lanes) total += lane.size();
    EXPECT_EQ(total, 20000u);
    for (int trial = 0; trial < 50; ++trial) {
        double a = t(rng), b = t(rng);
        if (a > b) std::swap(a, b);
        for (std::size_t l = 0; l < p->lanes.lanes.size(); l += 37) {
            const auto& lane = p->lanes.lanes[l];
            const auto [first, last] = lane.visible(a, b);
            std::size_t brute = 0;
            for (std::size_t k = 0; k < lane.size(); ++k)
                if (lane.end[k] > a && lane.start[k] <= b) ++brute;
            EXPECT_EQ(last - first, brute);
        }
    }
}

}  // namespace
}  // namespace ws
