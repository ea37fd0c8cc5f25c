#pragma once
// The traced reduction steps of one block, arranged as the warp view shows
// them: a table of (warp, step) -> record, and the time each step began.
// Free of Qt so the lookup is tested alone.
#include <cstdint>
#include <vector>

#include "widgets/model/prepared_run.h"

namespace ws {

struct WarpStepTable {
    BlockRef block;
    std::uint32_t threads = 0;          // blockDim of the launch
    std::vector<std::uint32_t> warps;   // traced warps, ascending
    std::vector<std::uint32_t> steps;   // step indices, ascending
    std::vector<double> stepTime;       // ns after origin, earliest warp per step
    std::vector<std::int64_t> records;  // [warpRow * steps.size() + stepCol], -1 if absent
    const StepRecords* source = nullptr;

    static WarpStepTable build(const PreparedRun& prepared, const BlockRef& ref);
    bool traced() const { return !steps.empty(); }
    std::uint32_t warpCount() const { return (threads + kWarpSize - 1) / kWarpSize; }
    // Column of the step under way at time t: -1 before the first step began.
    int stepAt(double t) const;
    std::int64_t record(std::size_t warpRow, std::size_t stepCol) const;
};

}  // namespace ws
