#include "core/memkinds/occupancy_model.h"

#include <algorithm>
#include <map>
#include <utility>

namespace ws::memkinds {

namespace {

std::uint64_t roundUp(std::uint64_t v, std::uint64_t unit) { return (v + unit - 1) / unit * unit; }

constexpr std::uint32_t kRegisterUnit = 256;  // registers are allocated per warp in 256s
constexpr std::uint32_t kSubPartitions = 4;   // each SM's register file is split four ways
constexpr std::uint32_t kMaxRegistersPerThread = 255;

}  // namespace

OccupancyLimits predictOccupancy(const DeviceInfo& device, std::uint32_t registersPerThread,
                                 std::uint32_t threadsPerBlock, std::uint32_t sharedBytesPerBlock) {
    OccupancyLimits o;
    const std::uint64_t warps = (std::uint64_t(threadsPerBlock) + kWarpSize - 1) / kWarpSize;
    if (warps == 0) {
        o.limitedBy = "threads";
        return o;
    }
    const std::uint32_t regs = std::max<std::uint32_t>(registersPerThread, 1);

    // Registers: a warp takes regs x 32 rounded up to the unit, from one
    // quarter of the file (a sub-partition), as cuda_occupancy.h computes it.
    const std::uint64_t perWarp = roundUp(std::uint64_t(regs) * kWarpSize, kRegisterUnit);
    const std::uint64_t warpsByRegs =
        std::uint64_t(std::max(device.regsPerSm, 0)) / kSubPartitions / perWarp * kSubPartitions;
    o.byRegisters = regs > kMaxRegistersPerThread ? 0 : std::uint32_t(warpsByRegs / warps);

    o.byThreads =
        std::uint32_t(std::uint64_t(std::max(device.maxThreadsPerSm, 0)) / kWarpSize / warps);

    // Shared memory: allocated in 128-byte units (256 before 8.0), plus the
    // 1 KiB the system reserves per block from 8.0 on.
    const bool ampereOrLater = device.ccMajor >= 8;
    const std::uint64_t shared = roundUp(
        std::uint64_t(sharedBytesPerBlock) + (ampereOrLater ? 1024 : 0), ampereOrLater ? 128 : 256);
    const std::uint64_t smShared = std::uint64_t(std::max(device.sharedMemPerSm, 0));
    o.bySharedMemory = shared == 0 ? std::uint32_t(std::max(device.maxBlocksPerSm, 0))
                                   : std::uint32_t(smShared / shared);

    o.byBlockSlots = std::uint32_t(std::max(device.maxBlocksPerSm, 0));

    // The smallest limit. Ties go to threads first: a block that fills the
    // SM's threads is at full occupancy, whatever else binds with it.
    const std::pair<std::uint32_t, const char*> limits[] = {{o.byThreads, "threads"},
                                                            {o.byRegisters, "registers"},
                                                            {o.bySharedMemory, "shared memory"},
                                                            {o.byBlockSlots, "block slots"}};
    const auto* least = &limits[0];
    for (const auto& l : limits)
        if (l.first < least->first) least = &l;
    o.blocks = least->first;
    o.limitedBy = least->second;
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
