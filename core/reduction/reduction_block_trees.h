#pragma once
// Puts together what the tree view shows for one selected block: its own tree
// and, where the experiment has one, the second pass (the last block's merge
// or the first warp over the warp results). Each pass is measured where the
// trace recorded it, else computed by the CPU model, and says which.
#include <cstdint>

#include "core/reduction/reduction_block_model.h"
#include "core/reduction/reduction_tree_values.h"

namespace ws {

// `model` may be null (no input at hand): then only measured passes appear.
BlockTrees buildBlockTrees(const Run& run, int launch, std::uint32_t block,
                           const BlockModel* model);
// The same with the run's settings already parsed (nullopt: the catalog
// refused them, or the run is no reduction).
BlockTrees buildBlockTrees(const Run& run, const std::optional<ReductionSettings>& settings,
                           int launch, std::uint32_t block, const BlockModel* model);

// The block that recorded the launch's second pass, if any did.
std::optional<std::uint32_t> secondPassBlock(const Launch& launch, std::uint32_t firstLevels);

}  // namespace ws
