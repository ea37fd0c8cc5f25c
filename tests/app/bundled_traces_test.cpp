#include "app/gui/bundled_traces.h"

#include <gtest/gtest.h>

#include "app/gui/throughput_series.h"
#include "tests/app/app_test_support.h"

namespace ws {
namespace {

TEST(BundledTraces, ReadsTheManifestAndPicksTheNearestRun) {
    test::AppFixtureFiles files;
    auto b = BundledTraces::load(files.resources() + "/traces/manifest.json");
    ASSERT_TRUE(b.ok()) << b.error();
    EXPECT_EQ(b->all().size(), 2u);
    EXPECT_EQ(b->forExperiment("reduce-single-block").size(), 2u);
    EXPECT_TRUE(b->forExperiment("reduce-ladder").empty());
    const auto* near = b->bestMatch("reduce-single-block", {{"n", "50000"}, {"block", "128"}});
    ASSERT_NE(near, nullptr);
    EXPECT_EQ(near->params.at("n"), "65536");
    EXPECT_EQ(near->device, "NVIDIA H100 80GB HBM3");
    EXPECT_DOUBLE_EQ(near->gbPerS, 65.5);
    const auto values = b->recordedValues("reduce-single-block");
    EXPECT_EQ(values.at("n"), (std::vector<std::string>{"2048", "65536"}));
}

TEST(ThroughputSeries, ARunThatTimesNoBytesSaysSoInsteadOfAskingForRuns) {
    test::AppFixtureFiles files;
    auto b = BundledTraces::load(files.resources() + "/traces/manifest.json");
    ASSERT_TRUE(b.ok()) << b.error();
    ws::Run hello;
    hello.experiment = "hello";
    hello.params = {{"grid", "2"}, {"block", "64"}};
    hello.timing.kernelMs = 0.01;  // timed, but no bytes moved
    const ThroughputData none = throughputFor(hello, *b, {});
    EXPECT_TRUE(none.points.empty());
    EXPECT_TRUE(none.emptyText.contains("hello moves no data to time"))
        << none.emptyText.toStdString();
    // A run that moves bytes keeps the plot's own invitation.
    ws::Run sum;
    sum.experiment = "reduce-ladder";
    sum.params = {{"n", "1024"}, {"variant", "best"}};
    sum.timing = {.kernelMs = 0.01, .bytesMoved = 4096};
    EXPECT_TRUE(throughputFor(sum, *b, {}).emptyText.isEmpty());
}

TEST(BundledTraces, SaysWhatIsWrongWithABrokenManifest) {
    EXPECT_FALSE(BundledTraces::load("/nonexistent/manifest.json").ok());
}

}  // namespace
}  // namespace ws
