#include "core/reduction/reduction_plan.h"

#include <gtest/gtest.h>

#include <numeric>
#include <set>
#include <span>
#include <tuple>

#include "core/reduction/reduction_reference.h"
#include "core/reduction/reduction_simulate.h"

namespace ws {
namespace {

using Triple = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;  // thread, dst, src

std::vector<std::vector<Triple>> triples(TreeShape shape, std::uint32_t threads) {
    std::vector<std::vector<Triple>> out;
    for (const auto& step : reductionPlan(shape, threads)) {
        out.emplace_back();
        for (const auto& c : step.combines) out.back().push_back({c.thread, c.dst, c.src});
    }
    return out;
}

std::vector<std::uint32_t> strides(TreeShape shape, std::uint32_t threads) {
    std::vector<std::uint32_t> out;
    for (const auto& step : reductionPlan(shape, threads)) out.push_back(step.stride);
    return out;
}

const std::vector<TreeShape> kAllShapes = {
    TreeShape::Sequential,         TreeShape::InterleavedDivergent,
    TreeShape::InterleavedStrided, TreeShape::SequentialUnrolledWarp,
    TreeShape::WarpComm,           TreeShape::WarpCommCompact,
    TreeShape::WarpNoncomm,        TreeShape::WarpNoncommPadded,
    TreeShape::WarpShuffleUp,      TreeShape::WarpShuffleDown};

TEST(ReductionPlan, BlockShapesAtEight) {
    using V = std::vector<std::vector<Triple>>;
    EXPECT_EQ(
        triples(TreeShape::Sequential, 8),
        (V{{{0, 0, 4}, {1, 1, 5}, {2, 2, 6}, {3, 3, 7}}, {{0, 0, 2}, {1, 1, 3}}, {{0, 0, 1}}}));
    EXPECT_EQ(
        triples(TreeShape::InterleavedDivergent, 8),
        (V{{{0, 0, 1}, {2, 2, 3}, {4, 4, 5}, {6, 6, 7}}, {{0, 0, 2}, {4, 4, 6}}, {{0, 0, 4}}}));
    EXPECT_EQ(
        triples(TreeShape::InterleavedStrided, 8),
        (V{{{0, 0, 1}, {1, 2, 3}, {2, 4, 5}, {3, 6, 7}}, {{0, 0, 2}, {1, 4, 6}}, {{0, 0, 4}}}));
    EXPECT_EQ(strides(TreeShape::Sequential, 8), (std::vector<std::uint32_t>{4, 2, 1}));
    EXPECT_EQ(strides(TreeShape::InterleavedStrided, 8), (std::vector<std::uint32_t>{1, 2, 4}));
    for (const auto& step : reductionPlan(TreeShape::Sequential, 8)) EXPECT_TRUE(step.barrier);
    // Unsupported sizes give no plan rather than out-of-range slots.
    EXPECT_TRUE(reductionPlan(TreeShape::SequentialUnrolledWarp, 8).empty());
    EXPECT_TRUE(reductionPlan(TreeShape::Sequential, 48).empty());
    EXPECT_TRUE(reductionPlan(TreeShape::WarpComm, 8).empty());
    EXPECT_TRUE(reductionPlan(TreeShape::WarpComm, 0).empty());
}

TEST(ReductionPlan, BlockShapesAtSixtyFour) {
    const auto seq = triples(TreeShape::Sequential, 64);
    ASSERT_EQ(seq.size(), 6u);
    EXPECT_EQ(seq[0].size(), 32u);
    EXPECT_EQ(seq[0].back(), (Triple{31, 31, 63}));
    EXPECT_EQ(seq[5], (std::vector<Triple>{{0, 0, 1}}));

    const auto div = triples(TreeShape::InterleavedDivergent, 64);
    ASSERT_EQ(div.size(), 6u);
    EXPECT_EQ(div[0].size(), 32u);
    EXPECT_EQ(div[0].back(), (Triple{62, 62, 63}));
    EXPECT_EQ(div[4], (std::vector<Triple>{{0, 0, 16}, {32, 32, 48}}));
    EXPECT_EQ(div[5], (std::vector<Triple>{{0, 0, 32}}));

    const auto str = triples(TreeShape::InterleavedStrided, 64);
    EXPECT_EQ(str[0].back(), (Triple{31, 62, 63}));
    EXPECT_EQ(str[4], (std::vector<Triple>{{0, 0, 16}, {1, 32, 48}}));

    // Unrolled: no barrier steps at 64 (s = 32 is already the warp's), then
    // six warp-synchronous steps in which all 32 lanes add.
    const auto plan = reductionPlan(TreeShape::SequentialUnrolledWarp, 64);
    ASSERT_EQ(plan.size(), 6u);
    for (const auto& step : plan) {
        EXPECT_FALSE(step.barrier);
        EXPECT_EQ(step.combines.size(), 32u);
        EXPECT_EQ(activeMask(step, 0), 0xffffffffu);
    }
    EXPECT_EQ(plan[0].stride, 32u);
    EXPECT_EQ(plan[1].combines[31].src, 47u);
    const auto big = reductionPlan(TreeShape::SequentialUnrolledWarp, 256);
    ASSERT_EQ(big.size(), 8u);
    EXPECT_TRUE(big[0].barrier);
    EXPECT_TRUE(big[1].barrier);
    EXPECT_FALSE(big[2].barrier);
}

TEST(ReductionPlan, WarpShapesAtSixtyFour) {
    using S = std::vector<std::uint32_t>;
    EXPECT_EQ(strides(TreeShape::WarpComm, 64), (S{16, 8, 4, 2, 1}));
    EXPECT_EQ(strides(TreeShape::WarpNoncomm, 64), (S{1, 2, 4, 8, 16}));
    EXPECT_EQ(strides(TreeShape::WarpShuffleUp, 64), (S{1, 2, 4, 8, 16}));
    EXPECT_EQ(strides(TreeShape::WarpShuffleDown, 64), (S{16, 8, 4, 2, 1}));

    const auto comm = triples(TreeShape::WarpComm, 64);
    EXPECT_EQ(comm[4], (std::vector<Triple>{{0, 0, 1}, {32, 32, 33}}));
    EXPECT_EQ(comm[0].size(), 32u);  // 16 lanes in each of 2 warps
    EXPECT_EQ(comm[0][16], (Triple{32, 32, 48}));

    const auto compact = triples(TreeShape::WarpCommCompact, 64);
    for (const auto& step : compact) EXPECT_EQ(step.size(), 32u);
    EXPECT_EQ(compact[4][15], (Triple{15, 15, 16}));

    const auto noncomm = triples(TreeShape::WarpNoncomm, 64);
    EXPECT_EQ(noncomm[4], (std::vector<Triple>{{0, 0, 16}, {32, 32, 48}}));
    EXPECT_EQ(noncomm[3],
              (std::vector<Triple>{{0, 0, 8}, {16, 16, 24}, {32, 32, 40}, {48, 48, 56}}));

    const auto padded = reductionPlan(TreeShape::WarpNoncommPadded, 64);
    for (const auto& step : padded) {
        ASSERT_EQ(step.combines.size(), 64u);
        for (const auto& c : step.combines)
            EXPECT_EQ(c.srcIsPadding, c.thread % 32 + step.stride >= 32);
    }

    const auto up = triples(TreeShape::WarpShuffleUp, 64);
    EXPECT_EQ(up[0].size(), 62u);  // lane 31 of each warp has no lane 32
    EXPECT_EQ(up[4].size(), 32u);
    EXPECT_EQ(up[4][15], (Triple{15, 15, 31}));
    for (const auto& step : reductionPlan(TreeShape::WarpShuffleDown, 64)) {
        EXPECT_FALSE(step.barrier);
        EXPECT_EQ(activeMask(step, 1), 0xffffffffu >> step.stride);
    }
}

TEST(ReductionPlan, ActiveMasksSequentialVersusDivergent) {
    const auto seq = reductionPlan(TreeShape::Sequential, 256);
    ASSERT_EQ(seq.size(), 8u);
    for (const auto& step : seq) {
        for (std::uint32_t w = 0; w < 8; ++w) {
            const auto m = activeMask(step, w);
            if (step.stride >= 32)
                EXPECT_TRUE(m == 0 || m == 0xffffffffu) << "s=" << step.stride << " w=" << w;
            else
                EXPECT_EQ(m, w == 0 ? (1u << step.stride) - 1 : 0u);
        }
    }
    EXPECT_EQ(activeMask(seq[0], 3), 0xffffffffu);  // s = 128: warps 0-3
    EXPECT_EQ(activeMask(seq[0], 4), 0u);

    const auto div = reductionPlan(TreeShape::InterleavedDivergent, 256);
    EXPECT_EQ(activeMask(div[0], 5), 0x55555555u);
    EXPECT_EQ(activeMask(div[1], 5), 0x11111111u);
    EXPECT_EQ(activeMask(div[4], 2), 0x00000001u);
    EXPECT_EQ(activeMask(div[5], 1), 0u);  // s = 32: threads 0, 64, 128, 192 only
    EXPECT_EQ(activeMask(div[5], 2), 0x00000001u);
    EXPECT_EQ(activeMask(div[6], 4), 0x00000001u);  // s = 64: thread 128
    EXPECT_EQ(activeMask(div[6], 2), 0u);
}

std::vector<double> leavesFrom(const std::vector<std::int32_t>& ints) {
    return {ints.begin(), ints.end()};
}

TEST(ReductionPlan, SimulatedSumsMatchTheReference) {
    for (TreeShape shape : kAllShapes) {
        for (std::uint32_t threads : {64u, 128u, 256u, 1024u}) {
            const auto ints = makeIntInput(threads, threads);
            const auto steps = simulateSums(shape, leavesFrom(ints));
            ASSERT_EQ(steps.size(), reductionPlan(shape, threads).size() + 1);
            EXPECT_EQ(steps[0], leavesFrom(ints));
            const auto& last = steps.back();
            const bool warp = shape >= TreeShape::WarpComm;
            const std::uint32_t group = warp ? 32 : threads;
            for (std::uint32_t base = 0; base < threads; base += group) {
                const std::span<const std::int32_t> part(ints.data() + base, group);
                EXPECT_EQ(last[base], double(referenceSum(part)))
                    << treeShapeName(shape) << " threads=" << threads << " base=" << base;
            }
        }
    }
}

TEST(ReductionPlan, OrderPreservingShapesComposeAffineMapsInOrder) {
    const auto op = [](Affine f, Affine g) { return combine(f, g); };
    for (TreeShape shape : kAllShapes) {
        const std::uint32_t threads = 128;
        const auto maps = makeAffineInput(threads, 42);
        const auto steps = simulatePlan(shape, maps, op, affineIdentity());
        const bool warp = shape >= TreeShape::WarpComm;
        const std::uint32_t group = warp ? 32 : threads;
        bool allMatch = true;
        for (std::uint32_t base = 0; base < threads; base += group) {
            const Affine expected =
                referenceCompose(std::span<const Affine>(maps.data() + base, group));
            allMatch = allMatch && steps.back()[base] == expected;
        }
        if (preservesOrder(shape))
            EXPECT_TRUE(allMatch) << treeShapeName(shape);
        else
            EXPECT_FALSE(allMatch) << treeShapeName(shape) << " should reorder operands";
    }
}

TEST(ReductionPlan, SwappingTwoAffineOperandsChangesTheResult) {
    auto maps = makeAffineInput(64, 1);
    const Affine before = referenceCompose(maps);
    std::swap(maps[0], maps[1]);
    EXPECT_NE(referenceCompose(maps), before);
}

TEST(ReductionPlan, PaddedShapeReadsTheIdentityBeyondTheWarp) {
    // With every leaf 1, a lane's value after the steps counts the real
    // elements it combined: lane 31 never sees anything but itself.
    const std::vector<double> ones(64, 1.0);
    const auto steps = simulateSums(TreeShape::WarpNoncommPadded, ones);
    EXPECT_EQ(steps.back()[0], 32.0);
    EXPECT_EQ(steps.back()[31], 1.0);
    EXPECT_EQ(steps.back()[32], 32.0);
    EXPECT_EQ(steps[1][30], 2.0);
    EXPECT_EQ(steps[1][31], 1.0);
}

TEST(ReductionPlan, Names) {
    EXPECT_EQ(treeShapeName(TreeShape::Sequential), "sequential");
    EXPECT_EQ(treeShapeName(TreeShape::WarpShuffleDown), "warp-shuffle-down");
    std::set<std::string> names;
    for (TreeShape s : kAllShapes) names.insert(treeShapeName(s));
    EXPECT_EQ(names.size(), kAllShapes.size());
}

}  // namespace
}  // namespace ws
