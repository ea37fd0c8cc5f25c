#pragma once
// Shared-memory bank analysis of one warp access: 32 banks, 4 bytes wide.
// Lanes reading the same 32-bit word are served together (broadcast); lanes
// hitting different words of the same bank are serialized (a conflict).
// A request moves at most 128 bytes per pass, so 8-byte accesses are split
// into two half-warps and 16-byte accesses into four quarter-warps, each
// analysed on its own; the passes of the phases add up.
#include <array>
#include <cstdint>
#include <vector>

namespace ws {

inline constexpr std::uint32_t kBankCount = 32;
inline constexpr std::uint32_t kBankWidthBytes = 4;

struct WarpAccess {
    std::array<std::uint32_t, 32> address{};  // byte address per lane
    std::uint32_t activeMask = 0xffffffffu;
    std::uint32_t widthBytes = 4;  // 1, 2, 4, 8 or 16
};

struct WordUse {
    std::uint32_t word;                // byte address / 4
    std::vector<std::uint32_t> lanes;  // lanes touching this word
};

struct PhaseAnalysis {
    std::uint32_t firstLane = 0, laneCount = 32;
    std::array<std::vector<WordUse>, kBankCount> banks;  // distinct words per bank
    std::uint32_t passes = 0;                            // max distinct words in one bank
};

struct BankAnalysis {
    std::vector<PhaseAnalysis> phases;
    std::uint32_t passes = 0;          // sum over phases
    std::uint32_t idealPasses = 0;     // without any conflict
    std::uint32_t conflictDegree = 0;  // worst bank: distinct words it must serve
    std::uint32_t broadcastWords = 0;  // words read by more than one lane
};

constexpr std::uint32_t bankOf(std::uint32_t byteAddress) {
    return (byteAddress / kBankWidthBytes) % kBankCount;
}

// Lanes per phase for an access width: 32 for up to 4 bytes, 16 for 8, 8 for 16.
std::uint32_t lanesPerPhase(std::uint32_t widthBytes);

bool isSupportedWidth(std::uint32_t widthBytes);

BankAnalysis analyzeBanks(const WarpAccess& access);

// Lane i accesses element i * stride (elements of widthBytes), from `offset`.
WarpAccess stridedAccess(std::uint32_t strideElements, std::uint32_t widthBytes,
                         std::uint32_t offsetBytes = 0);

// A tile of rows x cols elements with row pitch cols * width + padding bytes,
// read down its columns as a transpose does: the warp is threads (tx, ty) of
// a cols-wide block (lane = ty * cols + tx) and lane reads tile[tx][ty].
WarpAccess tileColumnAccess(std::uint32_t rows, std::uint32_t cols, std::uint32_t widthBytes,
                            std::uint32_t paddingBytes);

// Lane i accesses logical element i * stride of a row-major array whose rows
// of `cols` elements are padded by paddingBytes (the +1 padding of a tile).
WarpAccess stridedTileAccess(std::uint32_t strideElements, std::uint32_t cols,
                             std::uint32_t widthBytes, std::uint32_t paddingBytes);

// Global memory: the 32-byte sectors and 128-byte lines one warp request touches.
struct SectorCount {
    std::uint32_t sectors = 0;
    std::uint32_t lines = 0;
    std::uint32_t idealSectors = 0;  // bytes requested / 32, rounded up
};
SectorCount countSectors(const std::array<std::uint64_t, 32>& address, std::uint32_t activeMask,
                         std::uint32_t widthBytes);

}  // namespace ws
