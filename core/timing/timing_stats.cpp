#include "core/timing/timing_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ws {

double medianMs(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

void fillTimingSpread(Timing& t, const std::vector<double>& samples) {
    t.kernelSamplesMs = samples;
    t.repetitions = int(samples.size());
    if (samples.empty()) return;
    t.kernelMs = medianMs(samples);
    const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
    t.kernelMinMs = *lo;
    t.kernelMaxMs = *hi;
    const double mean =
        std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
    double squares = 0;
    for (double s : samples) squares += (s - mean) * (s - mean);
    const double stdev = samples.size() > 1 ? std::sqrt(squares / double(samples.size() - 1)) : 0;
    t.kernelCvPercent = mean > 0 ? stdev / mean * 100 : 0;
}

}  // namespace ws
