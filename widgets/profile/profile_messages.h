#pragma once
// What the stalls and counters views say in place of their data: the
// sentence the recorder wrote when a part of the profile could not be
// recorded, or why a run has none.
#include <QString>

#include "core/run/run.h"

namespace ws {

// "" when the run holds stall samples (counters) to draw.
QString stallsUnavailableText(const Run* run);
QString countersUnavailableText(const Run* run);

}  // namespace ws
