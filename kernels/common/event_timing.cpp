#include "kernels/common/event_timing.h"

#include <algorithm>

#include "kernels/common/device_buffer.h"

namespace ws {

namespace {

// One run after `before`, bracketed by `start` and `stop`: its milliseconds.
Result<double> timeOne(CudaEvent& start, CudaEvent& stop, cudaStream_t stream,
                       const std::function<Status()>& run, const std::function<Status()>& before) {
    if (before) {
        if (Status s = before(); !s) return makeError(s.error());
    }
    WS_CUDA_TRY(cudaEventRecord(start.get(), stream));
    if (Status s = run(); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaEventRecord(stop.get(), stream));
    WS_CUDA_TRY(cudaEventSynchronize(stop.get()));
    float elapsed = 0;
    WS_CUDA_TRY(cudaEventElapsedTime(&elapsed, start.get(), stop.get()));
    return double(elapsed);
}

}  // namespace

Result<std::vector<double>> timeRuns(int count, cudaStream_t stream,
                                     const std::function<Status()>& run,
                                     const std::function<Status()>& before) {
    CudaEvent start, stop;
    if (Status s = start.create(); !s) return makeError(s.error());
    if (Status s = stop.create(); !s) return makeError(s.error());
    std::vector<double> ms;
    for (int i = -1; i < count; ++i) {  // i == -1: the warm-up
        auto t = timeOne(start, stop, stream, run, before);
        if (!t) return makeError(t.error());
        if (i >= 0) ms.push_back(*t);
    }
    return ms;
}

Result<TurnTimes> timeRunsByTurns(int count, cudaStream_t stream,
                                  const std::function<Status()>& first,
                                  const std::function<Status()>& second,
                                  const std::function<Status()>& beforeSecond,
                                  const std::function<Status()>& beforeFirst) {
    CudaEvent start, stop;
    if (Status s = start.create(); !s) return makeError(s.error());
    if (Status s = stop.create(); !s) return makeError(s.error());
    TurnTimes times;
    for (int i = -1; i < count; ++i) {  // i == -1: the warm-ups
        // Every other pair, the warm-ups among them, the second kind goes
        // first: whatever a run leaves behind for the run after it (heat,
        // clocks, the caches' contents) then falls on both kinds alike.
        const bool secondFirst = i % 2 != 0;
        double ms[2] = {};  // [0] the first kind's, [1] the second's
        for (int slot = 0; slot < 2; ++slot) {
            const int kind = (slot == 0) == secondFirst ? 1 : 0;
            auto t = kind == 1 ? timeOne(start, stop, stream, second, beforeSecond)
                               : timeOne(start, stop, stream, first, beforeFirst);
            if (!t) return makeError(t.error());
            ms[kind] = *t;
        }
        if (i < 0) continue;
        times.first.push_back(ms[0]);
        times.second.push_back(ms[1]);
    }
    return times;
}

double medianOf(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t m = values.size() / 2;
    return values.size() % 2 ? values[m] : (values[m - 1] + values[m]) / 2;
}

}  // namespace ws
