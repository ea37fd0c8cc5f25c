// Hello on the GPU: every thread greets once in the record and in the real
// printf output, the lines match the records, warps print whole, and the
// text never reaches fd 1 of the process.
#include <gtest/gtest.h>

#include "core/basics/greeting_order.h"
#include "core/basics/greetings.h"
#include "tests/kernels/basics/basics_gpu.h"

namespace ws {
namespace {

TEST(HelloGpu, EveryThreadGreetsOnceInTheRecordAndInThePrintedText) {
    WS_REQUIRE_GPU();
    for (auto [grid, block] : {std::pair{1, 1}, {3, 40}, {2, 64}, {8, 1024}}) {
        auto run = test::runBasics(
            "hello", {"grid=" + std::to_string(grid), "block=" + std::to_string(block)}, true);
        ASSERT_TRUE(run) << run.error();
        EXPECT_TRUE(run->verification.passed) << run->verification.note;
        ASSERT_EQ(run->launches.size(), 2u);
        for (std::size_t i = 0; i < 2; ++i) {
            auto g = readGreetings(run->launches[i]);
            ASSERT_TRUE(g) << g.error();
            ASSERT_EQ(g->size(), std::size_t(grid * block));
            const std::string& text = run->texts.at(printfTextKey(i));
            EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), grid * block);
            for (const Greeting& x : *g) {
                ASSERT_NE(x.printed, kNotPrinted);
                EXPECT_LT(x.sm, std::uint32_t(std::max(1, run->device.smCount)) * 2);
            }
            // A warp's 32 lanes print with one instruction: its lines are consecutive.
            EXPECT_TRUE(summarizeOrder(*g, GreetingOrder::Printed).warpsWhole());
            EXPECT_EQ(run->launches[i].blocks.size(), std::size_t(grid));
        }
        EXPECT_GT(run->timing.kernelMs, 0);
        EXPECT_GT(run->timing.cpuMs, 0);
    }
}

}  // namespace
}  // namespace ws
