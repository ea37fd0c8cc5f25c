#pragma once
// The device record layout of a reduction experiment, from its tree passes
// (core/reduction/reduction_shapes.h) and the blocks chosen for tracing.
#include <cstdint>

#include "core/reduction/reduction_shapes.h"
#include "kernels/common/record_layout.h"

namespace ws {

StepLayout makeStepLayout(const TreePasses& passes, std::uint64_t grid, std::uint32_t tracedBlocks,
                          ElementKind kind);

}  // namespace ws
