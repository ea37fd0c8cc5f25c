#pragma once
// How many blocks of the work-queue kernels run at once: `perSm` on every SM,
// held there by dynamic shared memory that no thread touches when fewer than
// fit, so the persistent grids cover each SM once and the per-item grid gets
// no more slots than they do.
#include <cstdint>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::atomics {

struct QueueSlots {
    std::uint32_t perSm = 0;
    std::uint32_t total = 0;          // perSm * SM count: G of the persistent strategies
    std::uint32_t dynamicShared = 0;  // bytes per block that hold the occupancy at perSm
};

// wanted = 0: as many as fit (the occupancy API, the fewest over all kernels
// and builds, so every strategy gets the same slots). Refuses more than fit,
// naming the limit.
Result<QueueSlots> chooseQueueSlots(std::uint32_t wanted, std::uint32_t block,
                                    const DeviceInfo& device, int ordinal);

}  // namespace ws::atomics
