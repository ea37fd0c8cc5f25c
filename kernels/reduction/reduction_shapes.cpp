#include "kernels/reduction/reduction_shapes.h"

namespace ws {

StepLayout makeStepLayout(const TreePasses& passes, std::uint64_t grid, std::uint32_t tracedBlocks,
                          ElementKind kind) {
    StepLayout layout;
    layout.components = elementComponents(kind);
    if (!passes.recordsSteps) return layout;
    layout.tracedBlocks = tracedBlockIds(grid, tracedBlocks);
    layout.first = makePass(passes.first, passes.firstThreads);
    if (passes.second) layout.second = makePass(*passes.second, passes.secondThreads);
    return layout;
}

}  // namespace ws
