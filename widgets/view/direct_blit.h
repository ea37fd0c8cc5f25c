#pragma once
// Puts an opaque image on a painter's raster device by writing its pixels
// straight into the device's memory, in parallel rows: at 4K the copy of a
// 30 MB frame through QPainter::drawImage costs a quarter of a frame budget
// on two cores. Falls back to drawImage wherever writing directly would not
// give exactly what drawImage gives: another paint engine (SVG, PDF), a
// device that is no 32-bit image, a transform beyond a whole-pixel
// translation, a device pixel ratio other than 1, or an opacity.
#include <QImage>
#include <QPainter>
#include <QRect>

namespace ws {

// Draws `source` (RGB32 or ARGB32_Premultiplied, opaque) with its pixels
// `scale` times as large (a whole number from 1 to 8), its top left corner at `at`, clipped to
// `clip` and to the painter's clip. Returns whether it wrote directly (for
// tests and the benchmark).
bool blitOpaque(QPainter& painter, const QImage& source, QPoint at, int scale, const QRect& clip);

}  // namespace ws
