#pragma once
// The lane numbers in a row of 32 lane cells (the bank and coalescing
// views). Two digits wider than a narrow cell used to sit on plates reaching
// over their neighbours, which read as fewer, wider lanes: now the numbers
// shrink to fit one cell (to 55 % of the font), every lane's where they fit
// at 70 % or more, else every fourth lane's. Only cells too narrow even for
// that still get plates. In presentation mode they shrink only to 85 %.
#include <QFont>

namespace ws {

struct LaneNumbers {
    QFont font;           // the numbers' font
    int every = 1;        // label lanes 0, every, 2 * every, ...
    bool plates = false;  // the numbers reach past their cells
};

LaneNumbers laneNumbersFor(const QFont& font, double cellWidth);

}  // namespace ws
