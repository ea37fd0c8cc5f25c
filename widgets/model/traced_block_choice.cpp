#include "widgets/model/traced_block_choice.h"

#include <algorithm>

#include "widgets/model/playback_model.h"

namespace ws {

std::optional<std::uint32_t> tracedBlockToShow(const PlaybackModel& model, const Launch& launch,
                                               const std::vector<std::uint32_t>& tracedBlocks) {
    if (tracedBlocks.empty()) return std::nullopt;
    const BlockRef sel = model.selected();
    const PreparedRun* prep = model.prepared();
    if (sel.valid() && prep && prep->launch(sel.launch) == &launch &&
        std::size_t(sel.record) < launch.blocks.size()) {
        const std::uint32_t id = launch.blocks.block[std::size_t(sel.record)];
        if (std::find(tracedBlocks.begin(), tracedBlocks.end(), id) != tracedBlocks.end())
            return id;
    }
    return tracedBlocks.front();
}

}  // namespace ws
