#include "core/timing/timing_spread.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ws {

Spread spreadOf(const std::vector<double>& samples) {
    Spread s;
    if (samples.empty()) return s;
    std::vector<double> sorted = samples;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    s.min = sorted.front();
    s.max = sorted.back();
    s.median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    if (n < 2) return s;
    const double mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / double(n);
    double squares = 0;
    for (double v : sorted) squares += (v - mean) * (v - mean);
    // n - 1: the samples estimate the spread of all the launches one could time.
    const double stdev = std::sqrt(squares / double(n - 1));
    s.cvPercent = mean > 0 ? stdev / mean * 100 : 0;
    return s;
}

void recordSpread(Timing& timing, const std::vector<double>& samples) {
    const Spread s = spreadOf(samples);
    timing.kernelMinMs = s.min;
    timing.kernelMaxMs = s.max;
    timing.kernelCvPercent = s.cvPercent;
    timing.kernelSamplesMs = samples;
}

void setKernelSamples(Timing& timing, std::vector<double> samples) {
    recordSpread(timing, samples);
    timing.kernelMs = spreadOf(samples).median;
    timing.repetitions = int(samples.size());
}

}  // namespace ws
