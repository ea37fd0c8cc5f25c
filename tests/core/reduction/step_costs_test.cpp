#include "core/reduction/step_costs.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

void addStep(Launch& l, std::uint32_t block, std::uint32_t warp, std::uint32_t step,
             std::uint32_t mask, std::int64_t clock) {
    auto& s = l.steps;
    s.block.push_back(block);
    s.warp.push_back(warp);
    s.step.push_back(step);
    s.activeMask.push_back(mask);
    s.clock.push_back(clock);
    s.before.resize(s.before.size() + 32);
    s.after.resize(s.after.size() + 32);
}

TEST(StepCosts, CountsDivergentWarpsAndCyclesBetweenSteps) {
    Launch l;
    addStep(l, 3, 0, 0, 0xFFFFFFFFu, 1000);
    addStep(l, 3, 1, 0, 0xFFFFFFFFu, 1010);
    addStep(l, 3, 0, 1, 0x55555555u, 1300);  // divergent
    addStep(l, 3, 1, 1, 0x00000000u, 1290);  // idle
    addStep(l, 7, 0, 0, 0x1u, 5);            // another block: ignored
    l.blocks.resize(1);
    l.blocks.block[0] = 3;
    l.blocks.endClock[0] = 1500;
    const auto c = stepCosts(l, 3);
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(c[0].startClock, 1000);
    EXPECT_EQ(c[0].cycles, 290);
    EXPECT_EQ(c[0].divergentWarps, 0u);
    EXPECT_EQ(c[0].activeLanes, 64u);
    EXPECT_EQ(c[1].divergentWarps, 1u);
    EXPECT_EQ(c[1].activeWarps, 1u);
    EXPECT_EQ(c[1].activeLanes, 16u);
    EXPECT_EQ(c[1].cycles, 210);  // to the block's end clock
    EXPECT_TRUE(isDivergent(0x1u));
    EXPECT_FALSE(isDivergent(0));
    EXPECT_FALSE(isDivergent(0xFFFFFFFFu));
}

}  // namespace
}  // namespace ws
