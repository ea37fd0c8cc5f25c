#pragma once
// Predicted resident blocks per SM from the device limits, the way the CUDA
// occupancy calculator (cuda_occupancy.h) derives it, with the limit that
// binds named so the views can say why ("shared memory: 3 blocks"). The one
// model of occupancy: the memory kinds lab's sweep reads it too
// (core/memkinds/occupancy_model.h).
#include <cstdint>
#include <string>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

struct OccupancyInput {
    std::uint32_t threadsPerBlock = 0;
    std::uint32_t sharedBytesPerBlock = 0;  // static + dynamic
    std::uint32_t registersPerThread = 0;   // 0: not known, registers not considered
};

// What a kernel's cubin says one block holds beyond what its launch records
// (the block size, the dynamic shared memory): 0 registers where not known.
struct BlockResources {
    std::uint32_t registersPerThread = 0;
    std::uint32_t staticSharedBytes = 0;
};

enum class OccupancyLimit { Threads, Blocks, SharedMemory, Registers };

struct Occupancy {
    std::uint32_t blocksPerSm = 0;
    OccupancyLimit limitedBy = OccupancyLimit::Blocks;
    // Each limit alone (UINT32_MAX where it does not apply). Ties name the
    // first of threads, registers, shared memory, blocks.
    std::uint32_t byThreads = 0, byBlocks = 0, bySharedMemory = 0, byRegisters = 0;
    double occupancy = 0;  // resident warps / maximum warps per SM
};

// Errors when the block cannot run at all (too many threads, too much shared
// memory) or the device lacks the limits needed.
Result<Occupancy> predictOccupancy(const DeviceInfo& device, const OccupancyInput& input);

std::string occupancyLimitName(OccupancyLimit limit);

}  // namespace ws
