#pragma once
// Where the reduction tree view puts each node: a column per shared-memory
// slot (so the x position is the slot a value lives in, and interleaved and
// sequential addressing land their results in visibly different places) and a
// row per step. Only a window of slots is laid out, so a 1024-thread block
// stays readable. Qt-free, so the geometry is tested alone.
#include <cstdint>
#include <vector>

#include "core/reduction/reduction_plan.h"

namespace ws {

inline constexpr std::uint32_t kNoThread = 0xFFFFFFFFu;

struct TreeNode {
    std::uint32_t level = 0;  // 0: the loaded leaves; k: written by step k
    std::uint32_t slot = 0;
    std::uint32_t thread = kNoThread;  // who wrote it (leaves: the slot's own thread)
};

// One operand flowing into a combine: from the node that last held `fromSlot`
// (at `fromLevel`) to the node `toSlot` written at `toLevel`.
struct TreeEdge {
    std::uint32_t fromLevel = 0, fromSlot = 0;
    std::uint32_t toLevel = 0, toSlot = 0;
    bool right = false;        // the right operand (the slot read), else the left (dst)
    bool fromOutside = false;  // the operand's slot lies outside the window
    bool fromPadding = false;  // identity read from the padded warp's extra slots
};

struct ReductionTreeLayout {
    std::uint32_t threads = 0;
    std::uint32_t firstSlot = 0;
    std::uint32_t slotCount = 0;               // columns in the window
    std::uint32_t levels = 0;                  // plan steps + 1
    std::vector<std::vector<TreeNode>> nodes;  // per level, in slot order
    std::vector<std::vector<TreeEdge>> edges;  // per level (edges into that level)

    // The window is clamped to [0, threads); slotCount 0 means every slot.
    static ReductionTreeLayout build(const std::vector<PlanStep>& plan, std::uint32_t threads,
                                     std::uint32_t firstSlot, std::uint32_t slotCount);

    bool inWindow(std::uint32_t slot) const {
        return slot >= firstSlot && slot < firstSlot + slotCount;
    }
    // Centre of a slot's column in [left, left + width); slots outside the
    // window map past its edges so that off-window operands point outward.
    double slotX(std::uint32_t slot, double left, double width) const;
    double levelY(std::uint32_t level, double top, double height) const;
    const TreeNode* node(std::uint32_t level, std::uint32_t slot) const;
    // The level at which `slot` last received a value at or before `level`.
    std::uint32_t lastWrite(std::uint32_t slot, std::uint32_t level) const;

private:
    std::vector<std::vector<std::uint32_t>> m_written;  // per slot: levels that wrote it
};

}  // namespace ws
