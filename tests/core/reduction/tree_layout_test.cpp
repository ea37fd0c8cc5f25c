// The tree layout against the algorithm: which slots each level writes, who
// writes them, where the operands come from, for every shape and for
// power-of-two and (warp shapes) non-power-of-two block sizes.
#include <gtest/gtest.h>

#include <numeric>

#include "core/reduction/reduction_simulate.h"
#include "core/reduction/reduction_tree_layout.h"

namespace ws {
namespace {

ReductionTreeLayout layoutOf(TreeShape shape, std::uint32_t threads, std::uint32_t first = 0,
                             std::uint32_t count = 0) {
    return ReductionTreeLayout::build(reductionPlan(shape, threads), threads, first, count);
}

std::vector<std::uint32_t> slotsAt(const ReductionTreeLayout& t, std::uint32_t level) {
    std::vector<std::uint32_t> s;
    for (const auto& n : t.nodes[level]) s.push_back(n.slot);
    return s;
}

TEST(TreeLayout, SequentialWritesTheLowHalfAndReadsTheUpper) {
    const auto t = layoutOf(TreeShape::Sequential, 16);
    ASSERT_EQ(t.levels, 5u);  // load + log2(16)
    EXPECT_EQ(t.nodes[0].size(), 16u);
    for (std::uint32_t k = 1; k < t.levels; ++k) {
        const std::uint32_t s = 16u >> k;
        ASSERT_EQ(t.nodes[k].size(), s) << "level " << k;
        for (std::uint32_t i = 0; i < s; ++i) {
            EXPECT_EQ(t.nodes[k][i].slot, i);
            EXPECT_EQ(t.nodes[k][i].thread, i);  // thread tid writes sdata[tid]
        }
        ASSERT_EQ(t.edges[k].size(), 2 * s);
        for (const auto& e : t.edges[k]) {
            EXPECT_EQ(e.toLevel, k);
            EXPECT_EQ(e.fromSlot, e.right ? e.toSlot + s : e.toSlot);
            EXPECT_EQ(e.fromLevel, k - 1);  // every live slot was written by the step before
        }
    }
}

TEST(TreeLayout, InterleavedDivergentKeepsResultsAtMultiplesOfTwoS) {
    const auto t = layoutOf(TreeShape::InterleavedDivergent, 16);
    EXPECT_EQ(slotsAt(t, 1), (std::vector<std::uint32_t>{0, 2, 4, 6, 8, 10, 12, 14}));
    EXPECT_EQ(slotsAt(t, 2), (std::vector<std::uint32_t>{0, 4, 8, 12}));
    EXPECT_EQ(slotsAt(t, 3), (std::vector<std::uint32_t>{0, 8}));
    EXPECT_EQ(slotsAt(t, 4), (std::vector<std::uint32_t>{0}));
    // The worker is the slot's own thread: tid % 2s == 0.
    EXPECT_EQ(t.node(2, 8)->thread, 8u);
    // Level 2's right operand of slot 8 is slot 10, written at level 1.
    bool found = false;
    for (const auto& e : t.edges[2])
        if (e.right && e.toSlot == 8) {
            EXPECT_EQ(e.fromSlot, 10u);
            EXPECT_EQ(e.fromLevel, 1u);
            found = true;
        }
    EXPECT_TRUE(found);
}

TEST(TreeLayout, InterleavedStridedWritesTheSameSlotsWithPackedThreads) {
    const auto strided = layoutOf(TreeShape::InterleavedStrided, 16);
    const auto divergent = layoutOf(TreeShape::InterleavedDivergent, 16);
    for (std::uint32_t k = 0; k < strided.levels; ++k)
        EXPECT_EQ(slotsAt(strided, k), slotsAt(divergent, k));
    // Thread 1 writes slot 2*s*1: 2 at s = 1, 4 at s = 2, 8 at s = 4.
    EXPECT_EQ(strided.node(1, 2)->thread, 1u);
    EXPECT_EQ(strided.node(2, 4)->thread, 1u);
    EXPECT_EQ(strided.node(3, 8)->thread, 1u);
    EXPECT_EQ(divergent.node(3, 8)->thread, 8u);
}

TEST(TreeLayout, UnrolledLastWarpLetsAll32LanesWork) {
    const auto t = layoutOf(TreeShape::SequentialUnrolledWarp, 256);
    // 256 -> s = 128, 64 with barriers, then six warp steps s = 32 .. 1.
    ASSERT_EQ(t.levels, 1u + 2 + 6);
    EXPECT_EQ(t.nodes[1].size(), 128u);
    EXPECT_EQ(t.nodes[2].size(), 64u);
    for (std::uint32_t k = 3; k < t.levels; ++k) EXPECT_EQ(t.nodes[k].size(), 32u);
}

TEST(TreeLayout, WindowKeepsOnlyItsSlotsAndMarksOperandsFromOutside) {
    const auto t = layoutOf(TreeShape::Sequential, 1024, 0, 32);
    EXPECT_EQ(t.slotCount, 32u);
    EXPECT_EQ(t.nodes[0].size(), 32u);
    // s = 512: slots 0..31 read 512..543, all outside the window.
    ASSERT_EQ(t.nodes[1].size(), 32u);
    for (const auto& e : t.edges[1]) EXPECT_EQ(e.fromOutside, e.right);
    // s = 16: slots 0..15 read 16..31, inside.
    const std::uint32_t level16 = 1 + 5;  // 512, 256, 128, 64, 32, then 16
    ASSERT_EQ(t.nodes[level16].size(), 16u);
    for (const auto& e : t.edges[level16]) EXPECT_FALSE(e.fromOutside);
    // Off-window slots map past the window's edges.
    EXPECT_GT(t.slotX(600, 0, 320), 320);
    EXPECT_DOUBLE_EQ(t.slotX(0, 0, 320), 5);
    EXPECT_DOUBLE_EQ(t.slotX(31, 0, 320), 315);
}

TEST(TreeLayout, WindowIsClampedToTheBlock) {
    const auto t = layoutOf(TreeShape::Sequential, 64, 60, 32);
    EXPECT_EQ(t.firstSlot, 60u);
    EXPECT_EQ(t.slotCount, 4u);
}

TEST(TreeLayout, WarpShapesOnNonPowerOfTwoBlocks) {
    for (std::uint32_t threads : {96u, 160u, 224u}) {
        for (TreeShape shape :
             {TreeShape::WarpComm, TreeShape::WarpCommCompact, TreeShape::WarpNoncomm,
              TreeShape::WarpNoncommPadded, TreeShape::WarpShuffleUp, TreeShape::WarpShuffleDown}) {
            const auto plan = reductionPlan(shape, threads);
            const auto t = ReductionTreeLayout::build(plan, threads, 0, 0);
            ASSERT_EQ(t.levels, 6u) << treeShapeName(shape);
            for (std::uint32_t k = 1; k < t.levels; ++k)
                EXPECT_EQ(t.nodes[k].size(), plan[k - 1].combines.size()) << treeShapeName(shape);
            // Each warp's total lands in its lane 0.
            std::vector<double> leaves(threads);
            std::iota(leaves.begin(), leaves.end(), 1.0);
            const auto sums = simulateSums(shape, leaves);
            for (std::uint32_t w = 0; w < threads / 32; ++w) {
                double expected = 0;
                for (std::uint32_t l = 0; l < 32; ++l) expected += leaves[w * 32 + l];
                EXPECT_EQ(sums.back()[w * 32], expected) << treeShapeName(shape) << " warp " << w;
                EXPECT_NE(t.node(t.lastWrite(w * 32, 5), w * 32), nullptr);
            }
        }
    }
}

TEST(TreeLayout, ShuffleEdgesComeFromLanePlusK) {
    const auto t = layoutOf(TreeShape::WarpShuffleDown, 32);
    // Step 1: k = 16, lanes 0..15 take lane + 16.
    ASSERT_EQ(t.nodes[1].size(), 16u);
    for (const auto& e : t.edges[1])
        if (e.right) EXPECT_EQ(e.fromSlot, e.toSlot + 16);
    const auto up = layoutOf(TreeShape::WarpShuffleUp, 32);
    ASSERT_EQ(up.nodes[1].size(), 31u);  // k = 1: every lane but 31
    for (const auto& e : up.edges[1])
        if (e.right) EXPECT_EQ(e.fromSlot, e.toSlot + 1);
}

TEST(TreeLayout, PaddedWarpReadsIdentityPastLane31) {
    const auto t = layoutOf(TreeShape::WarpNoncommPadded, 32);
    int padding = 0;
    for (const auto& e : t.edges[5])  // k = 16: lanes 16..31 read the padding
        padding += e.fromPadding;
    EXPECT_EQ(padding, 16);
}

TEST(TreeLayout, RootLandsInSlotZeroForEveryBlockShape) {
    for (TreeShape shape : {TreeShape::Sequential, TreeShape::InterleavedDivergent,
                            TreeShape::InterleavedStrided, TreeShape::SequentialUnrolledWarp}) {
        for (std::uint32_t threads : {64u, 128u, 256u, 1024u}) {
            const auto t = layoutOf(shape, threads);
            ASSERT_FALSE(t.nodes.back().empty());
            EXPECT_EQ(t.nodes.back().front().slot, 0u) << treeShapeName(shape) << " " << threads;
            std::vector<double> leaves(threads, 1.0);
            EXPECT_EQ(simulateSums(shape, leaves).back()[0], double(threads));
        }
    }
}

}  // namespace
}  // namespace ws
