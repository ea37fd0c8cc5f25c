// Where a slide's runs came from: what --check-lesson lists of a lesson
// presented from a folder of traces, runs the folder lacked and
// runs measured on another GPU than the slide's.
#include "core/lesson/run_origins.h"

#include <gtest/gtest.h>

namespace ws::lesson {
namespace {

ws::Run on(const std::string& gpu) {
    ws::Run run;
    run.device.name = gpu;
    return run;
}

TEST(RunOrigins, RunsFromOutsideTheFolderOrAnotherGpuAreListedOneLineEach) {
    const ws::Run h100 = on("NVIDIA H100 80GB HBM3"), h200 = on("NVIDIA H200");
    const ws::Run otherH100 = on("NVIDIA H100 80GB HBM3");
    const std::vector<RunOrigin> runs = {
        {"its run", "/tmp/h100/persistent.wstrace", &h100},
        {"figures_from 'cublas'", "/opt/ws/traces/cublas.wstrace", &h200},
        {"figures_from 'tma'", "/tmp/h100/../h100/tma.wstrace", &otherH100},
        {"figures_from 'wmma'", "/opt/ws/traces/wmma.wstrace", &otherH100},
        {"compare", "/tmp/h100/sub/clusters.wstrace", &h200},
    };
    const auto lines = runsFromElsewhere(runs, &h100, "/tmp/h100/");
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0],
              "figures_from 'cublas': /opt/ws/traces/cublas.wstrace, measured on NVIDIA H200 "
              "(not in h100; the slide's run: NVIDIA H100 80GB HBM3)");
    EXPECT_EQ(lines[1],
              "figures_from 'wmma': /opt/ws/traces/wmma.wstrace, measured on NVIDIA H100 80GB "
              "HBM3 (not in h100)");
    EXPECT_EQ(lines[2],
              "compare: /tmp/h100/sub/clusters.wstrace, measured on NVIDIA H200 (the slide's "
              "run: NVIDIA H100 80GB HBM3)");
}

TEST(RunOrigins, WithoutAFolderOnlyAnotherGpuCountsAndUnnamedDevicesNever) {
    const ws::Run h100 = on("NVIDIA H100 80GB HBM3"), h200 = on("NVIDIA H200"), unnamed = on("");
    const std::vector<RunOrigin> runs = {{"its run", "/a/run.wstrace", &h100},
                                         {"figures_from 'x'", "/b/x.wstrace", &h100},
                                         {"figures_from 'y'", "/b/y.wstrace", &unnamed},
                                         {"figures_from 'z'", "/b/z.wstrace", nullptr},
                                         {"compare", "", &h200}};
    EXPECT_EQ(runsFromElsewhere(runs, &h100, ""),
              std::vector<std::string>{"compare: run live, measured on NVIDIA H200 (the slide's "
                                       "run: NVIDIA H100 80GB HBM3)"});
    EXPECT_TRUE(runsFromElsewhere(runs, &unnamed, "").empty());
    EXPECT_TRUE(runsFromElsewhere(runs, nullptr, "").empty());
}

}  // namespace
}  // namespace ws::lesson
