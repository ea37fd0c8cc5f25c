// Every lab's runs carry the CPU doing the same work and the copies a GPU
// run needs; the bank probe, which measures the GPU itself, has none.
#include <gtest/gtest.h>

#include "tests/kernels/basics/basics_gpu.h"

namespace ws {
namespace {

TEST(CpuAgainstGpu, ReductionsAndMemoryRunsCarryCpuAndCopyTimes) {
    WS_REQUIRE_GPU();
    for (auto [id, params] : {std::pair<std::string, std::vector<std::string>>{
                                  "reduce-ladder", {"variant=best", "n=2^20"}},
                              {"reduce-single-block-noncomm", {"op=affine"}},
                              {"transpose-f32", {"width=1024", "height=512"}},
                              {"reduce-columns", {"width=512", "height=512"}}}) {
        auto run = test::runBasics(id, params, true);
        ASSERT_TRUE(run) << id << ": " << run.error();
        EXPECT_GT(run->timing.cpuMs, 0) << id;
        EXPECT_GT(run->timing.transferMs, 0) << id;
        EXPECT_GE(run->timing.cpuThreads, 1) << id;
    }
    auto probe = test::runBasics("bank-probe", {}, true);
    ASSERT_TRUE(probe) << probe.error();
    EXPECT_EQ(probe->timing.cpuMs, 0);
}

}  // namespace
}  // namespace ws
