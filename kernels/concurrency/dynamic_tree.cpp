#include "kernels/concurrency/dynamic_tree.h"

#include <cuda_runtime_api.h>

#include <algorithm>

#include "core/concurrency/concurrency_tables.h"

namespace ws {

const char* gridKernelName(dp::GridKernel kernel) {
    switch (kernel) {
        case dp::GridKernel::Parent:
            return "parentDoubles";
        case dp::GridKernel::Child:
            return "childAddsOne";
        case dp::GridKernel::ReduceLevel:
            return "reduction";
    }
    return "unknown";
}

const char* gridModeName(dp::GridMode mode) {
    switch (mode) {
        case dp::GridMode::Host:
            return "";
        case dp::GridMode::FireAndForget:
            return "fire-and-forget";
        case dp::GridMode::Tail:
            return "tail";
    }
    return "unknown";
}

namespace {

Status checkSlot(const dp::GridSlot& s, std::size_t index, std::size_t slots) {
    const std::string at = "grid " + std::to_string(index) + ": ";
    if (!s.written) return makeError(at + "its launching thread never filled its record");
    if (s.launchError != 0)
        return makeError(
            at + "the device-side launch failed: " + cudaGetErrorName(cudaError_t(s.launchError)));
    if (s.kernel > std::uint32_t(dp::GridKernel::ReduceLevel) ||
        s.mode > std::uint32_t(dp::GridMode::Tail))
        return makeError(at + "kernel " + std::to_string(s.kernel) + " or mode " +
                         std::to_string(s.mode) + " is unknown");
    if (s.grid == 0 || s.block == 0) return makeError(at + "has an empty grid or block");
    if (s.parentSlot != dp::kNoSlot && s.parentSlot >= slots)
        return makeError(at + "parent grid " + std::to_string(s.parentSlot) + " does not exist");
    return {};
}

}  // namespace

Result<std::vector<Launch>> launchesFromTree(const DeviceTree& tree,
                                             std::vector<RecordTable>& tables) {
    if (tree.slotCount > tree.slots.size())
        return makeError("the device launched " + std::to_string(tree.slotCount) +
                         " grids, records were reserved for " + std::to_string(tree.slots.size()));
    if (tree.blockCount > tree.blocks.size())
        return makeError("the device's grids have " + std::to_string(tree.blockCount) +
                         " blocks, records were reserved for " +
                         std::to_string(tree.blocks.size()));
    std::vector<Launch> launches(tree.slotCount);
    std::vector<std::uint32_t> launchColumn;
    std::vector<std::uint64_t> requestColumn;
    for (std::uint32_t i = 0; i < tree.slotCount; ++i) {
        const dp::GridSlot& s = tree.slots[i];
        if (Status st = checkSlot(s, i, tree.slotCount); !st) return makeError(st.error());
        Launch& l = launches[i];
        l.kernel = gridKernelName(dp::GridKernel(s.kernel));
        l.grid = {s.grid, 1, 1};
        l.block = {s.block, 1, 1};
        l.sharedBytes = dp::GridKernel(s.kernel) == dp::GridKernel::ReduceLevel ? s.block * 4 : 0;
        l.depth = s.depth;
        l.launchMode = gridModeName(dp::GridMode(s.mode));
        if (s.parentSlot != dp::kNoSlot) {
            const dp::GridSlot& parent = tree.slots[s.parentSlot];
            if (s.parentBlock >= parent.grid)
                return makeError("grid " + std::to_string(i) + ": parent block " +
                                 std::to_string(s.parentBlock) + " is not a block of grid " +
                                 std::to_string(s.parentSlot));
            l.parentLaunch = std::int32_t(s.parentSlot);
            l.parentBlock = s.parentBlock;
            launchColumn.push_back(i);
            requestColumn.push_back(s.requestNs);
        }
        if (std::uint64_t(s.firstBlockRecord) + s.grid > tree.blocks.size())
            return makeError("grid " + std::to_string(i) + ": its block records run past the " +
                             std::to_string(tree.blocks.size()) + " reserved");
        BlockRecords& b = l.blocks;
        for (std::uint32_t k = 0; k < s.grid; ++k) {
            const dp::BlockRecord& r = tree.blocks[s.firstBlockRecord + k];
            if (!r.written) continue;  // a block that did not record (records are optional)
            if (r.slot != i || r.block != k)
                return makeError("grid " + std::to_string(i) + ": block record " +
                                 std::to_string(k) + " belongs to grid " + std::to_string(r.slot) +
                                 " block " + std::to_string(r.block));
            b.block.push_back(k);
            b.sm.push_back(r.sm);
            b.startNs.push_back(r.startNs);
            b.endNs.push_back(r.endNs);
            b.startClock.push_back(r.startClock);
            b.endClock.push_back(r.endClock);
        }
    }
    RecordTable& requests = addTable(tables, tables::kDeviceLaunches);
    requests.add<std::uint32_t>("launch") = std::move(launchColumn);
    requests.add<std::uint64_t>("requestNs") = std::move(requestColumn);
    return launches;
}

std::vector<LaunchGap> deviceLaunchGaps(const DeviceTree& tree) {
    std::vector<LaunchGap> gaps;
    const std::uint32_t count = std::min<std::uint32_t>(tree.slotCount, tree.slots.size());
    for (std::uint32_t i = 0; i < count; ++i) {
        const dp::GridSlot& s = tree.slots[i];
        if (s.parentSlot == dp::kNoSlot || !s.written) continue;
        std::uint64_t first = ~0ull;
        for (std::uint32_t k = 0; k < s.grid && s.firstBlockRecord + k < tree.blocks.size(); ++k) {
            const dp::BlockRecord& r = tree.blocks[s.firstBlockRecord + k];
            if (r.written) first = std::min(first, r.startNs);
        }
        if (first == ~0ull) continue;
        gaps.push_back({dp::GridMode(s.mode), double(std::int64_t(first - s.requestNs))});
    }
    return gaps;
}

}  // namespace ws
