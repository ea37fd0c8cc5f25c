#pragma once
// The work-queue kernels of seed 000/003 chapter 3, as the host sees them:
// three ways to hand items to blocks (a static split, one block per item,
// persistent blocks fetching from an atomic counter), each in a plain and a
// recording build. kernels/atomics/work_queue.cu holds the device code.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/atomics/atomics_settings.h"
#include "core/common/result.h"
#include "kernels/common/record_pointers.h"

namespace ws::atomics {

// How items reach blocks: the run's setting as the catalog's parser typed it.
using Strategy = QueueStrategy;

// One entry per item, written by thread 0 of the block that did it.
struct ItemRecordPointers {
    std::uint32_t* block = nullptr;
    std::uint32_t* sm = nullptr;
    std::uint64_t* startNs = nullptr;
    std::uint64_t* endNs = nullptr;
};

struct QueueBuffers {
    const std::uint32_t* iterations = nullptr;  // chain steps per thread, per item
    std::uint32_t* results = nullptr;           // the block's sum, per item
    std::uint32_t* done = nullptr;              // times each item was done (must end at 1)
    std::uint32_t* next = nullptr;              // the queue's counter (0 before a launch)
    std::uint32_t items = 0;
    // The chain's constants, passed at run time so the compiler cannot fold
    // consecutive steps into one.
    std::uint32_t multiplier = 0, increment = 0;
};

// The kernel behind a strategy, for occupancy queries and attributes.
const void* workQueueKernel(Strategy strategy, bool record);

Status launchWorkQueue(Strategy strategy, bool record, std::uint32_t grid, std::uint32_t block,
                       std::uint32_t dynamicShared, const QueueBuffers& buffers,
                       const ItemRecordPointers& items, const BlockRecordPointers& blocks,
                       cudaStream_t stream);

}  // namespace ws::atomics
