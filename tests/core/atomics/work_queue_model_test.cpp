// Item costs, the closed form of an item's work against doing the work, and
// the schedule model on cases worked by hand.
#include "core/atomics/work_queue_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace ws {
namespace {

// The GPU's work, done the long way.
std::uint32_t itemResultByLoop(std::uint32_t item, std::uint32_t threads, std::uint32_t steps) {
    std::uint32_t sum = 0;
    for (std::uint32_t t = 0; t < threads; ++t) {
        std::uint32_t x = item * threads + t + 1;
        for (std::uint32_t k = 0; k < steps; ++k) x = x * kLcgMultiplier + kLcgIncrement;
        sum += x;
    }
    return sum;
}

TEST(WorkQueueModel, ClosedFormEqualsTheChains) {
    EXPECT_EQ(itemResult(0, 1, 0), 1u);  // one thread, no step: its start
    EXPECT_EQ(itemResult(2, 4, 0), 9u + 10 + 11 + 12);
    EXPECT_EQ(itemResult(0, 1, 1), kLcgMultiplier + kLcgIncrement);
    for (std::uint32_t item : {0u, 1u, 77u, 65535u})
        for (std::uint32_t threads : {32u, 128u, 1024u})
            for (std::uint32_t steps : {0u, 1u, 3u, 4u, 5u, 1000u, 4097u})
                EXPECT_EQ(itemResult(item, threads, steps), itemResultByLoop(item, threads, steps))
                    << item << " " << threads << " " << steps;
}

TEST(WorkQueueModel, CostDistributions) {
    EXPECT_EQ(itemCostsUs("equal", 5, 3, 1), std::vector<double>(5, 3.0));
    const auto ramp = itemCostsUs("ramp", 4, 10, 1);
    EXPECT_EQ(ramp, (std::vector<double>{2.5, 7.5, 12.5, 17.5}));  // mean 10
    const auto heavy = itemCostsUs("heavy", 640, 2, 7);
    EXPECT_EQ(std::count(heavy.begin(), heavy.end(), 64.0), 10);  // one in 64, 32 x the scale
    EXPECT_EQ(std::count(heavy.begin(), heavy.end(), 2.0), 630);
    const auto few = itemCostsUs("heavy", 3, 1, 1);  // fewer than 64: still one heavy item
    EXPECT_EQ(std::count(few.begin(), few.end(), 32.0), 1);
    EXPECT_NE(itemCostsUs("heavy", 640, 2, 7), itemCostsUs("heavy", 640, 2, 8));
    EXPECT_EQ(itemCostsUs("heavy", 640, 2, 7), heavy);  // the seed decides
    const auto random = itemCostsUs("random", 20000, 5, 3);
    const double mean = std::accumulate(random.begin(), random.end(), 0.0) / random.size();
    EXPECT_NEAR(mean, 5.0, 0.25);
    EXPECT_LE(*std::max_element(random.begin(), random.end()), 100.0);
    EXPECT_TRUE(itemCostsUs("lifo", 4, 1, 1).empty());
}

TEST(WorkQueueModel, StaticSplitAgainstTheQueueByHand) {
    // Two slots, items 8, 1, 8, 1: the split gives slot 0 both eights.
    const std::vector<double> d = {8, 1, 8, 1};
    const ScheduleModel split = modelSchedule("static", d, 2);
    EXPECT_EQ(split.slotOfItem, (std::vector<std::uint32_t>{0, 1, 0, 1}));
    EXPECT_EQ(split.makespanNs, 16);
    const ScheduleModel queue = modelSchedule("queue", d, 2);
    // 0 on slot 0 (0..8), 1 on slot 1 (0..1), 2 on slot 1 (1..9), 3 on slot 0 (8..9).
    EXPECT_EQ(queue.slotOfItem, (std::vector<std::uint32_t>{0, 1, 1, 0}));
    EXPECT_EQ(queue.startNs, (std::vector<double>{0, 0, 1, 8}));
    EXPECT_EQ(queue.makespanNs, 9);
    EXPECT_EQ(modelSchedule("per-item", d, 2).makespanNs, 9);
    EXPECT_EQ(modelSchedule("queue", {}, 2).makespanNs, 0);
}

}  // namespace
}  // namespace ws
