// When a run records why by default: its counter passes and sampled
// launches, priced by the kernel's own time, under a second.
#include "core/profile/why_cost.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(WhyCost, SampledLaunchesFillAboutATenthOfASecond) {
    EXPECT_EQ(sampledLaunchesFor(0.01), kMostSampledLaunches);
    EXPECT_EQ(sampledLaunchesFor(4.0), 25);
    EXPECT_EQ(sampledLaunchesFor(500.0), kFewestSampledLaunches);
    EXPECT_EQ(sampledLaunchesFor(0.0), kMostSampledLaunches);
}

TEST(WhyCost, AShortKernelIsCheapALongOneIsNot) {
    // A 4096² transpose: 10 passes and 2 x 51 launches of 0.3 ms.
    const WhyCost transpose = estimateWhyCost(0.32);
    EXPECT_EQ(transpose.sampledLaunches, 50);
    EXPECT_NEAR(transpose.seconds, (10 + 2 * 51) * (0.32 + kCacheFlushMs) / 1000, 1e-12);
    EXPECT_TRUE(whyIsCheap(transpose));
    // The naive matrix multiply at 8192: 10 passes and 2 x 4 launches of 1.2 s.
    const WhyCost naive = estimateWhyCost(1200);
    EXPECT_EQ(naive.sampledLaunches, 3);
    EXPECT_GT(naive.seconds, 20);
    EXPECT_FALSE(whyIsCheap(naive));
}

TEST(WhyCost, TheBorderIsASecond) {
    // 10 + 2 x 4 launches of (k + flush) ms = 1 s.
    const double border = 1000.0 / 18 - kCacheFlushMs;
    EXPECT_TRUE(whyIsCheap(estimateWhyCost(border - 0.1)));
    EXPECT_FALSE(whyIsCheap(estimateWhyCost(border + 0.1)));
}

TEST(WhyCost, TheSentenceSaysWhatItWouldCostAndHowToAsk) {
    const std::string s = whyLeftOutSentence(estimateWhyCost(300), 300);
    EXPECT_NE(s.find("5.4 s"), std::string::npos) << s;
    EXPECT_NE(s.find("10 counter passes"), std::string::npos) << s;
    EXPECT_NE(s.find("3 sampled launches"), std::string::npos) << s;
    EXPECT_NE(s.find("300 ms"), std::string::npos) << s;
    EXPECT_NE(s.find("--why"), std::string::npos) << s;
}

}  // namespace
}  // namespace ws
