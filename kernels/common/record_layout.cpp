#include "kernels/common/record_layout.h"

#include <algorithm>

namespace ws {

std::vector<std::uint32_t> tracedBlockIds(std::uint64_t grid, std::uint32_t count) {
    std::vector<std::uint32_t> ids;
    const std::uint64_t wanted = std::min<std::uint64_t>({count, grid, kMaxTracedBlocks});
    if (wanted == 0) return ids;
    ids.push_back(0);
    if (wanted >= 2) ids.push_back(std::uint32_t(grid - 1));
    // The rest at i/(wanted-1) of the way from the first to the last block.
    for (std::uint64_t i = 1; i + 1 < wanted; ++i)
        ids.push_back(std::uint32_t(i * (grid - 1) / (wanted - 1)));
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

PassLayout makePass(TreeShape shape, std::uint32_t threads) {
    return {shape, threads, std::uint32_t(1 + reductionPlan(shape, threads).size())};
}

std::uint64_t stepRecordBytes(std::uint32_t components) {
    // written flag, active mask, clock64, then 32 lanes before and after
    return 4 + 4 + 8 + 2ull * 32 * components * 4;
}

std::uint64_t StepLayout::firstRecords() const {
    return std::uint64_t(tracedBlocks.size()) * first.steps * first.warps();
}

std::uint64_t StepLayout::secondRecords() const {
    if (tracedBlocks.empty() || !second) return 0;
    return std::uint64_t(second->steps) * second->warps();
}

std::uint64_t StepLayout::deviceBytes() const {
    const std::uint64_t n = records();
    return n == 0 ? 0 : n * stepRecordBytes(components) + 4;  // + the second pass's block id
}

std::uint64_t RecordLayout::blockBytes() const { return grid * kBlockRecordBytes; }

std::uint64_t RecordLayout::arrivalBytes() const {
    return arrivals ? grid * kArrivalRecordBytes : 0;
}

}  // namespace ws
