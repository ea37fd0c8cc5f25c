#pragma once
// What the block records of one launch say about the schedule: how long
// blocks ran, how they spread over the SMs, in how many waves, and how many
// were resident on an SM at each moment.
#include <cstdint>
#include <vector>

#include "core/run/run.h"

namespace ws {

struct DurationStats {
    std::size_t count = 0;
    std::uint64_t minNs = 0;
    std::uint64_t maxNs = 0;
    double medianNs = 0;
    double meanNs = 0;
};

struct BlockStats {
    DurationStats duration;                  // end - start (0 for inverted records)
    std::vector<std::uint32_t> blocksPerSm;  // indexed by SM id, 0..max SM seen
    std::uint64_t firstStartNs = 0;
    std::uint64_t lastEndNs = 0;
    std::uint64_t spanNs = 0;  // lastEnd - firstStart: the launch as the blocks saw it
};

BlockStats blockStats(const BlockRecords& blocks);

// A wave: the k-th block to run in each (SM, residency slot) track. With
// uniform blocks this is the familiar "grid / (SMs * blocks per SM)" waves.
struct Wave {
    std::uint32_t blocks = 0;
    std::uint64_t firstStartNs = 0;
    std::uint64_t lastEndNs = 0;
};

struct WaveAssignment {
    std::vector<std::uint32_t> wave;  // per block record
    std::vector<Wave> waves;
};

WaveAssignment assignWaves(const BlockRecords& blocks);

// Resident blocks on one SM over time, as a step function: from timeNs until
// the next point's time, `resident` blocks were on the SM. Starts at the first
// block's start and ends with a point of 0 residents.
struct ResidencyPoint {
    std::uint64_t timeNs = 0;
    std::uint32_t resident = 0;
    bool operator==(const ResidencyPoint&) const = default;
};

std::vector<ResidencyPoint> residentOverTime(const BlockRecords& blocks, std::uint32_t sm);

}  // namespace ws
