#pragma once
// The constant-memory experiment's model: which index each lane of a warp
// reads with d distinct indices, and how many passes each path needs. The
// constant cache serves one address per pass, so d distinct indices take d
// passes; global and __ldg loads are served per 32-byte sector, so 32 lanes
// reading 4-byte words at d distinct indices 32 words apart touch d sectors
// in one request.
#include <cstdint>
#include <vector>

#include "core/memkinds/memkinds_tables.h"

namespace ws::memkinds {

inline constexpr std::uint32_t kConstantWords = 8192;  // the __constant__ array: 32 KiB
// Words between two distinct indices: each distinct index its own 32-byte
// sector, and 32 of them with every iteration's offset within 1 KiB, so the
// SM's 2 KiB constant cache holds all a warp reads: what the passes cost,
// not misses (at 32 words apart, 32 indices spanned 4 KiB and the 32-index
// point measured the larger constant cache behind it too).
inline constexpr std::uint32_t kDistinctSpacingWords = 8;

// Lane l reads word (l % distinct) * kDistinctSpacingWords + offset.
std::vector<std::uint32_t> laneIndices(std::uint32_t distinct, std::uint32_t offset = 0);
// Passes the constant cache needs: the distinct words among the lanes.
std::uint32_t constantPasses(const std::vector<std::uint32_t>& laneWords);
// 32-byte sectors a global or __ldg load of these words touches.
std::uint32_t sectorsTouched(const std::vector<std::uint32_t>& laneWords);
// The distinct counts a run measures: 1, 2, 4, 8, 16, 32.
std::vector<std::uint32_t> distinctCounts();
// The values in the array (word i holds constantValue(i)) and the sum a
// warp's loop must produce, for verification.
std::uint32_t constantValue(std::uint32_t word);
std::uint64_t expectedLaneSum(std::uint32_t lane, std::uint32_t distinct, std::uint32_t loads);
// The offset added at loop iteration i (the addresses change every load so
// the compiler cannot hoist them; the count of distinct words stays).
std::uint32_t iterationOffset(std::uint32_t iteration);

}  // namespace ws::memkinds
