#include "app/gui/common/bundled_traces.h"

#include <gtest/gtest.h>

#include "app/gui/workbench/throughput_series.h"
#include "tests/app/gui/app_test_support.h"

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

// The bandwidth test's rate is its largest copy's: plotted at min_bytes it
// stood beside 1 KiB copies that reach a fraction of it. Its own plot has it.
TEST(ThroughputSeries, CopiesOfEverySizePointToTheirOwnPlot) {
    test::AppFixtureFiles files;
    auto b = BundledTraces::load(files.resources() + "/traces/manifest.json");
    ASSERT_TRUE(b.ok()) << b.error();
    ws::Run copies;
    copies.experiment = "host-device-bandwidth";
    copies.params = {{"min_bytes", "1024"}, {"max_bytes", "1073741824"}, {"host_memory", "both"}};
    copies.timing = {.kernelMs = 19.5, .bytesMoved = 1073741824};
    const ThroughputData d = throughputFor(copies, *b, {});
    EXPECT_FALSE(d.current);
    EXPECT_TRUE(d.points.empty());
    EXPECT_TRUE(d.emptyText.contains("the Bandwidth tab")) << d.emptyText.toStdString();
}

TEST(BundledTraces, SaysWhatIsWrongWithABrokenManifest) {
    EXPECT_FALSE(BundledTraces::load("/nonexistent/manifest.json").ok());
}

}  // namespace
}  // namespace ws
