// The vendor library as the yardstick: cub::DeviceReduce::ArgMin. CUDA 13
// writes the minimum and its index (int64) to separate outputs and takes an
// int64 item count; it returns the first index of the minimum.
#include <cub/device/device_reduce.cuh>

#include "kernels/atomics/argmin_kernels.h"
#include "kernels/common/cuda_check.h"

namespace ws::atomics {

Status cubArgmin(void* temp, std::size_t& tempBytes, const float* values, std::uint64_t n,
                 float* minOut, std::int64_t* indexOut, cudaStream_t stream) {
    WS_CUDA_TRY(cub::DeviceReduce::ArgMin(temp, tempBytes, values, minOut, indexOut,
                                          ::cuda::std::int64_t(n), stream));
    return {};
}

}  // namespace ws::atomics
