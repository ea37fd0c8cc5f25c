#include "widgets/lane_numbers.h"

#include <QFontMetricsF>
#include <algorithm>

namespace ws {

LaneNumbers laneNumbersFor(const QFont& font, double cellWidth) {
    LaneNumbers n{font, 1, false};
    const double wide = QFontMetricsF(font).horizontalAdvance(QStringLiteral("00")) + 2;
    if (wide <= cellWidth) return n;
    const double scale = cellWidth / wide;
    if (font.pointSizeF() > 0) {
        n.font.setPointSizeF(font.pointSizeF() * std::max(0.55, scale));
    } else {
        n.font.setPixelSize(std::max(1, int(font.pixelSize() * std::max(0.55, scale))));
    }
    n.every = scale >= 0.7 ? 1 : 4;
    n.plates = scale < 0.55;
    return n;
}

}  // namespace ws
