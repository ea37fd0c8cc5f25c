#include "widgets/prepared_run.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/widgets/qt_test_support.h"
#include "widgets/warp_steps.h"

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
