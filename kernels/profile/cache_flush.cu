#include <algorithm>

#include "kernels/common/cuda_check.h"
#include "kernels/profile/cache_flush.h"

namespace ws::profile {
namespace {

// Every thread reads a strided share of the buffer; the sum is stored only
// when it equals a value it never takes, so the loads cannot be dropped.
__global__ void readAll(const unsigned* lines, std::size_t words, unsigned* sink) {
    unsigned sum = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words;
         i += std::size_t(gridDim.x) * blockDim.x)
        sum += __ldcg(lines + i);
    if (sum == 0xdeadbeefu) *sink = sum;
}

}  // namespace

Status CacheFlush::prepare(int device, cudaStream_t stream) {
    int l2 = 0;
    WS_CUDA_TRY(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    words_ = std::max<std::size_t>(std::size_t(l2) * 4, 8u << 20) / sizeof(unsigned);
    if (Status s = lines_.allocate(words_); !s) return s;
    if (Status s = sink_.allocate(1); !s) return s;
    WS_CUDA_TRY(cudaMemsetAsync(lines_.get(), 1, words_ * sizeof(unsigned), stream));
    return flush(stream);  // the memset's dirty lines are written back here, not in a pass
}

Status CacheFlush::flush(cudaStream_t stream) {
    readAll<<<1024, 256, 0, stream>>>(lines_.get(), words_, sink_.get());
    WS_CUDA_TRY(cudaGetLastError());
    WS_CUDA_TRY(cudaStreamSynchronize(stream));
    return {};
}

}  // namespace ws::profile
