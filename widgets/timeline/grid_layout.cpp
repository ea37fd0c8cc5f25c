#include "widgets/timeline/grid_layout.h"

#include <algorithm>
#include <cmath>

namespace ws {

namespace {
std::uint32_t ceilDiv(std::uint64_t a, std::uint64_t b) { return std::uint32_t((a + b - 1) / b); }
}  // namespace

GridLayout GridLayout::compute(Dim3 grid, double width, double height, double minTile) {
    GridLayout g;
    g.grid = grid;
    width = std::max(width, 1.0);
    height = std::max(height, 1.0);
    const std::uint64_t n = grid.count();
    if (n == 0) return g;
    g.wrapped = grid.y == 1 && grid.z == 1;
    if (g.wrapped) {
        // Largest tile for which `tiles` tiles fit the rectangle; bin until >= minTile.
        // Largest square tile for which `tiles` tiles fit the rectangle: the
        // best column count lies next to sqrt(tiles * width / height).
        auto fit = [&](std::uint64_t tiles, std::uint32_t& cols, std::uint32_t& rows) {
            const double ideal = std::sqrt(double(tiles) * width / height);
            double best = -1;
            const long long lo = std::max(1LL, (long long)ideal - 2);
            const long long hi = std::min((long long)tiles, (long long)ideal + 3);
            for (long long c = lo; c <= std::max(lo, hi); ++c) {
                const std::uint32_t r = ceilDiv(tiles, std::uint64_t(c));
                const double t = std::min(width / double(c), height / r);
                if (t > best) {
                    best = t;
                    cols = std::uint32_t(c);
                    rows = r;
                }
            }
            return best;
        };
        std::uint32_t bin = 1;
        for (;;) {
            std::uint32_t c = 1, r = 1;
            const double t = fit(ceilDiv(n, bin), c, r);
            if (t >= minTile || ceilDiv(n, bin) == 1) {
                g.cols = c;
                g.rows = r;
                g.tile = t;
                g.binX = bin;
                break;
            }
            bin = std::max(bin + 1, std::uint32_t(std::ceil(bin * std::pow(minTile / t, 2))));
        }
        return g;
    }
    const std::uint64_t logicalRows = std::uint64_t(grid.y) * grid.z;
    const double t = std::min(width / grid.x, height / double(logicalRows));
    std::uint32_t bin = t < minTile ? std::uint32_t(std::ceil(minTile / t)) : 1;
    // Rounding up the tile counts can shrink the tile again: grow until it fits.
    for (;; ++bin) {
        g.binX = g.binY = bin;
        g.cols = ceilDiv(grid.x, bin);
        g.rows = ceilDiv(logicalRows, bin);
        g.tile = std::min(width / g.cols, height / g.rows);
        if (g.tile >= minTile || (g.cols == 1 && g.rows == 1)) return g;
    }
}

std::vector<std::uint32_t> GridLayout::blocksIn(std::uint32_t col, std::uint32_t row) const {
    std::vector<std::uint32_t> out;
    forEachBlockIn(col, row, [&](std::uint32_t b) { out.push_back(b); });
    return out;
}

bool GridLayout::tileOf(std::uint32_t block, std::uint32_t& col, std::uint32_t& row) const {
    if (block >= grid.count() || cols == 0) return false;
    if (wrapped) {
        const std::uint64_t t = block / binX;
        col = std::uint32_t(t % cols);
        row = std::uint32_t(t / cols);
        return true;
    }
    col = (block % grid.x) / binX;
    row = std::uint32_t((block / grid.x) / binY);
    return true;
}

}  // namespace ws
