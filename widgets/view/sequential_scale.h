#pragma once
// A sequential colour scale for amounts (an item's cost, a warp's CAS
// attempts): one hue, so it reads the same with every common colour-vision
// deficiency and in greyscale; little is close to the background and much
// far from it (light to dark blue on a light scheme, dark to light on a dark
// one).
// Views draw the scale as a legend with its numbers, and put the numbers in
// tooltips, so the colour never carries the meaning alone.
#include <QColor>
#include <QPainter>
#include <QRect>
#include <QString>

namespace ws {

// fraction in [0, 1] (clamped): 0 nearest the background, 1 furthest.
QColor sequentialColour(double fraction);

// A horizontal ramp in `area` with `low` and `high` written at its ends and
// `caption` before it; returns the width used.
int drawSequentialLegend(QPainter& p, const QRect& area, const QString& caption, const QString& low,
                         const QString& high);

}  // namespace ws
