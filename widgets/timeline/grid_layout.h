#pragma once
// Where each block of a launch goes in the grid view. A 2D/3D grid keeps its
// gridDim shape (z layers stacked below each other); a 1D grid is wrapped into
// rows so it fills the view. When tiles would be too small to see or click,
// neighbouring blocks share one tile (a bin) instead of vanishing into
// sub-pixel tiles. Free of Qt, so it is tested alone.
#include <cstdint>
#include <vector>

#include "core/run/run.h"

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
    // The same without allocating, for painting a million blocks per frame.
    template <typename F>
    void forEachBlockIn(std::uint32_t col, std::uint32_t row, F&& f) const {
        if (col >= cols || row >= rows) return;
        const std::uint64_t n = grid.count();
        if (wrapped) {
            const std::uint64_t first = (std::uint64_t(row) * cols + col) * binX;
            const std::uint64_t last = first + binX < n ? first + binX : n;
            for (std::uint64_t b = first; b < last; ++b) f(std::uint32_t(b));
            return;
        }
        const std::uint64_t logicalRows = std::uint64_t(grid.y) * grid.z;
        const std::uint64_t y1 = std::uint64_t(row + 1) * binY < logicalRows
                                     ? std::uint64_t(row + 1) * binY
                                     : logicalRows;
        const std::uint64_t x1 =
            std::uint64_t(col + 1) * binX < grid.x ? std::uint64_t(col + 1) * binX : grid.x;
        for (std::uint64_t ly = std::uint64_t(row) * binY; ly < y1; ++ly)
            for (std::uint64_t x = std::uint64_t(col) * binX; x < x1; ++x)
                f(std::uint32_t(x + std::uint64_t(grid.x) * ly));
    }
    // Tile holding a linear block id.
    bool tileOf(std::uint32_t block, std::uint32_t& col, std::uint32_t& row) const;
};

}  // namespace ws
