#pragma once
// From what the dynamic-parallelism kernels wrote on the device (grid slots
// and block records, kernels/concurrency/dynamic/dp_records.h) to the trace: one Launch
// per grid with its parent launch and block, depth and launch mode, its
// blocks' records, and the table "device-launches" with the time each device
// launch was asked for. Plain C++ over host copies, tested without a GPU.
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/concurrency/dynamic/dp_records.h"

namespace ws {

struct DeviceTree {
    std::vector<dp::GridSlot> slots;      // the first min(slotCount, capacity)
    std::vector<dp::BlockRecord> blocks;  // all reserved records
    std::uint32_t slotCount = 0;          // tickets drawn (may exceed the capacity)
    std::uint32_t blockCount = 0;
};

const char* gridKernelName(dp::GridKernel kernel);  // "parentDoubles", ...
const char* gridModeName(dp::GridMode mode);        // "", "fire-and-forget", "tail"

// Refuses records that ran past what was reserved, slots never written, a
// device launch that failed (naming the error), a parent slot or block that
// does not exist, and block records that belong to another grid or block.
Result<std::vector<Launch>> launchesFromTree(const DeviceTree& tree,
                                             std::vector<RecordTable>& tables);

// Per device-launched grid, its first block's start minus the time its launch
// was asked for (ns), with the mode it was launched in.
struct LaunchGap {
    dp::GridMode mode = dp::GridMode::FireAndForget;
    double ns = 0;
};
std::vector<LaunchGap> deviceLaunchGaps(const DeviceTree& tree);

}  // namespace ws
