// The statistics panel shows the selected block's launch: at the end of a run
// the playhead's launch is its last, often a tiny one.
#include "widgets/plots/launch_stats_view.h"

#include <gtest/gtest.h>

#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

TEST(LaunchStatsView, FollowsTheSelectedBlocksLaunch) {
    test::app();
    ws::Run run = test::smallRun();
    Launch last = run.launches[0];  // a second, one-block launch after the first
    last.grid = {1, 1, 1};
    last.blocks.resize(1);
    const std::uint64_t after = run.launches[0].blocks.endNs[0] + 1'000'000;
    last.blocks.startNs[0] = after;
    last.blocks.endNs[0] = after + 500;
    run.launches.push_back(last);
    PlaybackModel model;
    LaunchStatsView view(&model);
    view.resize(800, 600);
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    model.setSelected({});
    model.setTime(model.duration());
    EXPECT_TRUE(view.summaryText().startsWith("Launch 2 of 2: 1 block on 1 SM over"))
        << view.summaryText().toStdString();
    model.setSelected({0, 3});
    EXPECT_TRUE(view.summaryText().startsWith("Launch 1 of 2: 16 blocks"))
        << view.summaryText().toStdString();
}

}  // namespace
}  // namespace ws
