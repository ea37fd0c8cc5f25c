#pragma once
// Which block an access view shows: the selected block when it traced its
// accesses, else the first block that did (an untraced selection shows the
// first traced block rather than nothing).
#include <cstdint>
#include <optional>
#include <vector>

#include "core/run/run.h"

namespace ws {

class PlaybackModel;

std::optional<std::uint32_t> tracedBlockToShow(const PlaybackModel& model, const Launch& launch,
                                               const std::vector<std::uint32_t>& tracedBlocks);

}  // namespace ws
