// addKernel on the GPU against the CPU over awkward sizes and launches; the
// seed's launch masks one thread off; without the bounds check the guard
// zones name the thread that wrote past the end, and the run survives.
#include <gtest/gtest.h>

#include "core/basics/vector_add_model.h"
#include "core/timing/crossover.h"
#include "tests/kernels/basics/basics_gpu.h"

namespace ws {
namespace {

TEST(VectorAddGpu, TheSeedsLaunchMasksTheExtraThread) {
    WS_REQUIRE_GPU();
    auto run = test::runBasics("vector-add", {}, true);
    ASSERT_TRUE(run) << run.error();
    EXPECT_TRUE(run->verification.passed) << run->verification.note;
    const Launch& l = run->launches.at(0);
    EXPECT_EQ(l.grid.x, 2u);
    EXPECT_EQ(l.block.x, 3u);
    auto threads = readThreads(l);
    ASSERT_TRUE(threads) << threads.error();
    ASSERT_EQ(threads->size(), 6u);
    EXPECT_EQ((*threads)[5].index, 5u);
    EXPECT_EQ((*threads)[5].wrote, 0u);
    EXPECT_EQ((*threads)[4].value, 55);
    ASSERT_EQ(l.steps.size(), 2u);  // one warp per traced block
    EXPECT_EQ(l.steps.activeMask[0], 0b111u);
    EXPECT_EQ(l.steps.activeMask[1], 0b011u);
    EXPECT_EQ(run->figures.at("overruns"), 0);
    EXPECT_GT(run->timing.cpuMs, 0);
    EXPECT_GT(run->timing.transferMs, 0);
}

TEST(VectorAddGpu, WithoutTheCheckTheWritePastTheEndIsCaught) {
    WS_REQUIRE_GPU();
    auto run = test::runBasics("vector-add", {"variant=no-bounds-check"});
    ASSERT_TRUE(run) << run.error();
    EXPECT_FALSE(run->verification.passed);
    EXPECT_NE(run->verification.note.find("block 1 thread 2 wrote c[5]"), std::string::npos)
        << run->verification.note;
    auto overruns = readOverruns(*run);
    ASSERT_TRUE(overruns) << overruns.error();
    ASSERT_EQ(overruns->size(), 1u);
    EXPECT_EQ((*overruns)[0].value, std::int32_t(std::uint32_t(kCanary) * 2u));
    // The context is still usable: the next run works.
    auto next = test::runBasics("vector-add", {"n=7"});
    ASSERT_TRUE(next) << next.error();
    EXPECT_TRUE(next->verification.passed);
}

TEST(VectorAddGpu, AwkwardSizesAndLaunchesMatchTheCpu) {
    WS_REQUIRE_GPU();
    for (const char* n : {"1", "31", "33", "1000", "65537", "1048577"})
        for (const char* block : {"32", "96", "1000"}) {
            auto run = test::runBasics("vector-add", {std::string("n=") + n, "launch=grid-block",
                                                      std::string("block=") + block});
            ASSERT_TRUE(run) << run.error();
            EXPECT_TRUE(run->verification.passed)
                << n << " " << block << ": " << run->verification.note;
        }
    auto overrun = test::runBasics("vector-add", {"n=1000", "launch=grid-block", "block=96",
                                                  "grid=20", "variant=no-bounds-check"});
    ASSERT_TRUE(overrun) << overrun.error();
    auto rows = readOverruns(*overrun);
    ASSERT_TRUE(rows);
    EXPECT_EQ(rows->size(), 20u * 96 - 1000);
}

TEST(VectorAddGpu, CrossoverSweepTimesEverySize) {
    WS_REQUIRE_GPU();
    auto run = test::runBasics("vector-add", {"n=2^20", "launch=grid-block", "crossover_sweep=on"});
    ASSERT_TRUE(run) << run.error();
    auto points = readCrossover(*run);
    ASSERT_TRUE(points) << points.error();
    ASSERT_EQ(points->size(), 10u);
    for (const CostPoint& p : *points) {
        EXPECT_GT(p.kernelMs, 0);
        EXPECT_GT(p.transferMs, 0);
        EXPECT_GT(p.cpuMs, 0);
    }
}

}  // namespace
}  // namespace ws
