#pragma once
// set0's two versions for the host side: their names (the SASS listing's
// function names too) and one launcher for both, plain or recording.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "kernels/common/record_pointers.h"

namespace ws::basics {

inline constexpr const char* kSet0Mul24Name = "set0Mul24";
inline constexpr const char* kSet0MultiplyName = "set0Multiply";

Status enqueueSet0(bool mul24, bool record, std::uint32_t grid, std::uint32_t block,
                   unsigned* values, unsigned n, const BlockRecordPointers& blocks,
                   cudaStream_t stream = nullptr);

// The listing cuobjdump printed at build time, and why it is empty when it is.
const char* set0SassListing();
const char* set0SassNote();

}  // namespace ws::basics
