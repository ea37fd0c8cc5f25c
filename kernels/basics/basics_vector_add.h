#pragma once
// The seed's addKernel, for the host side of the lab: where a recording
// launch writes its per-thread records, and one launcher for its four builds
// (with or without recording, with or without the bounds check).
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "kernels/common/record_pointers.h"

namespace ws::basics {

// Slot s of a traced block: thread rows [s * blockDim, (s + 1) * blockDim),
// warp rows [s * warps, (s + 1) * warps) with 32 lane values each.
struct AddTrace {
    std::uint32_t tracedBlock[kMaxTracedSlots] = {};
    std::uint32_t tracedCount = 0;
    std::uint32_t warps = 0;
    std::uint32_t* index = nullptr;
    std::uint8_t* wrote = nullptr;
    std::int32_t* value = nullptr;
    std::uint32_t* mask = nullptr;
    std::int64_t* clock = nullptr;
    std::int32_t* before = nullptr;
    std::int32_t* after = nullptr;
    BlockRecordPointers blocks;
};

Status enqueueAdd(bool record, bool boundsCheck, std::uint32_t grid, std::uint32_t block,
                  std::int32_t* c, const std::int32_t* a, const std::int32_t* b, std::int32_t n,
                  const AddTrace& trace, cudaStream_t stream = nullptr);

// Sets `count` ints at `p` to `value` (the guard canaries).
Status fillInts(std::int32_t* p, std::uint64_t count, std::int32_t value,
                cudaStream_t stream = nullptr);

}  // namespace ws::basics
