// runDifferences: silent on equal runs, and a change to any field is named
// with both values.
#include "core/trace/run_compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include "tests/core/support/rich_run.h"

namespace ws {
namespace {

Run fullRun() {
    ws::Run run = test::makeRichRun();
    addTable(run.launches[0].tables, "items").add<std::uint32_t>("block") = {0, 1, 2};
    addTable(run.tables, "curve").add<double>("ms") = {0.5, 0.25};
    run.texts = {{"printf", "hello\n"}};
    run.figures = {{"imbalance", 1.25}};
    run.environment.queried = true;
    run.environment.otherPids = {42};
    run.operations = {.kind = {0},
                      .stream = {7},
                      .engine = {0},
                      .hostMemory = {0},
                      .bytes = {0},
                      .startNs = {10},
                      .endNs = {20},
                      .correlation = {5},
                      .launch = {0}};
    run.hostCalls = {.names = {"cudaLaunchKernel"},
                     .name = {0},
                     .thread = {0},
                     .startNs = {1},
                     .endNs = {2},
                     .correlation = {5}};
    run.clocks = {.measured = true, .offsetNs = -5.5, .spreadNs = 3, .samples = 4};
    run.timing.kernelSamplesMs = {0.1, 0.2};
    return run;
}

TEST(RunCompare, EqualRunsHaveNoDifferences) {
    const ws::Run run = fullRun();
    EXPECT_TRUE(runDifferences(run, run).empty());
    EXPECT_TRUE(sameRun(ws::Run{}, ws::Run{}));
    ws::Run older = run;
    older.formatVersion = 1;  // where it was read from, not what it holds
    EXPECT_TRUE(sameRun(run, older));
}

struct Change {
    const char* expected;  // the start of the message
    std::function<void(Run&)> edit;
};

TEST(RunCompare, EveryKindOfFieldIsCompared) {
    const Change changes[] = {
        {"experiment is 'reduce-last-block' in the first run, 'x' in the second",
         [](ws::Run& r) { r.experiment = "x"; }},
        {"params 'n' is '1048576' in the first run, '2' in the second",
         [](ws::Run& r) { r.params["n"] = "2"; }},
        {"params 'extra' is nothing in the first run, '1' in the second",
         [](ws::Run& r) { r.params["extra"] = "1"; }},
        {"device.timerTickNs", [](ws::Run& r) { r.device.timerTickNs += 1; }},
        {"device.memBandwidthGBs", [](ws::Run& r) { r.device.memBandwidthGBs *= 2; }},
        {"recordedAt", [](ws::Run& r) { r.recordedAt = "now"; }},
        {"verification.note", [](ws::Run& r) { r.verification.note += "!"; }},
        {"timing.kernelMs is ",
         [](ws::Run& r) { r.timing.kernelMs = std::nextafter(r.timing.kernelMs, 1.0); }},
        {"timing.kernelSamplesMs[1]", [](ws::Run& r) { r.timing.kernelSamplesMs[1] = 0; }},
        {"tables[0] 'curve'.ms[0]",
         [](ws::Run& r) {
             r.tables[0].columns[0].data = std::vector<double>{1, 0.25};
         }},
        {"tables[0] 'curve'.ms is f64 values in the first run, f32 values in the second",
         [](ws::Run& r) {
             r.tables[0].columns[0].data = std::vector<float>{0.5f, 0.25f};
         }},
        {"texts 'printf'", [](ws::Run& r) { r.texts["printf"] = "bye\n"; }},
        {"figures 'imbalance'", [](ws::Run& r) { r.figures["imbalance"] = 2; }},
        {"environment.otherPids is 1 value in the first run, 2 values in the second",
         [](ws::Run& r) { r.environment.otherPids.push_back(7); }},
        {"operations.endNs[0]", [](ws::Run& r) { r.operations.endNs[0] = 21; }},
        {"hostCalls.names[0]", [](ws::Run& r) { r.hostCalls.names[0] = "cudaMemcpy"; }},
        {"clocks.offsetNs", [](ws::Run& r) { r.clocks.offsetNs = 0; }},
        {"the launch count is 2 in the first run, 1 in the second",
         [](ws::Run& r) { r.launches.pop_back(); }},
        {"launch 2: grid", [](ws::Run& r) { r.launches[1].grid.y = 2; }},
        {"launch 1: blocks.endClock[3]", [](ws::Run& r) { r.launches[0].blocks.endClock[3] += 1; }},
        {"launch 1: steps.before[5] is 2.5 in the first run, -0 in the second",
         [](ws::Run& r) { r.launches[0].steps.before[5] = -0.0; }},
        {"launch 1: steps.components", [](ws::Run& r) { r.launches[0].steps.components = 1; }},
        {"launch 1: sharedAccesses.cycles[1]",
         [](ws::Run& r) { r.launches[0].sharedAccesses.cycles[1] = 0; }},
        {"launch 1: globalAccesses.isWrite[1] is 1 in the first run, 0 in the second",
         [](ws::Run& r) { r.launches[0].globalAccesses.isWrite[1] = 0; }},
        {"launch 1: arrivals.timeNs", [](ws::Run& r) { r.launches[0].arrivals.timeNs[0] += 1; }},
        {"launch 1: tables[0] 'items'.block[2]",
         [](ws::Run& r) {
             r.launches[0].tables[0].columns[0].data = std::vector<std::uint32_t>{0, 1, 3};
         }},
        {"launch 2: launchMode", [](ws::Run& r) { r.launches[1].launchMode = "tail"; }},
    };
    const ws::Run run = fullRun();
    for (const auto& change : changes) {
        ws::Run other = run;
        change.edit(other);
        const auto found = runDifferences(run, other);
        ASSERT_EQ(found.size(), 1u) << change.expected;
        EXPECT_EQ(found[0].rfind(change.expected, 0), 0u) << found[0];
    }
}

TEST(RunCompare, NaNsAreEqualZerosOfTwoSignsAreNot) {
    ws::Run a = fullRun();
    ws::Run b = a;
    a.launches[0].steps.after[0] = std::numeric_limits<double>::quiet_NaN();
    b.launches[0].steps.after[0] = -std::numeric_limits<double>::quiet_NaN();
    EXPECT_TRUE(sameRun(a, b));
    a.verification.absError = 0.0;
    b.verification.absError = -0.0;
    EXPECT_FALSE(sameRun(a, b));
}

TEST(RunCompare, StopsAtTheLimit) {
    ws::Run a = fullRun();
    ws::Run b = a;
    b.experiment = "x";
    b.tool = "y";
    b.launches[0].kernel = "z";
    EXPECT_EQ(runDifferences(a, b).size(), 3u);
    EXPECT_EQ(runDifferences(a, b, 2).size(), 2u);
}

}  // namespace
}  // namespace ws
