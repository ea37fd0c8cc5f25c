// Contention: thread t adds 1 to counter[t % addresses] per_thread times and
// keeps every value atomicAdd returned. Using the returned value makes each
// call a real read-modify-write the thread waits for (ATOM, not the
// fire-and-forget RED), and the values prove the additions were atomic: an
// address that received c additions handed out 0 .. c-1 exactly once.
#include <cuda_runtime.h>

#include "kernels/atomics/contention_kernels.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"

namespace ws::atomics {

namespace {

template <bool kRecord>
__global__ void contend(ContentionArgs a, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    std::uint64_t tickets = 0;
    if (t < a.threads) {
        std::uint32_t* counter = a.counters + std::uint64_t(t % a.addresses) * a.spacingWords;
        for (std::uint32_t k = 0; k < a.perThread; ++k) tickets += atomicAdd(counter, 1u);
    }
    // One sum per block, written, not added: the check must not contend itself.
    __shared__ unsigned long long warpTickets[32];
    for (int offset = 16; offset > 0; offset /= 2)
        tickets += __shfl_down_sync(0xffffffffu, tickets, offset);
    if (threadIdx.x % 32 == 0) warpTickets[threadIdx.x / 32] = tickets;
    __syncthreads();
    if (threadIdx.x == 0) {
        std::uint64_t sum = 0;
        for (std::uint32_t w = 0; w < blockDim.x / 32; ++w) sum += warpTickets[w];
        a.blockTickets[blockIdx.x] = sum;
    }
    if constexpr (kRecord) recorder.finish(blocks);
}

}  // namespace

Status launchContention(bool record, std::uint32_t grid, std::uint32_t block,
                        const ContentionArgs& args, const BlockRecordPointers& blocks,
                        cudaStream_t stream) {
    auto kernel = record ? contend<true> : contend<false>;
    kernel<<<grid, block, 0, stream>>>(args, record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH("contend");
    return {};
}

}  // namespace ws::atomics
