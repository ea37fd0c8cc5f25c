// Without a usable GPU the concurrency lab refuses with a reason, and CUPTI's
// module loads and says why it cannot record instead of aborting.
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"
#include "kernels/concurrency/cupti_activity.h"
#include "kernels/runner/experiment_runner.h"

namespace ws {
namespace {

TEST(ConcurrencyWithoutDevice, RunsAreRefusedWithTheReason) {
    const std::string reason = cudaUnavailableReason();
    if (reason.empty()) GTEST_SKIP() << "a CUDA device is present";
    for (const char* id : {"streams", "dynamic-parallelism", "unified-memory"}) {
        const ExperimentSpec* spec = findExperiment(id);
        ASSERT_NE(spec, nullptr);
        auto run = runExperiment(*spec, ParamValues{}, RunOptions{});
        ASSERT_FALSE(run.ok()) << id;
        EXPECT_EQ(run.error(), reason);
    }
}

TEST(ConcurrencyWithoutDevice, CuptiSaysWhyItCannotRecord) {
    if (cudaUnavailableReason().empty()) GTEST_SKIP() << "a CUDA device is present";
    auto session = cupti::ActivitySession::start({});
    ASSERT_FALSE(session.ok());
    EXPECT_NE(session.error().find("CUPTI needs a CUDA device"), std::string::npos)
        << session.error();
    // A second try is refused the same way: the failed one left nothing held.
    EXPECT_FALSE(cupti::ActivitySession::start({.unifiedMemory = true}).ok());
}

}  // namespace
}  // namespace ws
