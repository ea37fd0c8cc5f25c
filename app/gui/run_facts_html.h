#pragma once
// Pieces of the run panel as rich text: the kernel time as median and spread,
// the environment's badges (core/environment_badges.h) and what NVML saw.
#include <QString>

#include "core/run.h"

namespace ws {

// "0.3500 ms ± 1.2 % (median ± CV of 20 launches, 0.3480 to 0.3610 ms)"
QString kernelTimeHtml(const Timing& timing);
// One marked span per badge, each followed by its facts; empty without badges.
QString environmentBadgesHtml(const Run& run);
// The environment's facts, one per line; empty when nothing was recorded.
QString environmentFactsHtml(const GpuEnvironment& environment);

}  // namespace ws
