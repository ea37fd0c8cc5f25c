#include "core/concurrency/launch_tree.h"

#include <algorithm>
#include <string>

#include "core/run/launch_label.h"

namespace ws {

namespace {

// Leaves get consecutive x; a parent sits over the middle of its children.
double place(LaunchTree& tree, int node, double& nextLeaf) {
    LaunchTreeNode& n = tree.nodes[std::size_t(node)];
    if (n.children.empty()) {
        n.x = nextLeaf + 0.5;
        nextLeaf += 1;
        return n.x;
    }
    double first = 0, last = 0;
    for (std::size_t k = 0; k < n.children.size(); ++k) {
        const double x = place(tree, n.children[k], nextLeaf);
        if (k == 0) first = x;
        last = x;
    }
    n.x = (first + last) / 2;
    return n.x;
}

void collectRows(LaunchTree& tree, int node) {
    const LaunchTreeNode& n = tree.nodes[std::size_t(node)];
    if (tree.rows.size() <= n.depth) tree.rows.resize(n.depth + 1);
    tree.rows[n.depth].push_back(node);
    for (int c : n.children) collectRows(tree, c);
}

}  // namespace

LaunchTree buildLaunchTree(const Run& run) {
    LaunchTree tree;
    tree.nodes.resize(run.launches.size());
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        const Launch& l = run.launches[i];
        LaunchTreeNode& n = tree.nodes[i];
        n.launch = int(i);
        n.parent = l.parentLaunch;
        n.parentBlock = l.parentBlock;
        n.depth = l.depth;
        if (l.parentLaunch < 0)
            tree.roots.push_back(int(i));
        else
            tree.nodes[std::size_t(l.parentLaunch)].children.push_back(int(i));
    }
    for (auto& n : tree.nodes)
        std::stable_sort(n.children.begin(), n.children.end(), [&](int a, int b) {
            return tree.nodes[std::size_t(a)].parentBlock < tree.nodes[std::size_t(b)].parentBlock;
        });
    double nextLeaf = 0;
    for (int r : tree.roots) {
        place(tree, r, nextLeaf);
        collectRows(tree, r);
    }
    tree.width = nextLeaf;
    return tree;
}

Status checkLaunchTree(const Run& run) {
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        const Launch& l = run.launches[i];
        const std::string at = launchLabel(i) + ": ";
        if (l.parentLaunch < 0) {
            if (l.depth != 0 || !l.launchMode.empty())
                return makeError(at + "launched from the host, yet depth " +
                                 std::to_string(l.depth) + " and mode '" + l.launchMode + "'");
            continue;
        }
        if (std::size_t(l.parentLaunch) >= run.launches.size())
            return makeError(at + "parentLaunch " + std::to_string(l.parentLaunch) +
                             " is not the index of a launch");
        const Launch& parent = run.launches[std::size_t(l.parentLaunch)];
        if (l.depth != parent.depth + 1)
            return makeError(at + "depth " + std::to_string(l.depth) + ", its parent " +
                             launchLabel(std::size_t(l.parentLaunch)) + " is at depth " +
                             std::to_string(parent.depth));
        if (l.launchMode != "fire-and-forget" && l.launchMode != "tail" && l.launchMode != "stream")
            return makeError(at + "launch mode '" + l.launchMode +
                             "' is not fire-and-forget, tail or stream");
    }
    // Depths strictly grow along parent links, so a cycle would need a depth
    // below 0: none can pass the checks above.
    return {};
}

}  // namespace ws
