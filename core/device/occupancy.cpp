#include "core/device/occupancy.h"

#include <algorithm>
#include <limits>

namespace ws {

namespace {

constexpr std::uint32_t kNoLimit = std::numeric_limits<std::uint32_t>::max();
// The CUDA occupancy calculator's rules (cuda_occupancy.h): registers are
// allocated per warp in units of 256 from one of the SM's four register-file
// sub-partitions; shared memory in units of 128 bytes (256 before 8.0), plus
// 1 KiB the system reserves per block from 8.0 on.
constexpr std::uint32_t kRegisterAllocationUnit = 256;
constexpr std::uint32_t kRegisterSubPartitions = 4;
constexpr std::uint32_t kMaxRegistersPerThread = 255;

std::uint64_t roundUp(std::uint64_t v, std::uint64_t unit) { return (v + unit - 1) / unit * unit; }

}  // namespace

Result<Occupancy> predictOccupancy(const DeviceInfo& d, const OccupancyInput& in) {
    if (d.maxThreadsPerSm <= 0 || d.maxBlocksPerSm <= 0)
        return makeError("the device does not report its per-SM thread and block limits");
    if (in.threadsPerBlock == 0) return makeError("a block needs at least one thread");
    if (d.maxThreadsPerBlock > 0 && in.threadsPerBlock > std::uint32_t(d.maxThreadsPerBlock))
        return makeError("a block of " + std::to_string(in.threadsPerBlock) +
                         " threads exceeds the device limit of " +
                         std::to_string(d.maxThreadsPerBlock));
    const std::uint32_t sharedLimit =
        std::uint32_t(std::max(d.sharedMemPerBlockOptin, d.sharedMemPerBlock));
    if (sharedLimit > 0 && in.sharedBytesPerBlock > sharedLimit)
        return makeError(std::to_string(in.sharedBytesPerBlock) +
                         " bytes of shared memory per block exceed the device limit of " +
                         std::to_string(sharedLimit));
    if (in.registersPerThread > kMaxRegistersPerThread)
        return makeError(std::to_string(in.registersPerThread) +
                         " registers per thread exceed the limit of 255");

    const std::uint32_t warps = (in.threadsPerBlock + kWarpSize - 1) / kWarpSize;
    Occupancy o;
    // Threads are scheduled in whole warps.
    o.byThreads = std::uint32_t(d.maxThreadsPerSm) / (warps * kWarpSize);
    o.byBlocks = std::uint32_t(d.maxBlocksPerSm);
    o.bySharedMemory = kNoLimit;
    if (d.sharedMemPerSm > 0) {
        const bool reserves = d.ccMajor >= 8;
        const std::uint64_t perBlock = roundUp(
            std::uint64_t(in.sharedBytesPerBlock) + (reserves ? 1024 : 0), reserves ? 128 : 256);
        if (perBlock > 0)
            o.bySharedMemory = std::uint32_t(std::uint64_t(d.sharedMemPerSm) / perBlock);
    }
    o.byRegisters = kNoLimit;
    if (in.registersPerThread > 0 && d.regsPerSm > 0) {
        const std::uint64_t perWarp =
            roundUp(std::uint64_t(in.registersPerThread) * kWarpSize, kRegisterAllocationUnit);
        const std::uint64_t warpsBySubPartition =
            std::uint64_t(d.regsPerSm) / kRegisterSubPartitions / perWarp;
        o.byRegisters = std::uint32_t(warpsBySubPartition * kRegisterSubPartitions / warps);
    }
    // The fewest; ties name the first in this order (a block that fills the
    // SM's threads is at full occupancy, whatever else binds with it).
    o.blocksPerSm = kNoLimit;
    for (auto [limit, value] : {std::pair{OccupancyLimit::Threads, o.byThreads},
                                {OccupancyLimit::Registers, o.byRegisters},
                                {OccupancyLimit::SharedMemory, o.bySharedMemory},
                                {OccupancyLimit::Blocks, o.byBlocks}})
        if (value < o.blocksPerSm) {
            o.blocksPerSm = value;
            o.limitedBy = limit;
        }
    const double maxWarps = double(d.maxThreadsPerSm) / kWarpSize;
    o.occupancy = double(o.blocksPerSm) * warps / maxWarps;
    return o;
}

std::string occupancyLimitName(OccupancyLimit limit) {
    switch (limit) {
        case OccupancyLimit::Threads:
            return "threads per SM";
        case OccupancyLimit::Blocks:
            return "blocks per SM";
        case OccupancyLimit::SharedMemory:
            return "shared memory per SM";
        case OccupancyLimit::Registers:
            return "registers per SM";
    }
    return "unknown";
}

}  // namespace ws
