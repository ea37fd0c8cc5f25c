#pragma once
// The grids of a run as a tree: host launches are roots, each device-launched
// grid hangs under the launch and block that launched it. Laid out for the
// launch-tree view: a row per depth, leaves side by side in the order their
// launching blocks come, every parent centred over its children.
#include <cstdint>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

struct LaunchTreeNode {
    int launch = -1;
    int parent = -1;  // launch index, -1 for a root
    std::uint32_t parentBlock = 0;
    std::uint32_t depth = 0;
    std::vector<int> children;  // launch indices, by parent block then launch order
    double x = 0;               // centre, in leaf widths from the left
};

struct LaunchTree {
    std::vector<LaunchTreeNode> nodes;  // nodes[i] is launch i
    std::vector<int> roots;
    std::vector<std::vector<int>> rows;  // launches per depth, left to right
    double width = 0;                    // leaves in all
    std::uint32_t deepest() const { return rows.empty() ? 0 : std::uint32_t(rows.size() - 1); }
};

// Assumes checkLaunchTree passed (parents exist and come from other launches).
LaunchTree buildLaunchTree(const Run& run);

// Host launches at depth 0 with no mode; every device launch one deeper than
// its parent, with the mode "fire-and-forget", "tail" or "stream"; no cycles.
Status checkLaunchTree(const Run& run);

}  // namespace ws
