#include "kernels/common/event_timing.h"

#include <algorithm>

#include "kernels/common/device_buffer.h"

namespace ws {

Result<std::vector<double>> timeRuns(int count, cudaStream_t stream,
                                     const std::function<Status()>& run,
                                     const std::function<Status()>& before) {
    CudaEvent start, stop;
    if (Status s = start.create(); !s) return makeError(s.error());
    if (Status s = stop.create(); !s) return makeError(s.error());
    std::vector<double> ms;
    for (int i = -1; i < count; ++i) {  // i == -1: the warm-up
        if (before) {
            if (Status s = before(); !s) return makeError(s.error());
        }
        WS_CUDA_TRY(cudaEventRecord(start.get(), stream));
        if (Status s = run(); !s) return makeError(s.error());
        WS_CUDA_TRY(cudaEventRecord(stop.get(), stream));
        WS_CUDA_TRY(cudaEventSynchronize(stop.get()));
        float elapsed = 0;
        WS_CUDA_TRY(cudaEventElapsedTime(&elapsed, start.get(), stop.get()));
        if (i >= 0) ms.push_back(elapsed);
    }
    return ms;
}

double medianOf(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t m = values.size() / 2;
    return values.size() % 2 ? values[m] : (values[m - 1] + values[m]) / 2;
}

}  // namespace ws
