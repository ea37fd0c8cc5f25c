#include "core/memkinds/constant_broadcast.h"

#include <set>

namespace ws::memkinds {

std::vector<std::uint32_t> laneIndices(std::uint32_t distinct, std::uint32_t offset) {
    if (distinct == 0) distinct = 1;
    std::vector<std::uint32_t> words(32);
    for (std::uint32_t l = 0; l < 32; ++l)
        words[l] = (l % distinct) * kDistinctSpacingWords + offset;
    return words;
}

std::uint32_t constantPasses(const std::vector<std::uint32_t>& laneWords) {
    return std::uint32_t(std::set<std::uint32_t>(laneWords.begin(), laneWords.end()).size());
}

std::uint32_t sectorsTouched(const std::vector<std::uint32_t>& laneWords) {
    std::set<std::uint32_t> sectors;
    for (std::uint32_t w : laneWords) sectors.insert(w / 8);  // 8 words of 4 bytes a sector
    return std::uint32_t(sectors.size());
}

std::vector<std::uint32_t> distinctCounts() { return {1, 2, 4, 8, 16, 32}; }

std::uint32_t constantValue(std::uint32_t word) { return word * 3 + 1; }

std::uint32_t iterationOffset(std::uint32_t iteration) {
    // Within one spacing: the words a warp reads stay in 32 x 8 words
    // (1 KiB), so the 2 KiB constant cache holds them after the first pass.
    return iteration % kDistinctSpacingWords;
}

std::uint64_t expectedLaneSum(std::uint32_t lane, std::uint32_t distinct, std::uint32_t loads) {
    if (distinct == 0) distinct = 1;
    const std::uint32_t base = (lane % distinct) * kDistinctSpacingWords;
    std::uint64_t sum = 0;
    for (std::uint32_t i = 0; i < loads; ++i) sum += constantValue(base + iterationOffset(i));
    return sum;
}

}  // namespace ws::memkinds
