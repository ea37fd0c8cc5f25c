// Without a CUDA device the library says why, as a value, and never crashes.
#include <gtest/gtest.h>

#include "core/catalog.h"
#include "kernels/experiment_runner.h"

namespace ws {
namespace {

TEST(NoDevice, RunExperimentReturnsTheReason) {
    const std::string reason = cudaUnavailableReason();
    if (reason.empty()) GTEST_SKIP() << "a CUDA device is present";
    const ExperimentSpec* spec = findExperiment("reduce-single-block");
    ASSERT_NE(spec, nullptr);
    auto params = resolveParams(*spec, std::vector<std::string>{});
    ASSERT_TRUE(params.ok());
    auto run = runExperiment(*spec, *params, RunOptions{});
    ASSERT_FALSE(run.ok());
    EXPECT_EQ(run.error(), reason);
    EXPECT_FALSE(queryDevice(0).ok());
}

}  // namespace
}  // namespace ws
