#pragma once
// Summary statistics of repeated timings.
#include <vector>

namespace ws::bench {

struct Spread {
    double medianMs = 0;
    double minMs = 0;
    double maxMs = 0;
    double stdevMs = 0;  // sample standard deviation
};

Spread spreadOf(const std::vector<double>& ms);

// bytes per run over milliseconds per run, in GB/s (10^9 bytes per second).
inline double gigabytesPerSecond(double bytes, double ms) {
    return ms > 0 ? bytes / (ms * 1e6) : 0;
}

}  // namespace ws::bench
