#include "kernels/atomics/argmin_input.h"

#include <thread>

#include "kernels/atomics/atomics_timing.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/launch_limits.h"

namespace ws::atomics {

Result<std::shared_ptr<ArgminInput>> prepareArgminInput(const AtomicsSettings& settings,
                                                        const RunOptions& options) {
    auto in = std::make_shared<ArgminInput>();
    in->input = settings.argmin.input;
    in->n = settings.argmin.n;
    in->seed = options.seed;
    std::size_t freeBytes = 0, totalBytes = 0;
    WS_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
    if (Status s = checkDeviceMemory("n=" + countText(in->n), in->n * 4 + (64u << 20), freeBytes);
        !s)
        return makeError(s.error());
    in->host = makeArgminInput(in->input, in->n, in->seed);
    in->reference = argminReference(in->host);
    // Large inputs take long on one core; three runs still give a median.
    const int cpuRuns = in->n > (1u << 22) ? 3 : 15;
    volatile std::uint64_t sink = 0;  // the answers are used, so no run is left out
    in->cpuMs = medianHostMs(cpuRuns, [&] { sink = sink + argminParallel(in->host, 1).index; });
    in->cpuThreads = int(std::max(1u, std::thread::hardware_concurrency()));
    in->cpuParallelMs =
        medianHostMs(cpuRuns, [&] { sink = sink + argminParallel(in->host, 0).index; });
    if (Status s = in->device.allocate(in->n); !s) return makeError(s.error());
    std::string failure;
    in->uploadMs = medianHostMs(in->n > (1u << 24) ? 1 : 5, [&] {
        const cudaError_t e = cudaMemcpy(in->device.get(), in->host.data(), in->n * sizeof(float),
                                         cudaMemcpyHostToDevice);
        if (e != cudaSuccess) failure = cudaGetErrorString(e);
    });
    if (!failure.empty()) return makeError("copying the argmin input to the device: " + failure);
    return in;
}

}  // namespace ws::atomics
