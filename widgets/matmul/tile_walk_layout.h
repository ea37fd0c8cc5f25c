#pragma once
// Where the tile walk draws its three n x n matrices: B above C, A to the
// left of C, so a row panel of A and a column panel of B meet at the block's
// tile of C; the free corner holds the captions. Pure geometry, tested alone.
#include <QPointF>
#include <QRectF>
#include <optional>

#include "core/matmul/matmul_variants.h"

namespace ws {

enum class TileMatrix { A, B, C };

struct TileWalkLayout {
    std::uint32_t n = 1;
    QRectF a, b, c;  // each square, n x n elements
    QRectF corner;   // the free room above A, left of B, from the area's left edge

    static TileWalkLayout fit(const QRectF& area, std::uint32_t n, double gap);
    double scale() const { return c.width() / double(n); }  // px per element
    QRectF on(TileMatrix m, const MatrixRect& r) const;
    // The matrix and element (row, column) under a point.
    struct Hit {
        TileMatrix matrix;
        std::uint32_t row, col;
    };
    std::optional<Hit> hit(const QPointF& p) const;
};

}  // namespace ws
