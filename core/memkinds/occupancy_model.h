#pragma once
// Blocks resident per SM: predicted from a kernel's registers, threads and
// shared memory by the hardware's allocation rules, and measured from a
// run's block records (the most blocks whose [start, end) overlap on one SM).
#include <cstdint>
#include <string>

#include "core/run/run.h"

namespace ws::memkinds {

struct OccupancyLimits {
    std::uint32_t blocks = 0;       // the fewest of the four below
    std::uint32_t byRegisters = 0;  // registers per SM / registers per block (warp granularity)
    std::uint32_t byThreads = 0;    // threads per SM / threads per block
    std::uint32_t bySharedMemory = 0;
    std::uint32_t byBlockSlots = 0;  // the SM's block limit
    std::string limitedBy;           // "registers", "threads", "shared memory", "block slots"
};

// The occupancy calculator's rules (core/device/occupancy.h, which the
// launch statistics read too) in the sweep's terms: registers per warp in
// 256s from one of the SM's four register-file sub-partitions, shared memory
// per block plus 1 KiB reserved from 8.0 on in 128-byte units (256 before),
// threads in whole warps; no registers reported counts as one. A block the
// device cannot run (over 255 registers, too many threads or too much shared
// memory) gets 0 blocks and the reason in limitedBy. Ties name threads
// first, then registers, shared memory, block slots.
OccupancyLimits predictOccupancy(const DeviceInfo& device, std::uint32_t registersPerThread,
                                 std::uint32_t threadsPerBlock, std::uint32_t sharedBytesPerBlock);

// The most blocks of `launch` resident on one SM at one time. Blocks that
// overlap by less than `minOverlapNs` are not counted together: a block's
// record spans thread 0's readings, and the block that replaces it on the SM
// can start within a few hundred ns of them while the last warps of the old
// one retire, which reads as one block too many (seen on the H100 at every
// register cap). Blocks held far longer than the margin overlap by far more.
std::uint32_t measuredBlocksPerSm(const BlockRecords& blocks, std::uint64_t minOverlapNs = 0);

}  // namespace ws::memkinds
