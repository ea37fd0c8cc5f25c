#include "widgets/view/lane_numbers.h"

#include <QFontMetricsF>
#include <algorithm>

#include "widgets/view/ui_scale.h"

namespace ws {

LaneNumbers laneNumbersFor(const QFont& font, double cellWidth) {
    LaneNumbers n{font, 1, false};
    const double wide = QFontMetricsF(font).horizontalAdvance(QStringLiteral("00")) + 2;
    if (wide <= cellWidth) return n;
    // On a projector the numbers keep 85 % of the slide's font, the smallest
    // a room reads (tests/app/gui/lesson_readability_test.cpp); plates beyond.
    const double least = UiScale::instance()->modeFactor() > 1 ? 0.85 : 0.55;
    const double scale = std::max(least, cellWidth / wide);
    if (font.pointSizeF() > 0)
        n.font.setPointSizeF(font.pointSizeF() * scale);
    else
        n.font.setPixelSize(std::max(1, int(font.pixelSize() * scale)));
    n.plates = cellWidth / wide < least;  // even the least size reaches over
    n.every = scale >= 0.7 && !n.plates ? 1 : 4;
    return n;
}

}  // namespace ws
