#include "kernels/atomics/atomics_timing.h"

#include <cmath>
#include <numeric>

#include "kernels/common/event_timing.h"

namespace ws::atomics {

void fillKernelTiming(Timing& timing, const std::vector<double>& plainMs,
                      const std::vector<double>& recordedMs, bool overheadMeasured) {
    timing.kernelMs = medianOf(plainMs);
    timing.repetitions = int(plainMs.size());
    timing.kernelSamplesMs = plainMs;
    if (!plainMs.empty()) {
        const auto [lo, hi] = std::minmax_element(plainMs.begin(), plainMs.end());
        timing.kernelMinMs = *lo;
        timing.kernelMaxMs = *hi;
        const double mean =
            std::accumulate(plainMs.begin(), plainMs.end(), 0.0) / double(plainMs.size());
        double squares = 0;
        for (double v : plainMs) squares += (v - mean) * (v - mean);
        const double stdev =
            plainMs.size() > 1 ? std::sqrt(squares / double(plainMs.size() - 1)) : 0;
        timing.kernelCvPercent = mean > 0 ? stdev / mean * 100 : 0;
    }
    if (overheadMeasured && !recordedMs.empty()) {
        timing.recordedKernelMs = medianOf(recordedMs);
        if (timing.kernelMs > 0)
            timing.overheadPercent =
                (timing.recordedKernelMs - timing.kernelMs) / timing.kernelMs * 100;
    }
}

}  // namespace ws::atomics
