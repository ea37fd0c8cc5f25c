#include "core/memkinds/occupancy_model.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/device/occupancy.h"

namespace ws::memkinds {

namespace {

const char* limitName(OccupancyLimit limit) {
    switch (limit) {
        case OccupancyLimit::Threads:
            return "threads";
        case OccupancyLimit::Registers:
            return "registers";
        case OccupancyLimit::SharedMemory:
            return "shared memory";
        case OccupancyLimit::Blocks:
            return "block slots";
    }
    return "?";
}

}  // namespace

OccupancyLimits predictOccupancy(const DeviceInfo& device, std::uint32_t registersPerThread,
                                 std::uint32_t threadsPerBlock, std::uint32_t sharedBytesPerBlock) {
    OccupancyLimits o;
    // No registers reported counts as one; a block the device cannot run
    // (no threads, too many, too many registers or too much shared memory)
    // has no place on an SM.
    const auto predicted = ws::predictOccupancy(
        device, {.threadsPerBlock = threadsPerBlock,
                 .sharedBytesPerBlock = sharedBytesPerBlock,
                 .registersPerThread = std::max<std::uint32_t>(registersPerThread, 1)});
    if (!predicted) {
        o.limitedBy = threadsPerBlock == 0 ? "threads" : predicted.error();
        return o;
    }
    o.blocks = predicted->blocksPerSm;
    o.byRegisters = predicted->byRegisters;
    o.byThreads = predicted->byThreads;
    o.bySharedMemory = predicted->bySharedMemory;
    o.byBlockSlots = predicted->byBlocks;
    o.limitedBy = limitName(predicted->limitedBy);
    return o;
}

std::uint32_t measuredBlocksPerSm(const BlockRecords& blocks, std::uint64_t minOverlapNs) {
    // Per SM, +1 at each start and -1 at each end; at one time ends come
    // first, so a block that starts as another ends is not counted with it.
    std::map<std::uint32_t, std::vector<std::pair<std::uint64_t, int>>> events;
    const std::size_t n = std::min({blocks.sm.size(), blocks.startNs.size(), blocks.endNs.size()});
    for (std::size_t i = 0; i < n; ++i) {
        // Each block counts from minOverlapNs after its start, so two blocks
        // are counted together only where they overlap by more than that.
        const std::uint64_t from = blocks.startNs[i] + minOverlapNs;
        if (from >= blocks.endNs[i]) continue;
        events[blocks.sm[i]].push_back({from, +1});
        events[blocks.sm[i]].push_back({blocks.endNs[i], -1});
    }
    int most = 0;
    for (auto& [sm, list] : events) {
        std::sort(list.begin(), list.end());  // (-1) sorts before (+1) at one time
        int now = 0;
        for (const auto& e : list) most = std::max(most, now += e.second);
    }
    return std::uint32_t(most);
}

}  // namespace ws::memkinds
