#pragma once
// The pointer chase of the latency experiments, on the CPU: the index array
// the GPU chases and where a chase of k loads from index 0 must end. The
// array holds 32-bit indices; a working set of W bytes with stride S bytes
// is a cycle of W / S slots, slot i at index i * S / 4 pointing to slot
// (i + 1) mod (W / S). Each load depends on the one before, so its latency
// cannot hide behind another.
#include <cstdint>
#include <vector>

#include "core/common/result.h"

namespace ws::memkinds {

struct ChaseShape {
    std::uint64_t workingSetBytes = 0;
    std::uint32_t strideBytes = 0;
    std::uint64_t slots() const { return strideBytes ? workingSetBytes / strideBytes : 0; }
    std::uint64_t elements() const { return workingSetBytes / 4; }  // 32-bit indices
};

// Refuses shapes the chase cannot walk: stride not a multiple of 4 bytes, a
// working set smaller than one stride, more than 2^32 elements.
Status checkChaseShape(const ChaseShape& shape);
// The whole array (elements() entries; slots' entries point on, the others 0).
std::vector<std::uint32_t> chaseArray(const ChaseShape& shape);
// The array's entry at `element`, as chaseArray holds it (the GPU's fill
// kernel writes the same rule).
std::uint32_t chaseNext(const ChaseShape& shape, std::uint64_t element);
// The index a chase from 0 holds after `loads` loads.
std::uint32_t chaseFinalIndex(const ChaseShape& shape, std::uint64_t loads);
// Loads the chase makes before it is timed, so that every level that can
// hold the set holds it: one pass over the cycle, at most `cap`.
std::uint64_t chaseWarmupLoads(const ChaseShape& shape, std::uint64_t cap = 1u << 20);
// The working sets of a sweep from min to max bytes: the powers of two (min
// rounded up to one) and, with pointsPerOctave p > 1, the p - 1 sets evenly
// between each two (1.5 x for p = 2; 1.25, 1.5, 1.75 x for p = 4), each
// rounded down to a multiple of `multipleOf` (the chase's stride),
// increasing, without repeats.
std::vector<std::uint64_t> workingSetSweep(std::uint64_t minBytes, std::uint64_t maxBytes,
                                           std::uint32_t pointsPerOctave = 1,
                                           std::uint64_t multipleOf = 1);

}  // namespace ws::memkinds
