#include "widgets/timeline/grid_layout.h"

#include <gtest/gtest.h>

#include <set>

namespace ws {
namespace {

// Every block appears in exactly one tile, and tileOf agrees with blocksIn.
void expectPartition(const GridLayout& g) {
    std::vector<int> seen(g.grid.count(), 0);
    for (std::uint32_t r = 0; r < g.rows; ++r)
        for (std::uint32_t c = 0; c < g.cols; ++c)
            for (auto b : g.blocksIn(c, r)) {
                ASSERT_LT(b, seen.size());
                ++seen[b];
                std::uint32_t col, row;
                ASSERT_TRUE(g.tileOf(b, col, row));
                EXPECT_EQ(col, c);
                EXPECT_EQ(row, r);
            }
    for (std::size_t b = 0; b < seen.size(); ++b) EXPECT_EQ(seen[b], 1) << "block " << b;
}

TEST(GridLayout, KeepsA2DGridShape) {
    const auto g = GridLayout::compute({8, 2, 1}, 800, 400, 7);
    EXPECT_FALSE(g.wrapped);
    EXPECT_EQ(g.cols, 8u);
    EXPECT_EQ(g.rows, 2u);
    EXPECT_EQ(g.blocksPerTile(), 1u);
    EXPECT_DOUBLE_EQ(g.tile, 100);
    EXPECT_EQ(g.blocksIn(3, 1), std::vector<std::uint32_t>{11});
    expectPartition(g);
}

TEST(GridLayout, StacksZLayersBelowEachOther) {
    const auto g = GridLayout::compute({4, 3, 2}, 400, 600, 7);
    EXPECT_EQ(g.cols, 4u);
    EXPECT_EQ(g.rows, 6u);
    expectPartition(g);
}

TEST(GridLayout, WrapsA1DGridToFillTheView) {
    const auto g = GridLayout::compute({264, 1, 1}, 800, 400, 7);
    EXPECT_TRUE(g.wrapped);
    EXPECT_EQ(g.blocksPerTile(), 1u);
    EXPECT_GE(g.tile, 20);  // not a 3-pixel strip
    EXPECT_GE(g.tileCount(), 264u);
    expectPartition(g);
}

TEST(GridLayout, BinsBigGridsInsteadOfSubPixelTiles) {
    const auto g = GridLayout::compute({1'000'000, 1, 1}, 600, 300, 7);
    EXPECT_GE(g.tile, 7);
    EXPECT_GT(g.blocksPerTile(), 1u);
    EXPECT_LE(double(g.cols) * g.tile, 600 + 1e-9);
    EXPECT_LE(double(g.rows) * g.tile, 300 + 1e-9);
    expectPartition(g);
    const auto g2 = GridLayout::compute({2000, 1000, 1}, 500, 250, 7);
    EXPECT_GE(g2.tile, 7);
    EXPECT_GT(g2.blocksPerTile(), 1u);
    expectPartition(g2);
}

}  // namespace
}  // namespace ws
