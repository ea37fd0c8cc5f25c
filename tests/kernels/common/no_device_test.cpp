// Without a CUDA device the library says why, as a value, and never crashes.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"
#include "kernels/runner/experiment_runner.h"

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

// Most machines without a GPU have no NVIDIA driver at all; CUDA's own words
// for that ("driver version is insufficient") would send a student to update
// a driver that is not there.
TEST(NoDevice, TheReasonSaysWhatIsMissing) {
    const std::string reason = cudaUnavailableReason();
    if (reason.empty()) GTEST_SKIP() << "a CUDA device is present";
    EXPECT_EQ(reason.find("insufficient"), std::string::npos) << reason;
    void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (driver) {
        dlclose(driver);
        GTEST_SKIP() << "a driver is installed: " << reason;
    }
    EXPECT_NE(reason.find("no NVIDIA driver found"), std::string::npos) << reason;
}

}  // namespace
}  // namespace ws
