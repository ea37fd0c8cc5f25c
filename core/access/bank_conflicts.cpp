#include "core/access/bank_conflicts.h"

#include <algorithm>
#include <bit>
#include <set>

namespace ws {

std::uint32_t lanesPerPhase(std::uint32_t widthBytes) {
    return widthBytes <= 4 ? 32 : 128 / widthBytes;
}

bool isSupportedWidth(std::uint32_t w) { return w == 1 || w == 2 || w == 4 || w == 8 || w == 16; }

namespace {

void addWord(PhaseAnalysis& phase, std::uint32_t word, std::uint32_t lane) {
    auto& words = phase.banks[word % kBankCount];
    auto it =
        std::find_if(words.begin(), words.end(), [&](const WordUse& u) { return u.word == word; });
    if (it == words.end()) {
        words.push_back({word, {lane}});
    } else if (it->lanes.empty() || it->lanes.back() != lane) {
        it->lanes.push_back(lane);
    }
}

}  // namespace

BankAnalysis analyzeBanks(const WarpAccess& access) {
    BankAnalysis result;
    const std::uint32_t width = std::max<std::uint32_t>(access.widthBytes, 1);
    const std::uint32_t perPhase = lanesPerPhase(width);
    const std::uint32_t wordsPerElement = std::max<std::uint32_t>(width / kBankWidthBytes, 1);
    for (std::uint32_t first = 0; first < 32; first += perPhase) {
        PhaseAnalysis phase;
        phase.firstLane = first;
        phase.laneCount = perPhase;
        std::uint32_t activeLanes = 0;
        for (std::uint32_t lane = first; lane < first + perPhase; ++lane) {
            if (!(access.activeMask >> lane & 1u)) continue;
            ++activeLanes;
            const std::uint32_t firstWord = access.address[lane] / kBankWidthBytes;
            const std::uint32_t lastWord = (access.address[lane] + width - 1) / kBankWidthBytes;
            for (std::uint32_t w = firstWord; w <= lastWord; ++w) addWord(phase, w, lane);
        }
        if (activeLanes == 0) continue;
        for (const auto& words : phase.banks) {
            phase.passes = std::max<std::uint32_t>(phase.passes, std::uint32_t(words.size()));
            for (const auto& u : words) result.broadcastWords += u.lanes.size() > 1;
        }
        result.conflictDegree = std::max(result.conflictDegree, phase.passes);
        result.passes += phase.passes;
        // Without conflicts, a phase needs as many passes as its bytes fill 128-byte rows.
        const std::uint32_t bytes = activeLanes * wordsPerElement * kBankWidthBytes;
        result.idealPasses += std::max<std::uint32_t>(1, (bytes + 127) / 128);
        result.phases.push_back(std::move(phase));
    }
    return result;
}

WarpAccess stridedAccess(std::uint32_t strideElements, std::uint32_t widthBytes,
                         std::uint32_t offsetBytes) {
    WarpAccess a;
    a.widthBytes = widthBytes;
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        a.address[lane] = offsetBytes + lane * strideElements * widthBytes;
    return a;
}

WarpAccess tileColumnAccess(std::uint32_t rows, std::uint32_t cols, std::uint32_t widthBytes,
                            std::uint32_t paddingBytes) {
    WarpAccess a;
    a.widthBytes = widthBytes;
    a.activeMask = 0;
    const std::uint32_t pitch = cols * widthBytes + paddingBytes;
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        const std::uint32_t tx = lane % cols, ty = lane / cols;
        if (cols == 0 || tx >= rows || ty >= cols) continue;  // outside the tile
        a.address[lane] = tx * pitch + ty * widthBytes;
        a.activeMask |= 1u << lane;
    }
    return a;
}

WarpAccess stridedTileAccess(std::uint32_t strideElements, std::uint32_t cols,
                             std::uint32_t widthBytes, std::uint32_t paddingBytes) {
    WarpAccess a;
    a.widthBytes = widthBytes;
    const std::uint32_t pitch = cols * widthBytes + paddingBytes;
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        const std::uint32_t index = lane * strideElements;
        a.address[lane] = (index / cols) * pitch + (index % cols) * widthBytes;
    }
    return a;
}

SectorCount countSectors(const std::array<std::uint64_t, 32>& address, std::uint32_t activeMask,
                         std::uint32_t widthBytes) {
    std::set<std::uint64_t> sectors, lines;
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if (!(activeMask >> lane & 1u)) continue;
        const std::uint64_t first = address[lane], last = address[lane] + widthBytes - 1;
        for (std::uint64_t s = first / 32; s <= last / 32; ++s) sectors.insert(s);
        for (std::uint64_t l = first / 128; l <= last / 128; ++l) lines.insert(l);
    }
    SectorCount c;
    c.sectors = std::uint32_t(sectors.size());
    c.lines = std::uint32_t(lines.size());
    c.idealSectors = (std::uint32_t(std::popcount(activeMask)) * widthBytes + 31) / 32;
    return c;
}

}  // namespace ws
