#include "widgets/model/prepared_run.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/widgets/support/qt_test_support.h"
#include "widgets/reduction/warp_steps.h"

namespace ws {
namespace {

TEST(PreparedRun, TimesAreRelativeToTheFirstBlock) {
    const auto p = test::smallPrepared();
    EXPECT_DOUBLE_EQ(p->spanEnd, 1900);
    EXPECT_DOUBLE_EQ(p->startOf({0, 9}), 1000);
    EXPECT_EQ(p->stateAt({0, 0}, 500), BlockState::Running);
    EXPECT_EQ(p->stateAt({0, 0}, 900), BlockState::Done);
    EXPECT_EQ(p->stateAt({0, 9}, 500), BlockState::Waiting);
    EXPECT_EQ(p->refOfBlock(0, 11), (BlockRef{0, 11}));
}

TEST(PreparedRun, ABlockThatEndsBeforeItStartsHasNoLength) {
    // Decoding keeps such a damaged record (only the views meet it): it must
    // not run backwards, nor map its step clocks outside its start.
    ws::Run run = test::smallRun();
    auto& b = run.launches[0].blocks;
    b.endNs[3] = b.startNs[3] - 400;
    b.endNs[5] = 0;
    const auto p = prepareRun(std::make_shared<const ws::Run>(run));
    for (int record : {3, 5}) {
        const BlockRef ref{0, record};
        EXPECT_EQ(p->endOf(ref), p->startOf(ref)) << record;
        const std::int64_t c0 = b.startClock[std::size_t(record)];
        for (std::int64_t clock : {c0 - 100, c0, c0 + 900, c0 + 5000})
            EXPECT_EQ(clockToNs(*p, ref, clock), p->startOf(ref)) << record << " " << clock;
    }
    EXPECT_DOUBLE_EQ(clockToNs(*p, {0, 4}, b.startClock[4] + 900), p->startOf({0, 4}) + 450);
}

TEST(PreparedRun, StepsVisitEveryChange) {
    const auto p = test::smallPrepared();
    const auto& s = p->steps;
    EXPECT_TRUE(std::is_sorted(s.begin(), s.end()));
    for (double t : {0.0, 900.0, 1000.0, 1900.0, 50.0, 150.0, 750.0})
        EXPECT_TRUE(std::binary_search(s.begin(), s.end(), t)) << t;
}

TEST(WarpStepTable, MapsStepClocksToTime) {
    const auto p = test::smallPrepared();
    const auto t = WarpStepTable::build(*p, {0, 0});
    ASSERT_TRUE(t.traced());
    EXPECT_EQ(t.warps.size(), 4u);
    EXPECT_EQ(t.steps.size(), 8u);
    EXPECT_NEAR(t.stepTime[3], 350, 1e-9);
    EXPECT_EQ(t.stepAt(10), -1);
    EXPECT_EQ(t.stepAt(360), 3);
    EXPECT_EQ(t.stepAt(5000), 7);
    EXPECT_FALSE(WarpStepTable::build(*p, {0, 5}).traced());
}

}  // namespace
}  // namespace ws
