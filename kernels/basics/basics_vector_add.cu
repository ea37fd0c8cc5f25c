// addKernel of seed 000/003 chapter 1: i = blockIdx.x * blockDim.x +
// threadIdx.x; if (i < size) c[i] = a[i] + b[i]. The recording build notes,
// for a few traced blocks, every thread's index, whether it stored c[i] and
// what, and per warp the lanes that passed the bounds check (a ballot): the
// warp view draws those as the active lanes. The build without the check
// stores from every thread, past the end of c for the extra ones.
#include <cuda_runtime.h>

#include <algorithm>

#include "kernels/basics/basics_vector_add.h"
#include "kernels/common/device_record.cuh"
#include "kernels/common/launch.cuh"

namespace ws {

namespace dev {

template <bool kRecord, bool kCheck>
__global__ void addKernel(int* c, const int* a, const int* b, int size, basics::AddTrace trace) {
    BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if constexpr (!kRecord) {
        if (!kCheck || i < size) c[i] = a[i] + b[i];
    } else {
        int slot = -1;
        for (std::uint32_t s = 0; s < trace.tracedCount; ++s)
            if (trace.tracedBlock[s] == blockIdx.x) slot = int(s);
        const std::int64_t clock = clock64();
        const bool writes = !kCheck || i < size;
        int before = 0, value = 0;
        if (writes) {
            before = c[i];
            value = a[i] + b[i];
            c[i] = value;
        }
        if (slot >= 0) {  // the same for the whole block: no divergent ballot
            const std::uint64_t row = std::uint64_t(slot) * blockDim.x + threadIdx.x;
            trace.index[row] = std::uint32_t(i);
            trace.wrote[row] = writes ? 1 : 0;
            trace.value[row] = value;
            // A last warp of a block that is not a multiple of 32 is partial.
            const unsigned mask = __ballot_sync(__activemask(), writes);
            const std::uint32_t warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
            const std::uint64_t w = std::uint64_t(slot) * trace.warps + warp;
            trace.before[w * 32 + lane] = before;
            trace.after[w * 32 + lane] = value;
            if (lane == 0) {
                trace.mask[w] = mask;
                trace.clock[w] = clock;
            }
        }
        recorder.finish(trace.blocks);
    }
}

__global__ void fillIntsKernel(int* p, std::uint64_t count, int value) {
    const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
    for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride)
        p[i] = value;
}

}  // namespace dev

namespace basics {

Status enqueueAdd(bool record, bool boundsCheck, std::uint32_t grid, std::uint32_t block,
                  std::int32_t* c, const std::int32_t* a, const std::int32_t* b, std::int32_t n,
                  const AddTrace& trace, cudaStream_t stream) {
    auto kernel = record
                      ? (boundsCheck ? dev::addKernel<true, true> : dev::addKernel<true, false>)
                      : (boundsCheck ? dev::addKernel<false, true> : dev::addKernel<false, false>);
    return launchKernel("addKernel", kernel, dim3(grid), dim3(block), 0, stream, c, a, b, n, trace);
}

Status fillInts(std::int32_t* p, std::uint64_t count, std::int32_t value, cudaStream_t stream) {
    if (count == 0) return {};
    const std::uint64_t blocks = std::min<std::uint64_t>((count + 255) / 256, 4096);
    return launchKernel("fillInts", dev::fillIntsKernel, dim3(std::uint32_t(blocks)), dim3(256), 0,
                        stream, p, count, value);
}

}  // namespace basics
}  // namespace ws
