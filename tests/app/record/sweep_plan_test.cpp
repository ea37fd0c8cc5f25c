#include "app/record/commands/sweep_plan.h"

#include <gtest/gtest.h>

namespace ws::record {
namespace {

TEST(SweepPlan, CartesianProductInAxisOrder) {
    auto points = expandSweep("reduce-ladder", {"n=1024,4096", "block=128,256,512", "type=float"});
    ASSERT_TRUE(points.ok()) << points.error();
    ASSERT_EQ(points->size(), 6u);
    EXPECT_EQ((*points)[0].assignments,
              (std::vector<std::string>{"n=1024", "block=128", "type=float"}));
    EXPECT_EQ((*points)[5].assignments,
              (std::vector<std::string>{"n=4096", "block=512", "type=float"}));
    EXPECT_EQ((*points)[5].fileStem, "reduce-ladder__n-4096__block-512__type-float");
}

TEST(SweepPlan, RejectsAxisWithoutValues) {
    EXPECT_FALSE(expandSweep("x", {"n"}).ok());
    EXPECT_FALSE(expandSweep("x", {"=3"}).ok());
}

TEST(SweepPlan, FileNamesAreSafe) {
    auto points = expandSweep("x", {"n=2^20"});
    ASSERT_TRUE(points.ok());
    EXPECT_EQ((*points)[0].fileStem, "x__n-2_20");
}

TEST(SweepPlan, ARunListedTwiceIsRefusedWithBothSpellings) {
    auto points = expandSweep("reduce-ladder", {"n=32,2^5", "block=128"});
    ASSERT_TRUE(points.ok()) << points.error();
    // Both points resolve to the same canonical parameters.
    const std::vector<ParamValues> resolved(2, ParamValues{{"n", "32"}, {"block", "128"}});
    Status s = refuseRepeatedRuns(*points, resolved);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(),
              "the sweep lists the same run twice: n=32 block=128 and n=2^5 block=128; "
              "list each value once");
    auto same = expandSweep("x", {"n=4,4"});
    ASSERT_TRUE(same.ok());
    Status t = refuseRepeatedRuns(*same, std::vector<ParamValues>(2, ParamValues{{"n", "4"}}));
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error(), "the sweep lists the same run twice: n=4; list each value once");
    EXPECT_TRUE(refuseRepeatedRuns(*same, {ParamValues{{"n", "4"}}, ParamValues{{"n", "5"}}}));
}

}  // namespace
}  // namespace ws::record
