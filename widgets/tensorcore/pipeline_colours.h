#pragma once
// The pipeline view's colours. The ring's four stages take four Okabe & Ito
// colours that stay apart on a washed-out projector and for colour-blind
// eyes (blue, orange, bluish green, reddish purple); a load in flight is its
// stage's colour, lighter; waiting on a barrier is grey and hatched, so it
// reads without colour too.
#include <QColor>
#include <QObject>
#include <cstdint>
#include <vector>

#include "widgets/view/view_painting.h"

namespace ws::pipeline_colours {

inline QColor stage(std::uint32_t s) {
    static const QRgb colours[] = {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7};
    return QColor(colours[s % 4]);
}
inline QColor inFlight(std::uint32_t s) {
    QColor c = stage(s);
    c.setAlpha(95);
    return c;
}
inline QColor waiting() { return QColor(QRgb(0x7A7A7A)); }

inline std::vector<LegendItem> legend(std::uint32_t stages) {
    std::vector<LegendItem> items;
    for (std::uint32_t s = 0; s < stages && s < 4; ++s)
        items.push_back({stage(s), QObject::tr("stage %1").arg(s)});
    items.push_back({inFlight(0), QObject::tr("load in flight (lighter)")});
    items.push_back({waiting(), QObject::tr("waiting on a barrier (hatched)")});
    return items;
}

}  // namespace ws::pipeline_colours
