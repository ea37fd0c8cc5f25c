#pragma once
// The figures a student compares between two runs, side by side with their
// ratio: kernel time, throughput, waves, blocks per SM, the recording
// overhead, whether each was verified, and what disturbed the GPU.
#include <string>
#include <vector>

#include "core/run.h"

namespace ws {

struct ComparedFigure {
    std::string name;
    std::string left, right;  // as shown, with units; "—" where the run has none
    std::string ratio;        // right / left, e.g. "0.42×"; empty where it means nothing
};

// Timing, waves, overhead, verification and the GPU's state; the GPU's
// results too where they differ (and are short enough for a cell).
std::vector<ComparedFigure> compareRuns(const Run& left, const Run& right);

// Mean blocks per SM that ran any, over the first launch (0 without records).
double meanBlocksPerSm(const Run& run);
// Waves of the launch with the most block records (0 without records).
std::size_t waveCount(const Run& run);

}  // namespace ws
