#include <cuda_runtime.h>

#include <algorithm>

#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/launch.cuh"
#include "kernels/device/copy_yardstick.h"

namespace ws {

namespace dev {

__global__ void fillIota(float* out, std::uint64_t n) {
    const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
    for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = float(i & 0xffffff);
}

__global__ void __launch_bounds__(1024)
    copyFloat4(const float* __restrict__ in, float* __restrict__ out, std::uint64_t n) {
    const std::uint64_t vectors = n / 4;
    const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
    const std::uint64_t first = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const auto* in4 = reinterpret_cast<const float4*>(in);
    auto* out4 = reinterpret_cast<float4*>(out);
    for (std::uint64_t i = first; i < vectors; i += stride) out4[i] = __ldg(in4 + i);
    if (first < n - vectors * 4) out[vectors * 4 + first] = in[vectors * 4 + first];
}

}  // namespace dev

Result<CopyTiming> timeFloat4Copy(std::uint64_t floats, int repetitions, int device) {
    WS_CUDA_TRY(cudaSetDevice(device));
    DeviceBuffer<float> in, out;
    if (Status s = in.allocate(floats); !s) return makeError(s.error());
    if (Status s = out.allocate(floats); !s) return makeError(s.error());
    CudaStream stream;
    if (Status s = stream.create(); !s) return makeError(s.error());
    int sms = 0, perSm = 0;
    WS_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    const int block = 256;
    WS_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, dev::copyFloat4, block, 0));
    const auto grid = std::uint32_t(std::max(1, sms * std::max(perSm, 1)));
    if (Status s =
            launchKernel("fillIota", dev::fillIota, grid, block, 0, stream.get(), in.get(), floats);
        !s)
        return makeError(s.error());
    CopyTiming timing;
    timing.grid = grid;
    timing.block = block;
    timing.bytesMoved = 2.0 * double(floats) * sizeof(float);
    auto ms = timeRuns(std::max(1, repetitions), stream.get(), [&] {
        return launchKernel("copyFloat4", dev::copyFloat4, grid, block, 0, stream.get(), in.get(),
                            out.get(), floats);
    });
    if (!ms) return makeError(ms.error());
    timing.ms = std::move(*ms);
    std::vector<float> host(floats);
    WS_CUDA_TRY(cudaMemcpy(host.data(), out.get(), floats * sizeof(float), cudaMemcpyDeviceToHost));
    timing.verified = true;
    for (std::uint64_t i = 0; i < floats; ++i)
        if (host[i] != float(i & 0xffffff)) {
            timing.verified = false;
            break;
        }
    return timing;
}

}  // namespace ws
