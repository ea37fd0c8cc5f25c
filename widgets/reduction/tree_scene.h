#pragma once
// What the reduction tree view shows for the selected block: its passes
// (measured, or from the CPU model) and the playback time at which each level
// of each pass happened, so the tree grows with the playhead.
#include <memory>
#include <vector>

#include "core/reduction/reduction_block_trees.h"
#include "widgets/model/prepared_run.h"

namespace ws {

struct TreeScene {
    BlockRef ref;
    std::uint32_t blockId = 0;
    BlockTrees trees;
    // [pass][level]: ns after the origin when the level's step began. Measured
    // passes use the warps' clock64; modelled ones spread over the block's run.
    std::vector<std::vector<double>> levelTimes;
    bool needsModel = false;  // some pass is missing and the CPU model may supply it

    // Level of `pass` revealed at time t: -1 before its load began.
    int levelAt(std::size_t pass, double t) const;
};

// `model` null: measured passes only (needsModel says whether to try again with one).
TreeScene buildTreeScene(const PreparedRun& prepared, const BlockRef& ref, const BlockModel* model);
// The same with the run's settings parsed once by the caller (the view keeps
// them per run, not per click).
TreeScene buildTreeScene(const PreparedRun& prepared,
                         const std::optional<ReductionSettings>& settings, const BlockRef& ref,
                         const BlockModel* model);

// Builds the CPU model's input and the scene with it: seconds for 2^28
// elements, so callers run it off the UI thread.
TreeScene buildModelledScene(const PreparedRun& prepared, const BlockRef& ref);
TreeScene buildModelledScene(const PreparedRun& prepared,
                             const std::optional<ReductionSettings>& settings, const BlockRef& ref);

}  // namespace ws
