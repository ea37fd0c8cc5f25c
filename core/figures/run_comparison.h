#pragma once
// The figures a student compares between two runs, side by side with their
// ratio: kernel time, throughput, waves, blocks per SM, the recording
// overhead, whether each was verified, and what disturbed the GPU.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

struct ComparedFigure {
    std::string name;
    std::string left, right;  // as shown, with units; "—" where the run has none
    std::string ratio;        // right / left, e.g. "0.42×"; empty where it means nothing
};

// Timing, waves, overhead, verification and the GPU's state; the GPU's
// results too where they differ (and are short enough for a cell).
std::vector<ComparedFigure> compareRuns(const Run& left, const Run& right);
// The rows compareRuns adds where a run recorded why it is slow (--why).
void addProfileFigures(const Run& left, const Run& right, std::vector<ComparedFigure>& rows);

// The figures again, those that read alike on both sides taken out and named
// in one line ("waves: 1; verified: yes"), so that the rows left are what
// differs; kernel time and throughput always keep their rows. On a 1024 x
// 768 projector eight rows took the two views' room, though four said the
// same twice.
struct FoldedComparison {
    std::vector<ComparedFigure> rows;
    std::string alike;  // empty where nothing was alike
};
FoldedComparison foldAlikeFigures(std::vector<ComparedFigure> rows);

// Mean blocks per SM that ran any, over the first launch (0 without records).
double meanBlocksPerSm(const Run& run);
// Waves of the launch with the most block records (0 without records).
std::size_t waveCount(const Run& run);

}  // namespace ws
