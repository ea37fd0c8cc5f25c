#pragma once
// The bandwidth kernels as the host sees them (kernels/memkinds/bandwidth_kernels.cu):
// every block reading its slices of a working set in global memory
// (kernels/memkinds/bandwidth_plan.h), or its own array in shared memory.
// Each block writes the sum of the words it read.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "kernels/common/record_pointers.h"
#include "kernels/memkinds/bandwidth_plan.h"

namespace ws::memkinds {

// Writes bandwidthWord(i) into words [0, 4 * vectors).
Status fillBandwidthData(std::uint32_t* words, std::uint64_t vectors, cudaStream_t stream);

// Blocks of `block` threads one SM holds at once, from the occupancy API.
Result<int> readSetBlocksPerSm(std::uint32_t block);
Result<int> readSharedBlocksPerSm(std::uint32_t block);

// l2Only: the loads skip L1 (ld.global.cg).
Status launchReadSet(bool record, bool l2Only, const BandwidthPlan& plan,
                     const std::uint32_t* words, std::uint64_t* partials,
                     const BlockRecordPointers& blocks, cudaStream_t stream);
Status launchReadShared(bool record, std::uint32_t grid, std::uint32_t block, std::uint32_t passes,
                        std::uint64_t* partials, const BlockRecordPointers& blocks,
                        cudaStream_t stream);

}  // namespace ws::memkinds
