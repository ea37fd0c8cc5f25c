#pragma once
// Blocks that are resident on one SM at the same time overlap in time. To draw
// them without overlap, each block gets a slot: the lowest slot index on its SM
// that is free at the block's start (interval-graph colouring, optimal).
#include <cstdint>
#include <vector>

#include "core/run/run.h"

namespace ws {

struct SlotAssignment {
    std::vector<std::uint32_t> slot;        // per block record
    std::vector<std::uint32_t> slotsPerSm;  // indexed by SM id (0..maxSm)
    std::uint32_t maxSlots = 0;
};

SlotAssignment assignResidencySlots(const BlockRecords& blocks);

}  // namespace ws
