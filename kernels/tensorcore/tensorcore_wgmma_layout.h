#pragma once
// The wgmma kernel's arithmetic of places, kept apart from the kernel so
// that the host can check it (tests/kernels/tensorcore/wgmma_layout_test):
// where each 16-byte chunk of A's and B's tiles lies in shared memory, the
// matrix descriptors wgmma.mma_async reads those tiles through, and which
// (row, column) of the warpgroup's 64 x 128 accumulator each thread's
// register holds.
//
// One block: 128 x 128 of C, k-phases of 64, two warpgroups (256 threads);
// warpgroup g multiplies rows 64 g .. 64 g + 63 of the block's tile by all
// 128 columns with one wgmma.mma_async.m64n128k16 per 16 of k. A stage is
// A's 128 x 64 tile (16 KiB) then B's 64 x 128 tile (16 KiB), both in the
// 128-byte swizzle (PTX ISA, "Shared Memory Matrix Layout"): inside every
// 1024-byte block of eight 128-byte rows, the 16-byte chunk c of row r is
// stored at chunk c ^ (r % 8), the pattern the hardware undoes from the
// address bits (bits 4-6 of the byte address XOR bits 7-9), so each tile
// must start on a 1024-byte boundary.
//  - A is K-major (row-major, as in memory): row r of the tile (64 BF16 =
//    128 bytes) at r * 128; eight rows make a 1024-byte core block, the next
//    eight rows lie the stride byte offset (1024) further; the leading byte
//    offset is unused for swizzled K-major layouts (encoded as 1). The k16
//    step s starts 32 s bytes into the rows: the hardware swizzles the
//    address it forms, so the unswizzled start is the one to give.
//  - B is MN-major (k-rows of n, as in memory; imm-trans-b = 1): 64 columns
//    (128 bytes) of 8 k-rows make a 1024-byte block; the next 8 k-rows lie
//    the stride byte offset (1024) further, the next 64 columns the leading
//    byte offset (8192) further: columns 0..63 of all 64 k-rows first, then
//    columns 64..127. The k16 step s starts 2048 s bytes in.
#include <cstdint>

#ifdef __CUDACC__
#define WS_WGMMA_HD __host__ __device__
#else
#define WS_WGMMA_HD
#endif

