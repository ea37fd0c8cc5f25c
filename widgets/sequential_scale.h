#pragma once
// A sequential colour scale for amounts (an item's cost, a warp's CAS
// attempts): light blue for little, dark blue for much, one hue, so it reads
// the same with every common colour-vision deficiency and in greyscale.
// Views draw the scale as a legend with its numbers, and put the numbers in
// tooltips, so the colour never carries the meaning alone.
#include <QColor>
#include <QPainter>
#include <QRect>
#include <QString>

namespace ws {

// fraction in [0, 1] (clamped): 0 the lightest, 1 the darkest.
QColor sequentialColour(double fraction);

// A horizontal ramp in `area` with `low` and `high` written at its ends and
// `caption` before it; returns the width used.
int drawSequentialLegend(QPainter& p, const QRect& area, const QString& caption, const QString& low,
                         const QString& high);

}  // namespace ws
