#include "bench/gpu/bench_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ws::bench {

Spread spreadOf(const std::vector<double>& ms) {
    Spread s;
    if (ms.empty()) return s;
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t m = sorted.size() / 2;
    s.medianMs = sorted.size() % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    s.minMs = sorted.front();
    s.maxMs = sorted.back();
    if (sorted.size() > 1) {
        const double mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / sorted.size();
        double squares = 0;
        for (double v : sorted) squares += (v - mean) * (v - mean);
        s.stdevMs = std::sqrt(squares / double(sorted.size() - 1));
    }
    return s;
}

}  // namespace ws::bench
