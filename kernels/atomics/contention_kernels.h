#pragma once
// The contention kernel as the host sees it (kernels/atomics/atomic_contention.cu).
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "kernels/common/record_pointers.h"

namespace ws::atomics {

struct ContentionArgs {
    std::uint32_t* counters = nullptr;      // addresses * spacing words
    std::uint64_t* blockTickets = nullptr;  // per block: the sum of the values atomicAdd returned
    std::uint32_t threads = 0;
    std::uint32_t addresses = 1;
    std::uint32_t spacingWords = 1;  // 1: neighbouring words; 32: one counter per 128-byte line
    std::uint32_t perThread = 1;
};

Status launchContention(bool record, std::uint32_t grid, std::uint32_t block,
                        const ContentionArgs& args, const BlockRecordPointers& blocks,
                        cudaStream_t stream);

}  // namespace ws::atomics
