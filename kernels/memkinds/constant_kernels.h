#pragma once
// The constant-memory experiment's kernel as the host sees it
// (kernels/memkinds/constant_kernels.cu): one warp reading word
// laneIndices(distinct, iterationOffset(i))[lane] at each step i, from
// __constant__ memory, or from global memory with plain loads or __ldg.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/common/record_pointers.h"

namespace ws::memkinds {

struct WarpReadArgs {
    std::uint32_t* words = nullptr;  // paths global and ldg: the same values as the constant array
    std::uint32_t distinct = 1;
    std::uint32_t loads = 0;            // timed steps
    std::uint64_t* sums = nullptr;      // 32 lanes: the sum of the timed loads
    std::uint64_t* warmSums = nullptr;  // 32 lanes: the sum of the untimed first pass
    std::int64_t* cycles = nullptr;     // lane 0's clock64 span of the timed loop
};

// The warm-up pass before the timed loop: one step per offset, so every
// word the loop reads is in its cache before the clock starts.
std::uint32_t warmupSteps();

// Fills the __constant__ array with constantValue(word), all kConstantWords.
Status uploadConstantWords(const std::uint32_t* host);

Status launchWarpReads(ConstantPath path, bool record, const WarpReadArgs& args,
                       const BlockRecordPointers& blocks, cudaStream_t stream);

}  // namespace ws::memkinds
