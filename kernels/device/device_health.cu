// Whether the CUDA context survived the last error. Sticky errors (illegal
// address, assertion, launch timeout) are returned again by every later call.
#include <cuda_runtime.h>

#include "kernels/device/device_query.h"

namespace ws {

bool deviceStillUsable() {
    cudaGetLastError();  // clears non-sticky errors only
    return cudaDeviceSynchronize() == cudaSuccess && cudaGetLastError() == cudaSuccess;
}

}  // namespace ws
