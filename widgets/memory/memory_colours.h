#pragma once
// The memory lab's colours, from Okabe & Ito so they survive colour-vision
// deficiencies and a washed-out projector. Every colour is paired with a
// shape or a pattern in the views, so nothing is told by colour alone.
#include <QColor>

#include "widgets/view/palette.h"

namespace ws::memory_colours {

inline QColor clean() { return QColor(QRgb(0x009E73)); }      // one lane, one word: bluish green
inline QColor broadcast() { return QColor(QRgb(0x56B4E9)); }  // one word, several lanes: sky blue
inline QColor conflict() { return QColor(QRgb(0xD55E00)); }   // one bank, several words: vermillion
inline QColor idle() { return QColor(QRgb(0xE4E4E4)); }
inline QColor sectorUsed() { return QColor(QRgb(0x0072B2)); }    // bytes the lanes asked for: blue
inline QColor sectorWasted() { return QColor(QRgb(0xE69F00)); }  // moved but not asked for: orange
inline QColor running() { return QColor(QRgb(0xE69F00)); }       // blocks at work: orange

// Words that flag waste (a bank conflict, sectors beyond the ideal): the
// vermillion darkened on a light background and lightened on a dark one,
// so the warning reads in every theme.
inline QColor wasteText() {
    return palette::background().lightness() < 128 ? conflict().lighter(140)
                                                   : conflict().darker(130);
}

}  // namespace ws::memory_colours
