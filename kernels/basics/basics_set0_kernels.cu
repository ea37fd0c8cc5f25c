// set0 of seed 000/003 chapter 2, in the two versions the lesson compares:
// the index by __mul24 as the seed writes it, and by a plain multiply. The
// plain builds have unmangled names (extern "C") so the SASS that
// `cuobjdump -sass` prints of this object at build time can be found by
// name (kernels/CMakeLists.txt, kernels/basics/embed_sass.cmake). This file holds
// only these kernels and their launchers: its object is what is disassembled.
#include <cuda_runtime.h>

#include "kernels/basics/basics_set0.h"
#include "kernels/common/device_record.cuh"
#include "kernels/common/launch.cuh"

namespace ws::dev {

template <bool kMul24>
__device__ __forceinline__ void set0Body(unsigned* values, unsigned n) {
    // The seed: uint index = __mul24(blockIdx.x, blockDim.x) + threadIdx.x.
    const unsigned index = kMul24 ? unsigned(__mul24(blockIdx.x, blockDim.x)) + threadIdx.x
                                  : blockIdx.x * blockDim.x + threadIdx.x;
    if (index < n) values[index] = 0;
}

template <bool kMul24>
__global__ void set0Recorded(unsigned* values, unsigned n, BlockRecordPointers blocks) {
    BlockRecorder recorder;
    recorder.start();
    set0Body<kMul24>(values, n);
    recorder.finish(blocks);
}

}  // namespace ws::dev

extern "C" __global__ void set0Mul24(unsigned* values, unsigned n) {
    ws::dev::set0Body<true>(values, n);
}
extern "C" __global__ void set0Multiply(unsigned* values, unsigned n) {
    ws::dev::set0Body<false>(values, n);
}

namespace ws::basics {

Status enqueueSet0(bool mul24, bool record, std::uint32_t grid, std::uint32_t block,
                   unsigned* values, unsigned n, const BlockRecordPointers& blocks,
                   cudaStream_t stream) {
    const char* name = mul24 ? kSet0Mul24Name : kSet0MultiplyName;
    if (record)
        return launchKernel(name, mul24 ? dev::set0Recorded<true> : dev::set0Recorded<false>,
                            dim3(grid), dim3(block), 0, stream, values, n, blocks);
    return launchKernel(name, mul24 ? set0Mul24 : set0Multiply, dim3(grid), dim3(block), 0, stream,
                        values, n);
}

}  // namespace ws::basics
