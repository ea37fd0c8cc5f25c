// A kernel of this test program's own, whose registers and static shared
// memory the runtime reports (cudaFuncGetAttributes), for comparing them with
// what warpscope reads out of the cubin the driver loaded.
#include <cuda_runtime.h>

#include "tests/kernels/profile/resource_probe_kernel.h"

namespace ws::test {
namespace {

__global__ void probeTranspose(const float* in, float* out) {
    __shared__ float tile[32][33];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y] * 2.0f + 1.0f;
}

}  // namespace

Result<ProbeKernel> launchProbeKernel() {
    ProbeKernel probe;
    cudaFuncAttributes attributes{};
    if (cudaError_t e = cudaFuncGetAttributes(&attributes, probeTranspose); e != cudaSuccess)
        return makeError(std::string("cudaFuncGetAttributes: ") + cudaGetErrorString(e));
    const char* name = nullptr;
    if (cudaError_t e = cudaFuncGetName(&name, reinterpret_cast<const void*>(probeTranspose));
        e != cudaSuccess || !name)
        return makeError(std::string("cudaFuncGetName: ") + cudaGetErrorString(e));
    probe.mangledName = name;
    probe.registers = attributes.numRegs;
    probe.staticSharedBytes = attributes.sharedSizeBytes;
    float* buffer = nullptr;
    if (cudaError_t e = cudaMalloc(&buffer, 2 * 1024 * sizeof(float)); e != cudaSuccess)
        return makeError(std::string("cudaMalloc: ") + cudaGetErrorString(e));
    probeTranspose<<<1, dim3(32, 32)>>>(buffer, buffer + 1024);
    cudaError_t e = cudaDeviceSynchronize();
    cudaFree(buffer);
    if (e != cudaSuccess) return makeError(std::string("launch: ") + cudaGetErrorString(e));
    return probe;
}

}  // namespace ws::test
