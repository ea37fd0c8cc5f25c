#pragma once
// The argmin kernels as the host sees them: the blog's three atomicCAS loops
// (kernels/atomics/argmin_cas.cu), a block-wide shuffle reduction with one 64-bit
// atomicMin per block (kernels/atomics/argmin_fast.cu) and cub::DeviceReduce::ArgMin
// (kernels/atomics/argmin_cub.cu).
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "core/common/result.h"
#include "kernels/common/record_pointers.h"

namespace ws::atomics {

enum class CasLoop { Original, Modified, ModifiedNew };

// Where the CAS kernels write their records. Traced blocks are every
// `stride`-th block up to `strided` of them, then the last block in slot
// `lastSlot` (-1: not traced apart); see core/atomics/cas_records.h.
struct CasRecordPointers {
    std::uint32_t stride = 1, strided = 0;
    std::int32_t lastSlot = -1;
    std::uint32_t* threadAttempts = nullptr;  // [slot * blockDim + thread]
    std::uint32_t* threadElements = nullptr;
    std::uint64_t* warpStartNs = nullptr;  // [slot * warps + warp]
    std::uint64_t* warpEndNs = nullptr;
    std::uint32_t* warpSum = nullptr;
    std::uint32_t* warpMax = nullptr;
    std::uint32_t* histogram = nullptr;  // kCasHistogramBins bins over every thread
    unsigned long long* totalAttempts = nullptr;
    std::uint32_t* maxAttempts = nullptr;
};

// `result` holds the blog's ValueAndIndex word; the caller sets it to
// (FLT_MAX, -1) before each launch.
Status launchArgminCas(CasLoop loop, bool record, std::uint32_t grid, std::uint32_t block,
                       const float* values, std::uint32_t n, unsigned long long* result,
                       const CasRecordPointers& records, const BlockRecordPointers& blocks,
                       cudaStream_t stream);

// Per block: the word it proposed and whether its atomicMin lowered the result.
struct BlockMinPointers {
    unsigned long long* word = nullptr;
    std::uint8_t* improved = nullptr;
};

// One full wave of blocks for `block` threads (occupancy times SMs).
Result<std::uint32_t> argminShuffleWave(std::uint32_t block, int smCount);
// `result` holds minWord(value, index) (core/atomics/argmin_reference.h); the caller
// sets it to all ones before each launch.
Status launchArgminShuffle(bool record, std::uint32_t grid, std::uint32_t block,
                           const float* values, std::uint32_t n, unsigned long long* result,
                           const BlockMinPointers& records, const BlockRecordPointers& blocks,
                           cudaStream_t stream);

// cub::DeviceReduce::ArgMin; with temp == nullptr only sets tempBytes.
Status cubArgmin(void* temp, std::size_t& tempBytes, const float* values, std::uint64_t n,
                 float* minOut, std::int64_t* indexOut, cudaStream_t stream);

}  // namespace ws::atomics
