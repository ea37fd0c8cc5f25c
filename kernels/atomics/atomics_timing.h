#pragma once
// How the atomics lab fills Timing: the plain build's median with its spread
// (min, max, coefficient of variation, every sample) and the recording
// build's median and overhead, from the event timings of kernels/common/event_timing.h.
#include <algorithm>
#include <chrono>
#include <vector>

#include "core/run/run.h"

namespace ws::atomics {

void fillKernelTiming(Timing& timing, const std::vector<double>& plainMs,
                      const std::vector<double>& recordedMs, bool overheadMeasured);

// Median wall time of `run` on the host in ms (steady clock), after one
// untimed warm-up: what the seed's std::chrono timings measured.
template <typename F>
double medianHostMs(int repetitions, F&& run) {
    std::vector<double> ms;
    for (int i = -1; i < std::max(1, repetitions); ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        run();
        const auto t1 = std::chrono::steady_clock::now();
        if (i >= 0) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    const std::size_t m = ms.size() / 2;
    return ms.size() % 2 ? ms[m] : (ms[m - 1] + ms[m]) / 2;
}

}  // namespace ws::atomics
