// The occupancy sweep of local-memory: the busy kernel under each register
// cap, launched with three waves of blocks (every SM filled three times
// over), each block busy for kHoldNs so the blocks an SM holds at once
// overlap; the most blocks seen overlapping on one SM (measuredBlocksPerSm,
// from the block records) against what the occupancy API predicts.
#include <algorithm>

#include "core/memkinds/occupancy_model.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memkinds/local_kernels.h"
#include "kernels/memkinds/memkinds_launch.h"

namespace ws::memkinds {

namespace {
constexpr std::uint64_t kHoldNs = 50000;
constexpr std::uint32_t kWaves = 3;
// Blocks held together overlap by about kHoldNs; a block and the one that
// replaces it on the SM, by at most the time its last warps take to retire.
constexpr std::uint64_t kMinOverlapNs = 5000;
}  // namespace

Result<OccupancySweep> sweepOccupancy(const DeviceInfo& limits, std::uint32_t block,
                                      std::uint32_t sharedBytes) {
    OccupancySweep sweep;
    const auto sms = std::uint32_t(std::max(limits.smCount, 1));
    DeviceBuffer<std::uint32_t> sink;
    atomics::BlockRecordStorage storage;
    if (Status s = sink.allocate(1); !s) return makeError(s.error());
    for (std::uint32_t cap : occupancyCaps()) {
        auto resources = busyResources(cap);
        if (!resources) return makeError(resources.error());
        auto perSm = busyBlocksPerSm(cap, block, sharedBytes);
        if (!perSm) return makeError(perSm.error());
        if (*perSm < 1) {
            sweep.skipped += (sweep.skipped.empty() ? "" : "; ") + std::string("cap ") +
                             std::to_string(cap) + " (" + std::to_string(resources->registers) +
                             " registers): no block of " + std::to_string(block) +
                             " threads fits an SM";
            continue;
        }
        const std::uint32_t grid = sms * std::uint32_t(*perSm) * kWaves;
        if (Status s =
                memory::checkShape(limits, "busy", dim3(grid), dim3(block), sharedBytes, true);
            !s)
            return makeError(s.error());
        if (Status s = memory::checkFreeMemory(
                "the occupancy sweep",
                std::uint64_t(grid) * atomics::BlockRecordStorage::kBytesPerBlock);
            !s)
            return makeError(s.error());
        if (Status s = storage.allocate(grid); !s) return makeError(s.error());
        if (Status s = launchBusy(cap, grid, block, sharedBytes, kHoldNs, sink.get(),
                                  storage.pointers(), nullptr);
            !s)
            return makeError(s.error());
        BlockRecords records;
        if (Status s = storage.download(records); !s) return makeError(s.error());
        const auto unwritten = std::count(records.block.begin(), records.block.end(), 0xffffffffu);
        if (unwritten > 0)
            return makeError("busy (cap " + std::to_string(cap) +
                             "): " + std::to_string(unwritten) + " blocks wrote no record");
        OccupancyPoint p;
        p.registersPerThread = resources->registers;
        p.localBytesPerThread = resources->localBytes;
        p.threadsPerBlock = block;
        p.sharedBytesPerBlock = sharedBytes;
        p.predictedBlocksPerSm = std::uint32_t(*perSm);
        p.measuredBlocksPerSm = measuredBlocksPerSm(records, kMinOverlapNs);
        sweep.points.push_back(p);
    }
    return sweep;
}

}  // namespace ws::memkinds
