#include "core/device/occupancy.h"

#include <algorithm>
#include <limits>

namespace ws {

namespace {

constexpr std::uint32_t kNoLimit = std::numeric_limits<std::uint32_t>::max();
// Hardware constants of compute capability 7.0 and later (CUDA occupancy
// calculator): 1 KiB of shared memory is reserved per block, registers are
// allocated per warp in units of 256.
constexpr std::uint32_t kReservedSharedPerBlock = 1024;
constexpr std::uint32_t kRegisterAllocationUnit = 256;
constexpr std::uint32_t kMaxRegistersPerThread = 255;

std::uint32_t roundUp(std::uint64_t v, std::uint64_t unit) {
    return std::uint32_t((v + unit - 1) / unit * unit);
}

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
    if (in.sharedBytesPerBlock > 0 && d.sharedMemPerSm > 0)
        o.bySharedMemory =
            std::uint32_t(d.sharedMemPerSm) / (in.sharedBytesPerBlock + kReservedSharedPerBlock);
    o.byRegisters = kNoLimit;
    if (in.registersPerThread > 0 && d.regsPerSm > 0) {
        const std::uint32_t perWarp =
            roundUp(std::uint64_t(in.registersPerThread) * kWarpSize, kRegisterAllocationUnit);
        o.byRegisters = (std::uint32_t(d.regsPerSm) / perWarp) / warps;
    }
    o.blocksPerSm = o.byBlocks;
    o.limitedBy = OccupancyLimit::Blocks;
    // Ties name the first limit in this order: threads are the usual story.
    for (auto [limit, value] : {std::pair{OccupancyLimit::Threads, o.byThreads},
                                {OccupancyLimit::SharedMemory, o.bySharedMemory},
                                {OccupancyLimit::Registers, o.byRegisters}}) {
        if (value < o.blocksPerSm || (value == o.blocksPerSm && limit == OccupancyLimit::Threads)) {
            o.blocksPerSm = value;
            o.limitedBy = limit;
        }
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
