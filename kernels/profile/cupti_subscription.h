#pragma once
// warpscope-record's one CUPTI subscriber (a process may have only one):
// it keeps each cubin as the driver loads it (kernels/profile/cubin_store.h)
// and enables stall sampling on each context as it is made.
// CUPTI places a sample only in a module it saw loaded with sampling
// enabled, so both must happen before the first kernel runs.
#include "core/common/result.h"

namespace ws::profile {

// Subscribes once; later calls return the first answer. Contexts made from
// now on have stall sampling enabled (idle until a profile starts it).
Status subscribeToCupti();

}  // namespace ws::profile
