#pragma once
// The exact numbers of one block, as every view's tooltip shows them.
#include <QString>

#include "widgets/model/prepared_run.h"

namespace ws {

QString blockTitle(const PreparedRun& prepared, const BlockRef& ref);  // "Block 17 (x 17, y 0)"
QString blockTooltip(const PreparedRun& prepared, const BlockRef& ref, double time);
QString stateName(BlockState state);

}  // namespace ws
