// Kernels launching kernels on the GPU: results against the CPU (and the
// reduction lab), the launch tree they record, and the refusals.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "core/concurrency/launch_tree.h"
#include "tests/kernels/concurrency/concurrency_gpu.h"

namespace ws {
namespace {

TEST(DynamicGpu, ParentsLaunchOneChildEachInBothModes) {
    WS_REQUIRE_GPU();
    for (const char* mode : {"fire-and-forget", "tail"}) {
        SCOPED_TRACE(mode);
        auto run = test::runLab("dynamic-parallelism",
                                {"pattern=parent-child", std::string("mode=") + mode, "n=100003",
                                 "parent_blocks=13", "child_blocks=3", "block=128"});
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_TRUE(run->verification.passed) << run->verification.note;
        ASSERT_EQ(run->launches.size(), 14u);
        test::expectCompleteBlocks(*run);
        const LaunchTree tree = buildLaunchTree(*run);
        ASSERT_EQ(tree.roots.size(), 1u);
        EXPECT_EQ(tree.nodes[0].children.size(), 13u);
        for (std::size_t i = 1; i < run->launches.size(); ++i) {
            EXPECT_EQ(run->launches[i].depth, 1u);
            EXPECT_EQ(run->launches[i].launchMode, mode);
        }
        EXPECT_GT(run->figures.at("fireAndForgetLatencyUs"), 0);
        EXPECT_GT(run->figures.at("tailLatencyUs"), 0);
        if (std::string(mode) == "tail") {
            // A tail launch waits for the whole parent grid (the SMs' timers
            // may disagree by a little: 1 us of slack).
            std::uint64_t parentEnd = 0;
            for (auto e : run->launches[0].blocks.endNs) parentEnd = std::max(parentEnd, e);
            for (std::size_t i = 1; i < run->launches.size(); ++i)
                for (auto s : run->launches[i].blocks.startNs) EXPECT_GE(s + 1000, parentEnd);
        }
    }
}

TEST(DynamicGpu, RecursiveReductionAgreesWithTheCpuAndTheReductionLab) {
    WS_REQUIRE_GPU();
    for (const char* driver : {"device", "host"})
        for (const char* n : {"1", "1000", "1000003"}) {
            SCOPED_TRACE(std::string(driver) + " n=" + n);
            auto run = test::runLab("dynamic-parallelism",
                                    {"pattern=recursive-reduction", std::string("driver=") + driver,
                                     std::string("n=") + n, "block=64"});
            ASSERT_TRUE(run.ok()) << run.error();
            EXPECT_TRUE(run->verification.passed) << run->verification.note;
            EXPECT_NE(run->verification.note.find("reduce-multi-block gives the same"),
                      std::string::npos)
                << run->verification.note;
            test::expectCompleteBlocks(*run);
            const std::size_t levels = std::size_t(run->figures.at("levels"));
            ASSERT_EQ(run->launches.size(), levels);
            const bool device = std::string(driver) == "device";
            for (std::size_t l = 0; l < levels; ++l) {
                EXPECT_EQ(run->launches[l].depth, device ? l : 0u);
                EXPECT_EQ(run->launches[l].parentLaunch, device && l ? int(l) - 1 : -1);
            }
        }
}

TEST(DynamicGpu, MorePendingLaunchesThanTheDeviceAllowsAreRefused) {
    WS_REQUIRE_GPU();
    std::size_t limit = 0;
    ASSERT_EQ(cudaDeviceGetLimit(&limit, cudaLimitDevRuntimePendingLaunchCount), cudaSuccess);
    if (limit >= 4096) GTEST_SKIP() << "the pending-launch limit is " << limit;
    auto run = test::runLab("dynamic-parallelism",
                            {"pattern=parent-child", "n=2^20", "parent_blocks=4096"});
    ASSERT_FALSE(run.ok());
    EXPECT_NE(run.error().find("cudaLimitDevRuntimePendingLaunchCount"), std::string::npos)
        << run.error();
}

}  // namespace
}  // namespace ws
