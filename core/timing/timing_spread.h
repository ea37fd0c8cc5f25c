#pragma once
// How much repeated timings of one kernel scatter. A median alone hides a
// disturbed run: another process's kernels time-slicing with ours, a clock
// that changed half-way. The coefficient of variation says how far to trust it.
#include <vector>

#include "core/run/run.h"

namespace ws {

struct Spread {
    double median = 0, min = 0, max = 0;
    double cvPercent = 0;  // sample standard deviation / mean * 100; 0 below two samples
};

Spread spreadOf(const std::vector<double>& samples);

// Writes the samples and their min, max and coefficient of variation into
// `timing`; the median (kernelMs) stays the launcher's.
void recordSpread(Timing& timing, const std::vector<double>& samples);

// All of it from the samples alone: kernelMs (their median), the spread and
// repetitions, for launchers that time nothing else.
void setKernelSamples(Timing& timing, std::vector<double> samples);

}  // namespace ws
