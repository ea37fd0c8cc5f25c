// The concurrency lab's CUDA timeline in a process that may ask why, as
// warpscope-record and the window's worker are: stall sampling is enabled on
// every context from its creation, and CUPTI refuses concurrent kernels'
// activity where it is, so every run of this lab lost its timeline there
// while passing every other check.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/profile/why_recorder.h"
#include "tests/kernels/concurrency/concurrency_gpu.h"

namespace ws {
namespace {

// Before the first CUDA call, as those programs do.
[[maybe_unused]] const bool kWhyPrepared = (profile::prepareWhyProfiling(), true);

Result<Run> runWith(const std::string& id, const std::vector<std::string>& params, WhyMode why) {
    const ExperimentSpec* spec = findExperiment(id);
    if (!spec) return makeError("no experiment " + id);
    auto resolved = resolveParams(*spec, params);
    if (!resolved) return makeError(resolved.error());
    RunOptions options = test::quickOptions();
    options.why = why;
    return runExperiment(*spec, *resolved, options);
}

void expectTimeline(const std::string& id, const std::vector<std::string>& params, WhyMode why) {
    SCOPED_TRACE(id);
    auto run = runWith(id, params, why);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.passed) << run->verification.note;
    EXPECT_EQ(run->texts.count("cupti"), 0u) << run->texts["cupti"];
    EXPECT_GT(test::countOperations(*run, OperationKind::Kernel), 0u);
    test::expectAlignedClocks(*run);
}

TEST(TimelineBesideWhy, EveryConcurrencyRunRecordsItsTimeline) {
    WS_REQUIRE_GPU();
    expectTimeline("streams", {"n=2^20", "chunks=8", "streams=4"}, WhyMode::Never);
    expectTimeline("streams", {"mode=dot", "n=2^20", "streams=4"}, WhyMode::Never);
    expectTimeline("dynamic-parallelism", {}, WhyMode::Never);
    expectTimeline("unified-memory", {"n=2^20"}, WhyMode::Never);
}

// A profile in between (sampling started and stopped, the counters' pause
// and resume) leaves the next run's timeline whole, and a run that is both
// profiled and timed by CUPTI keeps both.
TEST(TimelineBesideWhy, AProfileBeforeOrDuringLeavesTheTimelineWhole) {
    WS_REQUIRE_GPU();
    auto profiled = runWith("reduce-ladder", {"n=2^20", "variant=best"}, WhyMode::Always);
    ASSERT_TRUE(profiled.ok()) << profiled.error();
    EXPECT_FALSE(profiled->profile.stallsUnavailable.size() > 0)
        << profiled->profile.stallsUnavailable;
    expectTimeline("streams", {"n=2^20", "chunks=8", "streams=2"}, WhyMode::Always);
    expectTimeline("streams", {"n=2^20", "chunks=8", "streams=1"}, WhyMode::Never);
}

}  // namespace
}  // namespace ws
