#include "kernels/concurrency/concurrency_common.h"

#include "core/common/utc_now.h"
#include "kernels/common/launch_limits.h"
#include "kernels/reduction/reduction_driver.h"

namespace ws {

Status StreamSet::create(std::size_t count) {
    m_streams = std::vector<CudaStream>(count);
    for (auto& s : m_streams)
        if (Status st = s.create(); !st) return st;
    return {};
}

Result<double> timeAcrossStreams(const StreamSet& streams, std::size_t used,
                                 const std::function<Status()>& enqueue) {
    CudaEvent start, stop;
    if (Status s = start.create(); !s) return makeError(s.error());
    if (Status s = stop.create(); !s) return makeError(s.error());
    std::vector<CudaEvent> done(used);
    for (auto& e : done)
        if (Status s = e.create(); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaEventRecord(start.get(), streams[0]));
    for (std::size_t i = 1; i < used; ++i)
        WS_CUDA_TRY(cudaStreamWaitEvent(streams[i], start.get()));
    if (Status s = enqueue(); !s) return makeError(s.error());
    for (std::size_t i = 1; i < used; ++i) {
        WS_CUDA_TRY(cudaEventRecord(done[i].get(), streams[i]));
        WS_CUDA_TRY(cudaStreamWaitEvent(streams[0], done[i].get()));
    }
    WS_CUDA_TRY(cudaEventRecord(stop.get(), streams[0]));
    WS_CUDA_TRY(cudaEventSynchronize(stop.get()));
    float ms = 0;
    WS_CUDA_TRY(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    return double(ms);
}

void fillConcurrencyHeader(Run& run, const std::string& experiment, const ParamValues& params,
                           const DeviceInfo& device) {
    run.experiment = experiment;
    run.params = params;
    run.device = device;
    run.recordedAt = utcNow();
}

Status checkFreeDeviceMemory(const std::string& what, std::uint64_t bytes) {
    std::size_t freeBytes = 0, totalBytes = 0;
    WS_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
    constexpr std::uint64_t kReserve = 256ull << 20;
    return checkDeviceMemory(what, bytes, freeBytes > kReserve ? freeBytes - kReserve : 0);
}

}  // namespace ws