namespace ws::tensorcore::wgmma {

inline constexpr int kBm = 128, kBn = 128, kBk = 64;
inline constexpr int kStages = 3;
inline constexpr int kWarpgroups = 2;
inline constexpr int kThreads = 128 * kWarpgroups;
inline constexpr int kInstrN = 128;                 // the n of m64nNk16
inline constexpr int kAccumulators = kInstrN / 2;   // FP32 registers a thread (64)
inline constexpr int kStageABytes = kBm * kBk * 2;  // 16 KiB
inline constexpr int kStageBBytes = kBk * kBn * 2;  // 16 KiB
inline constexpr int kStageBytes = kStageABytes + kStageBBytes;
inline constexpr int kSwizzleAlign = 1024;  // where the 128-byte swizzle pattern repeats
// The stages plus room to round the dynamic shared buffer up to 1024 bytes.
inline constexpr int kSharedBytes = kStages * kStageBytes + kSwizzleAlign;
inline constexpr int kChunksA = kBk / 8;  // 16-byte chunks in a row of A's tile (8)
inline constexpr int kChunksB = kBn / 8;  // in a k-row of B's tile (16)
inline constexpr int kCopies = kBm * kChunksA / kThreads;  // A chunks a thread copies (4)
static_assert(kBm * kChunksA == kCopies * kThreads && kBk * kChunksB == kCopies * kThreads);
static_assert(kBk * 2 == 128 && kChunksA == 8, "one A row is one 128-byte swizzle row");
static_assert(kBm == 64 * kWarpgroups && kBn == kInstrN);

// Byte offsets inside a stage's A tile and B tile.
WS_WGMMA_HD constexpr std::uint32_t aTileOffset(int row, int chunk) {
    return std::uint32_t(row * 128 + ((chunk ^ (row & 7)) << 4));
}
WS_WGMMA_HD constexpr std::uint32_t bTileOffset(int k, int chunk) {
    return std::uint32_t((chunk >> 3) * (kBk * 128) + k * 128 + (((chunk & 7) ^ (k & 7)) << 4));
}

// The chunks copy i (0 .. kCopies - 1) of thread t fills: A's (row, chunk)
// and B's (k-row, chunk). A warp's 32 copies cover four whole 128-byte rows
// of A (and of B), so its shared stores touch every bank four times.
struct TileChunk {
    int row, chunk;
};
WS_WGMMA_HD constexpr TileChunk aChunkOf(int thread, int i) {
    const int c = thread + i * kThreads;
    return {c / kChunksA, c % kChunksA};
}
WS_WGMMA_HD constexpr TileChunk bChunkOf(int thread, int i) {
    const int c = thread + i * kThreads;
    return {c / kChunksB, c % kChunksB};
}

// Leading and stride byte offsets of the two operands, and the swizzle.
inline constexpr std::uint32_t kALeadingBytes = 16;  // unused by the hardware: "assumed 1"
inline constexpr std::uint32_t kAStrideBytes = 1024;
inline constexpr std::uint32_t kBLeadingBytes = kBk * 128;  // 8192: the next 64 columns
inline constexpr std::uint32_t kBStrideBytes = 1024;        // the next 8 k-rows
inline constexpr std::uint64_t kSwizzle128B = 1;            // bits 62-63

// The 64-bit matrix descriptor (PTX ISA, "Matrix Descriptor Format"): bits
// 0-13 the start address, 16-29 the leading byte offset, 32-45 the stride
// byte offset, each as (x & 0x3FFFF) >> 4; bits 49-51 the base offset (0:
// every pattern starts on a 1024-byte boundary); bits 62-63 the swizzle.
WS_WGMMA_HD constexpr std::uint64_t encode(std::uint32_t x) {
    return std::uint64_t((x & 0x3FFFFu) >> 4);
}
WS_WGMMA_HD constexpr std::uint64_t descriptor(std::uint32_t address, std::uint32_t leading,
                                               std::uint32_t stride) {
    return encode(address) | (encode(leading) << 16) | (encode(stride) << 32) |
           (kSwizzle128B << 62);
}

// The descriptors of k16 step `step` (0 .. 3) of the stage whose A tile
// starts at shared address `aTile` (B's follows it): warpgroup `group`'s
// 64 rows of A, and B's 16 k-rows of all 128 columns.
WS_WGMMA_HD constexpr std::uint64_t aDescriptor(std::uint32_t aTile, int group, int step) {
    return descriptor(aTile + std::uint32_t(group * 64 * 128 + step * 32), kALeadingBytes,
                      kAStrideBytes);
}
WS_WGMMA_HD constexpr std::uint64_t bDescriptor(std::uint32_t aTile, int step) {
    return descriptor(aTile + kStageABytes + std::uint32_t(step * 16 * 128), kBLeadingBytes,
                      kBStrideBytes);
}

// Accumulator register v (0 .. 63) of thread t (0 .. 127) of a warpgroup
// holds D[accRow][accCol] of the m64n128 product (PTX ISA, "Register
// Fragments", matrix D of m64nNk16): warp w = t / 32 owns rows 16 w .. 16 w
// + 15; lane l holds rows 16 w + l / 4 (v % 4 < 2) and that + 8 (v % 4 >=
// 2), columns 8 (v / 4) + 2 (l % 4) + v % 2.
WS_WGMMA_HD constexpr int accRow(int thread, int v) {
    return (thread / 32) * 16 + (thread % 32) / 4 + 8 * ((v / 2) % 2);
}
WS_WGMMA_HD constexpr int accCol(int thread, int v) {
    return 8 * (v / 4) + 2 * (thread % 4) + v % 2;
}

}  // namespace ws::tensorcore::wgmma
