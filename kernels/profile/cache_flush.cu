#include <algorithm>

#include "kernels/common/cuda_check.h"
#include "kernels/profile/cache_flush.h"

namespace ws::profile {
namespace {

constexpr std::size_t kLineBytes = 128;

// Every word of the buffer written: the L2 must make room for four times its
// size of new lines, evicting what the work left in it.
__global__ void fillLines(unsigned* lines, std::size_t words) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words;
         i += std::size_t(gridDim.x) * blockDim.x)
        lines[i] = unsigned(i);
}

// The buffer's lines dropped from the L2 without being written back: their
// contents are of no use to anyone, and the flush leaves none of its own
// lines dirty for the next kernel to write back.
__global__ void discardLines(unsigned* lines, std::size_t count) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
        unsigned char* line = reinterpret_cast<unsigned char*>(lines) + i * kLineBytes;
        asm volatile("discard.global.L2 [%0], 128;" ::"l"(line) : "memory");
#else
        (void)lines;
#endif
    }
}

}  // namespace

Status CacheFlush::prepare(int device, cudaStream_t) {
    int l2 = 0;
    WS_CUDA_TRY(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    const std::size_t bytes = std::max<std::size_t>(std::size_t(l2) * 4, 8u << 20);
    words_ = bytes / sizeof(unsigned);
    return lines_.allocate(words_);  // cudaMalloc aligns it to far more than a line
}

Status CacheFlush::flush(cudaStream_t stream) {
    fillLines<<<1024, 256, 0, stream>>>(lines_.get(), words_);
    WS_CUDA_TRY(cudaGetLastError());
    discardLines<<<1024, 256, 0, stream>>>(lines_.get(), words_ * sizeof(unsigned) / kLineBytes);
    WS_CUDA_TRY(cudaGetLastError());
    WS_CUDA_TRY(cudaStreamSynchronize(stream));
    return {};
}

}  // namespace ws::profile
