#pragma once
// The tile walk's colours, from Okabe & Ito, each paired with a shape or a
// pattern: A's tile is blue and outlined, B's bluish green and outlined, the
// panels hatched, wrong entries crossed, the corrected tile dashed.
#include <QColor>
#include <vector>

#include "widgets/view/view_painting.h"

namespace ws::tile_walk_colours {

inline QColor matrix() { return QColor(QRgb(0xF4F4F4)); }
inline QColor panel() { return QColor(QRgb(0x9E9E9E)); }
inline QColor tileA() { return QColor(0x00, 0x72, 0xB2, 220); }  // blue
inline QColor tileB() { return QColor(0x00, 0x9E, 0x73, 220); }  // bluish green
inline QColor pastA() { return QColor(0x56, 0xB4, 0xE9, 110); }  // sky blue, faint
inline QColor pastB() { return QColor(0x00, 0x9E, 0x73, 70); }
inline QColor runningBlock() { return QColor(QRgb(0xE69F00)); }  // orange, as every view
inline QColor doneBlock() { return QColor(QRgb(0xC9DCEB)); }
inline QColor correction() { return QColor(QRgb(0xD55E00)); }  // vermillion, dashed
inline QColor wrong() { return QColor(QRgb(0xD55E00)); }       // vermillion crosses

inline std::vector<LegendItem> legend(bool withCorrection) {
    std::vector<LegendItem> items = {
        {tileA(), QObject::tr("A tile of this phase")},
        {tileB(), QObject::tr("B tile of this phase")},
        {pastA(), QObject::tr("multiplied in earlier phases")},
        {panel(), QObject::tr("row / column panel (hatched)")},
        {runningBlock(), QObject::tr("blocks running")},
        {doneBlock(), QObject::tr("blocks done")},
        {QColor(QRgb(0xD55E00)), QObject::tr("shown block's tile of C"), true},
    };
    if (withCorrection) {
        items.push_back(
            {correction(), QObject::tr("where the corrected kernel loads A (dashed)"), true});
        items.push_back({wrong(), QObject::tr("wrong entry of C (×)")});
    }
    return items;
}

}  // namespace ws::tile_walk_colours
