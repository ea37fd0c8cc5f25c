#pragma once
// The spread of repeated timings as Timing stores it.
#include <vector>

#include "core/run/run.h"

namespace ws {

// kernelMs (median), kernelMinMs, kernelMaxMs, kernelCvPercent (sample
// standard deviation over the mean), kernelSamplesMs and repetitions.
void fillTimingSpread(Timing& timing, const std::vector<double>& samplesMs);

double medianMs(std::vector<double> samplesMs);

}  // namespace ws
