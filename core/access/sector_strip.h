#pragma once
// The global memory one warp request touches, laid out for drawing: only the
// 128-byte lines it touches, in address order, each as four 32-byte sectors
// with the bytes the lanes asked for. Lines that are not neighbours in memory
// get a gap between them, so a request whose lanes lie a whole image row
// apart (the naive transpose's writes) still fits on one strip.
#include <array>
#include <cstdint>
#include <vector>

#include "core/access/bank_conflicts.h"

namespace ws {

inline constexpr std::uint32_t kSectorBytes = 32;
inline constexpr std::uint32_t kLineBytes = 128;

struct StripLine {
    std::uint64_t line = 0;                    // byte offset / 128
    bool gapBefore = false;                    // not adjacent to the line drawn before it
    std::array<std::uint32_t, 4> requested{};  // bytes asked for in each sector
};

struct LaneSpot {
    std::uint32_t lane = 0;
    std::uint32_t lineIndex = 0;  // into SectorStrip::lines
    std::uint32_t offset = 0;     // byte within that line
};

struct SectorStrip {
    SectorCount count;
    std::vector<StripLine> lines;
    std::vector<LaneSpot> lanes;  // active lanes only
    std::uint32_t requestedBytes = 0;
    // Bytes asked for per byte moved (sectors * 32): 1 when coalesced.
    double efficiency() const {
        return count.sectors ? double(requestedBytes) / (count.sectors * double(kSectorBytes)) : 0;
    }
};

SectorStrip buildSectorStrip(const std::array<std::uint64_t, 32>& address, std::uint32_t activeMask,
                             std::uint32_t widthBytes);

}  // namespace ws
