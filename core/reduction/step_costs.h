#pragma once
// What each traced step of a block cost and how its warps ran it: the active
// lanes per warp, which warps diverged (some lanes active, some not), and the
// clock64 cycles from the step's start to the next one's. Makes the price of
// divergence and of __syncthreads a number.
#include <cstdint>
#include <vector>

#include "core/run/run.h"

namespace ws {

// Some but not all lanes of the warp take the branch: both paths run.
inline bool isDivergent(std::uint32_t mask) { return mask != 0 && mask != 0xFFFFFFFFu; }

struct StepCost {
    std::uint32_t step = 0;
    std::vector<std::uint32_t> warps;  // traced warps, ascending
    std::vector<std::uint32_t> masks;  // active lanes, per warp in `warps`
    std::int64_t startClock = 0;       // earliest warp's clock64 at the step's start
    std::int64_t cycles = -1;  // to the next step's start (last: to the block's end); -1 unknown
    std::uint32_t activeLanes = 0;
    std::uint32_t activeWarps = 0;  // warps with at least one active lane
    std::uint32_t divergentWarps = 0;
};

// Steps of `block` in ascending order (first pass, then a second pass the
// block recorded). `endClock` of the block record, when known, closes the
// last step.
std::vector<StepCost> stepCosts(const Launch& launch, std::uint32_t block);

}  // namespace ws
