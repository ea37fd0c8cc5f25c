#include "widgets/view/sequential_scale.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "widgets/view/palette.h"

namespace ws {

namespace {
// ColorBrewer "Blues", from its fourth class on: the third (C6DBEF) vanished
// on a projector where thin bars of cheap items lie on white.
constexpr std::array<QRgb, 6> kBlues = {0x9ECAE1, 0x6BAED6, 0x4292C6, 0x2171B5, 0x08519C, 0x08306B};
}  // namespace

QColor sequentialColour(double fraction) {
    double f = std::clamp(std::isfinite(fraction) ? fraction : 0.0, 0.0, 1.0);
    // More stands further from the background: on a dark one the ramp runs
    // from the darkest blue up to the lightest.
    if (palette::background().lightness() < 128) f = 1.0 - f;
    const double x = f * double(kBlues.size() - 1);
    const auto i = std::size_t(std::min(x, double(kBlues.size() - 2)));
    const double t = x - double(i);
    const QColor a(kBlues[i]), b(kBlues[i + 1]);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

int drawSequentialLegend(QPainter& p, const QRect& area, const QString& caption, const QString& low,
                         const QString& high) {
    const QFontMetrics fm(p.font());
    const int h = fm.height();
    int x = area.left();
    p.setPen(palette::text());
    const int captionWidth = fm.horizontalAdvance(caption + QStringLiteral(" "));
    p.drawText(QRect(x, area.top(), captionWidth, h), Qt::AlignLeft | Qt::AlignVCenter, caption);
    x += captionWidth;
    const int lowWidth = fm.horizontalAdvance(low + QStringLiteral(" "));
    p.drawText(QRect(x, area.top(), lowWidth, h), Qt::AlignLeft | Qt::AlignVCenter, low);
    x += lowWidth;
    const int ramp = 6 * h;
    for (int i = 0; i < ramp; ++i)
        p.fillRect(QRect(x + i, area.top() + h / 5, 1, h - 2 * (h / 5)),
                   sequentialColour(double(i) / (ramp - 1)));
    x += ramp + fm.horizontalAdvance(QStringLiteral(" "));
    p.drawText(QRect(x, area.top(), fm.horizontalAdvance(high) + 2, h),
               Qt::AlignLeft | Qt::AlignVCenter, high);
    return x + fm.horizontalAdvance(high) + 2 - area.left();
}

}  // namespace ws
