#pragma once
// Where each block of a launch goes in the grid view. A 2D/3D grid keeps its
// gridDim shape (z layers stacked below each other); a 1D grid is wrapped into
// rows so it fills the view. When tiles would be too small to see or click,
// neighbouring blocks share one tile (a bin) instead of vanishing into
// sub-pixel tiles. Free of Qt, so it is tested alone.
#include <cstdint>
#include <vector>

#include "core/run.h"

namespace ws {

struct GridLayout {
    Dim3 grid;
    bool wrapped = false;    // 1D grid laid out in rows
    std::uint32_t cols = 0;  // tiles across
    std::uint32_t rows = 0;  // tiles down
    std::uint32_t binX = 1;  // blocks per tile along x (wrapped: blocks per tile)
    std::uint32_t binY = 1;  // blocks per tile along y (rows of the grid)
    double tile = 0;         // tile edge in pixels

    // minTile: the smallest tile (pixels) still drawn as one block.
    static GridLayout compute(Dim3 grid, double width, double height, double minTile);
    std::uint64_t blocksPerTile() const { return std::uint64_t(binX) * binY; }
    std::uint64_t tileCount() const { return std::uint64_t(cols) * rows; }
    // Linear block ids in the tile at (col, row); empty outside the grid.
    std::vector<std::uint32_t> blocksIn(std::uint32_t col, std::uint32_t row) const;
    // Tile holding a linear block id.
    bool tileOf(std::uint32_t block, std::uint32_t& col, std::uint32_t& row) const;
};

}  // namespace ws
