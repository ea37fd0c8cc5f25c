#pragma once
// The rules the memory kinds kernels and their CPU references must agree on,
// written once for the host and the device: the chase array's entries
// (core/memkinds/chase_reference.h, chaseNext), the words the bandwidth
// kernels read, the offset of the constant loop (iterationOffset in
// core/memkinds/constant_broadcast.h) and the rotated window's source texel
// (sourceTexel in core/memkinds/rotated_window.h). The fill kernels write
// from these on the device, so a gigabyte never crosses PCIe; the kernels'
// CPU tests hold each one against core's (tests/kernels/memkinds/).
#include <cstdint>

#include "core/memkinds/constant_broadcast.h"
#include "core/memkinds/rotated_window.h"

#if defined(__CUDACC__)
#define WS_MEMKINDS_HD __host__ __device__
#else
#define WS_MEMKINDS_HD
#endif

namespace ws::memkinds {

// Entry `element` of a chase with `slots` slots `strideWords` apart: slot i
// (at element i * strideWords) holds the element of slot i + 1, wrapping;
// every other entry is 0. chaseNext's rule.
WS_MEMKINDS_HD inline std::uint32_t chaseEntry(std::uint64_t slots, std::uint32_t strideWords,
                                               std::uint64_t element) {
    if (strideWords == 0 || element % strideWords != 0) return 0;
    const std::uint64_t slot = element / strideWords;
    if (slot >= slots) return 0;
    return std::uint32_t((slot + 1) % slots * strideWords);
}

// Word i of the bandwidth experiment's data: a multiplicative hash, below
// 2^25, so the sum of four fits 32 bits and a sum of 2^38 of them 64 bits.
WS_MEMKINDS_HD inline std::uint32_t bandwidthWord(std::uint64_t i) {
    return (std::uint32_t(i) * 2654435761u) >> 7;
}

// The constant loop adds iterationOffset(i) to every lane's word: i modulo
// the spacing, a power of two, so the kernels take it with a mask.
static_assert((kDistinctSpacingWords & (kDistinctSpacingWords - 1)) == 0,
              "the constant loop masks the iteration with the spacing");
inline constexpr std::uint32_t kIterationOffsetMask = kDistinctSpacingWords - 1;

// sourceTexel, for the device: the same 16.16 fixed-point arithmetic.
WS_MEMKINDS_HD inline bool windowTexel(std::uint32_t side, std::int32_t cosQ16, std::int32_t sinQ16,
                                       std::int32_t ox, std::int32_t oy, std::int32_t& x,
                                       std::int32_t& y) {
    const std::int64_t c = std::int64_t(side) / 2;
    const std::int64_t dx = ox - c, dy = oy - c;
    x = std::int32_t(c + ((dx * cosQ16 - dy * sinQ16 + 32768) >> 16));
    y = std::int32_t(c + ((dx * sinQ16 + dy * cosQ16 + 32768) >> 16));
    return x >= 0 && y >= 0 && x < std::int32_t(side) && y < std::int32_t(side);
}

}  // namespace ws::memkinds
