#include "widgets/matmul/tile_walk_layout.h"

#include <algorithm>

namespace ws {

TileWalkLayout TileWalkLayout::fit(const QRectF& area, std::uint32_t n, double gap) {
    TileWalkLayout l;
    l.n = std::max<std::uint32_t>(1, n);
    const double side = std::max(1.0, std::min(area.width() - gap, area.height() - gap) / 2);
    const double left = area.left() + (area.width() - (2 * side + gap)) / 2;
    const double top = area.top();
    // The free quadrant reaches the area's left edge: in a view wider than
    // tall the squares are centred, and the text beside B had only its
    // quadrant, shrunk and cut ("0–127. P…"), with blank room to its left.
    l.corner = QRectF(area.left(), top, left + side - area.left(), side);
    l.b = QRectF(left + side + gap, top, side, side);
    l.a = QRectF(left, top + side + gap, side, side);
    l.c = QRectF(left + side + gap, top + side + gap, side, side);
    return l;
}

QRectF TileWalkLayout::on(TileMatrix m, const MatrixRect& r) const {
    const QRectF& box = m == TileMatrix::A ? a : m == TileMatrix::B ? b : c;
    const double s = box.width() / double(n);
    return QRectF(box.left() + r.col * s, box.top() + r.row * s, r.cols * s, r.rows * s);
}

std::optional<TileWalkLayout::Hit> TileWalkLayout::hit(const QPointF& p) const {
    for (auto [m, box] : {std::pair{TileMatrix::A, a}, {TileMatrix::B, b}, {TileMatrix::C, c}}) {
        if (!box.contains(p)) continue;
        const double s = box.width() / double(n);
        const auto clampIndex = [&](double v) {
            return std::uint32_t(std::clamp(v / s, 0.0, double(n - 1)));
        };
        return Hit{m, clampIndex(p.y() - box.top()), clampIndex(p.x() - box.left())};
    }
    return std::nullopt;
}

}  // namespace ws
