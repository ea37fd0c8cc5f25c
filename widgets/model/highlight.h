#pragma once
// What a lesson slide (or a fragment of one) points at: a block, a warp, a
// lane, a bank, a tile, a step, a work item. Views draw what applies to them
// emphasised and ignore the rest; -1 means "nothing of this kind".
#include <QPoint>
#include <QtGlobal>

namespace ws {

struct Highlight {
    int launch = -1;
    qint64 block = -1;  // linear block index in `launch` (or launch 0)
    int warp = -1;
    int lane = -1;
    int bank = -1;
    int step = -1;
    QPoint tile{-1, -1};  // (column, row) of a tile, as the matmul and image views count them
    qint64 item = -1;     // a work item, a greeting, a page
    int access = -1;      // the traced instruction the banks and coalescing views show
    int line = -1;        // a source line of the kernel the stalls view marks
    bool empty() const {
        return launch < 0 && block < 0 && warp < 0 && lane < 0 && bank < 0 && step < 0 &&
               tile.x() < 0 && item < 0 && access < 0 && line < 0;
    }
    bool operator==(const Highlight&) const = default;
};

}  // namespace ws
