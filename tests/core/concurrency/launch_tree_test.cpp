// The launch tree: built from parent links, laid out, and checked.
#include "core/concurrency/launch_tree.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

Launch grid(std::uint32_t blocks, std::int32_t parent = -1, std::uint32_t parentBlock = 0,
            std::uint32_t depth = 0, const std::string& mode = "") {
    Launch l;
    l.kernel = parent < 0 ? "parentDoubles" : "childAddsOne";
    l.grid = {blocks, 1, 1};
    l.parentLaunch = parent;
    l.parentBlock = parentBlock;
    l.depth = depth;
    l.launchMode = mode;
    return l;
}

// Launch 0 (4 blocks) launched 1 (from block 2), 2 (from block 0) and 3 (from
// block 3); launch 2 launched 4 from its block 1. Launch 5 is a second root.
Run family() {
    ws::Run run;
    run.launches = {grid(4),
                    grid(2, 0, 2, 1, "fire-and-forget"),
                    grid(2, 0, 0, 1, "tail"),
                    grid(2, 0, 3, 1, "fire-and-forget"),
                    grid(1, 2, 1, 2, "tail"),
                    grid(1)};
    return run;
}

TEST(LaunchTree, ChildrenFollowTheirLaunchingBlocks) {
    const ws::Run run = family();
    ASSERT_TRUE(checkLaunchTree(run).ok());
    const LaunchTree t = buildLaunchTree(run);
    EXPECT_EQ(t.roots, (std::vector<int>{0, 5}));
    EXPECT_EQ(t.nodes[0].children, (std::vector<int>{2, 1, 3}));
    ASSERT_EQ(t.rows.size(), 3u);
    EXPECT_EQ(t.rows[0], (std::vector<int>{0, 5}));
    EXPECT_EQ(t.rows[1], (std::vector<int>{2, 1, 3}));
    EXPECT_EQ(t.rows[2], (std::vector<int>{4}));
    EXPECT_EQ(t.deepest(), 2u);
    // Leaves 4, 1, 3, 5 at 0.5, 1.5, 2.5, 3.5; parents over their children.
    EXPECT_DOUBLE_EQ(t.nodes[4].x, 0.5);
    EXPECT_DOUBLE_EQ(t.nodes[2].x, 0.5);
    EXPECT_DOUBLE_EQ(t.nodes[1].x, 1.5);
    EXPECT_DOUBLE_EQ(t.nodes[0].x, 1.5);
    EXPECT_DOUBLE_EQ(t.nodes[5].x, 3.5);
    EXPECT_DOUBLE_EQ(t.width, 4);
}

TEST(LaunchTree, InconsistentDepthsAndModesAreRefused) {
    ws::Run run = family();
    run.launches[4].depth = 1;
    Status s = checkLaunchTree(run);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error(), "launch 5: depth 1, its parent launch 3 is at depth 1");
    run = family();
    run.launches[1].launchMode = "sideways";
    EXPECT_NE(checkLaunchTree(run).error().find("launch 2: launch mode 'sideways'"),
              std::string::npos);
    run = family();
    run.launches[5].depth = 3;
    EXPECT_NE(checkLaunchTree(run).error().find("launched from the host, yet depth 3"),
              std::string::npos);
}

}  // namespace
}  // namespace ws
