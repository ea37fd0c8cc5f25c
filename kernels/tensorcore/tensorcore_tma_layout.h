#pragma once
// The TMA rungs' arithmetic of places and order, kept apart from the
// kernel (tensorcore_tma.cu) so that the host can check it
// (tests/kernels/tensorcore/tma_layout_test): the stage layout the TMA
// unit writes and the descriptors wgmma reads it through, the mbarrier
// counts, and the order in which persistent blocks walk C's tiles.
//
// One tile: 128 x 256 of C, k-phases of 64; consumer warpgroup g
// multiplies rows 64 g .. 64 g + 63 by all 256 columns with one
// wgmma.mma_async.m64n256k16 per 16 of k (128 FP32 accumulators a thread).
// A stage is A's 128 x 64 tile (16 KiB, one TMA box of 64 x 128 elements)
// then B's 64 x 256 tile as four boxes of 64 x 64 (8 KiB each: the 128-byte
// swizzle takes boxes at most 128 bytes wide). The TMA unit writes each box
// in the 128-byte swizzle (chunk c of 128-byte row r at c ^ (r % 8)), the
// layout tensorcore_wgmma_layout.h describes for the wgmma rung: A K-major
// with rows 128 bytes apart, B N-major with the next 8 k-rows 1024 bytes
// on and the next 64 columns one box (8192 bytes) on.
#include <cstdint>

#include "kernels/tensorcore/tensorcore_wgmma_layout.h"

namespace ws::tensorcore::tma {

inline constexpr int kBm = 128, kBn = 256, kBk = 64;
inline constexpr int kStages = 4;
inline constexpr int kConsumers = 2;  // warpgroups that multiply
inline constexpr int kInstrN = 256;
inline constexpr int kAccumulators = kInstrN / 2;                // 128
inline constexpr int kBoxColumns = 64;                           // B box width: 128 bytes
inline constexpr int kBBoxes = kBn / kBoxColumns;                // 4
inline constexpr int kStageABytes = kBm * kBk * 2;               // 16 KiB
inline constexpr int kBBoxBytes = kBk * kBoxColumns * 2;         // 8 KiB
inline constexpr int kStageBBytes = kBBoxes * kBBoxBytes;        // 32 KiB
inline constexpr int kStageBytes = kStageABytes + kStageBBytes;  // 48 KiB
inline constexpr int kSwizzleAlign = 1024;
// The epilogue's staging, after the stages: each consumer warp writes its
// 16 rows of C 32 FP32 columns (2 KiB) at a time into its own part and
// reads them back a 128-byte row per 8 lanes, so that every store to C
// writes whole 128-byte lines (stagingOffset below).
inline constexpr int kConsumerWarps = kConsumers * 4;
inline constexpr int kStagingRows = 16, kStagingColumns = 32;
inline constexpr int kStagingBytes = kStagingRows * kStagingColumns * 4;  // 2 KiB
inline constexpr int kEpilogueBytes = kConsumerWarps * kStagingBytes;     // 16 KiB
inline constexpr int kSharedBytes = kStages * kStageBytes + kEpilogueBytes + kSwizzleAlign;
// Grouped order: persistent blocks take tiles a column of kGroupRows row
// tiles at a time, so the blocks running together share A's row panels
// and B's column panels in L2.
inline constexpr int kGroupRows = 16;
static_assert(kBm == 64 * kConsumers && kBn == kInstrN && kBk * 2 == 128);
static_assert(kStageABytes % kSwizzleAlign == 0 && kBBoxBytes % kSwizzleAlign == 0);

// Where B's box j of a stage starts, from the stage's A tile.
WS_WGMMA_HD constexpr std::uint32_t bBoxOffset(int box) {
    return std::uint32_t(kStageABytes + box * kBBoxBytes);
}

// Byte offsets inside a stage's A tile and B tile, as the TMA unit writes
// them (the hardware's 128-byte swizzle; chunk = 16 bytes = 8 BF16).
WS_WGMMA_HD constexpr std::uint32_t aTileOffset(int row, int chunk) {
    return std::uint32_t(row * 128 + ((chunk ^ (row & 7)) << 4));
}
WS_WGMMA_HD constexpr std::uint32_t bTileOffset(int k, int chunk) {
    return std::uint32_t((chunk >> 3) * kBBoxBytes + k * 128 + (((chunk & 7) ^ (k & 7)) << 4));
}

// Descriptors of k16 step `step` (0 .. 3) of the stage whose A tile starts
// at `aTile`: consumer `group`'s 64 rows of A; B's 16 k-rows of all 256
// columns (four boxes, the leading byte offset apart).
inline constexpr std::uint32_t kBLeadingBytes = kBBoxBytes;
WS_WGMMA_HD constexpr std::uint64_t aDescriptor(std::uint32_t aTile, int group, int step) {
    return wgmma::descriptor(aTile + std::uint32_t(group * 64 * 128 + step * 32),
                             wgmma::kALeadingBytes, wgmma::kAStrideBytes);
}
WS_WGMMA_HD constexpr std::uint64_t bDescriptor(std::uint32_t aTile, int step) {
    return wgmma::descriptor(aTile + std::uint32_t(kStageABytes + step * 16 * 128), kBLeadingBytes,
                             wgmma::kBStrideBytes);
}

// Byte offset of FP32 (row, col) in a warp's staging part: rows of 128
// bytes, 16-byte chunk c of row r at c ^ (r % 8). A warp's write of one
// accumulator pair per lane (8 rows, 4 lanes a row on 32 bytes) then
// meets each bank twice, the fewest for its 256 bytes, and its read of
// 16 bytes per lane (4 whole rows) once each.
WS_WGMMA_HD constexpr std::uint32_t stagingOffset(int row, int col) {
    return std::uint32_t(row * 128 + (((col / 4) ^ (row & 7)) << 4) + (col % 4) * 4);
}

// Arrivals that free a stage: one per consumer warp, in every block of the
// cluster (a multicast load writes the stage in all of them).
WS_WGMMA_HD constexpr std::uint32_t emptyArrivals(int clusterSize) {
    return std::uint32_t(kConsumers * 4 * clusterSize);
}

struct TileAt {
    int row, col;  // tile coordinates: rows row * kBm .., columns col * kBn ..
};

// Tile u of a walk over `rowTiles` x `colTiles` tiles in grouped order,
// with a cluster of `cluster` blocks taking `cluster` row tiles of one
// column together (rank r the r-th of them): units of `cluster` rows,
// kGroupRows rows (kGroupRows / cluster units) down a column before the
// next column. Units past the last row give rows beyond it (all edge).
WS_WGMMA_HD constexpr int unitCount(int rowTiles, int colTiles, int cluster) {
    return (rowTiles + cluster - 1) / cluster * colTiles;
}
WS_WGMMA_HD constexpr TileAt groupedTile(int u, int rank, int rowTiles, int colTiles, int cluster) {
    const int rowUnits = (rowTiles + cluster - 1) / cluster;
    const int group = kGroupRows / cluster;
    const int perGroup = group * colTiles;
    const int first = (u / perGroup) * group;
    const int size = rowUnits - first < group ? rowUnits - first : group;
    const int within = u % perGroup;
    return {(first + within % size) * cluster + rank, within / size};
}

}  // namespace ws::tensorcore::tma
