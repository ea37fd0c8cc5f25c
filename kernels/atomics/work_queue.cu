// Device code of the work queue (seed 000/003 chapter 3). An item is done by
// a whole block: every thread runs a chain of x = x * A + C as long as the
// item's cost asks, then the block sums the chains' ends. Dynamic shared
// memory, when the launcher asks for it, is never touched: it only limits
// how many blocks fit on an SM, so every strategy gets the same slots.
#include <cuda_runtime.h>

#include "kernels/atomics/work_queue_kernels.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"

namespace ws::atomics {

namespace {

using dev::BlockRecorder;
using dev::globalTimerNs;
using dev::smId;

// Dependent steps: each needs the one before, so the chain runs at the
// latency of an integer multiply-add. The loop's shape is fixed, 16 steps a
// turn and no further unrolling, so that the timed and the recording builds
// run the same instructions per step: left to itself ptxas turned the same
// loop into 4 steps a turn in one build and 16 in the other, and the timed
// build spent 1.7x as long per step as the recording build it was calibrated
// with (the plain launches of 10 us items took 17 us an item).
constexpr std::uint32_t kStepsPerTurn = 16;

__device__ __forceinline__ std::uint32_t chain(std::uint32_t x, std::uint32_t steps,
                                               std::uint32_t a, std::uint32_t c) {
    std::uint32_t k = 0;
#pragma unroll 1
    for (; k + kStepsPerTurn <= steps; k += kStepsPerTurn) {
#pragma unroll
        for (std::uint32_t i = 0; i < kStepsPerTurn; ++i) x = x * a + c;
    }
#pragma unroll 1
    for (; k < steps; ++k) x = x * a + c;
    return x;
}

// The whole block works on `item`; thread 0 writes the sum, counts the item
// done, and (recording) notes who did it and when. Ends with a barrier, so
// the warp sums can be written again by the next item.
template <bool kRecord>
__device__ void doItem(const QueueBuffers& q, std::uint32_t item, const ItemRecordPointers& rec) {
    __shared__ std::uint32_t warpSums[32];
    std::uint64_t startNs = 0;
    if constexpr (kRecord)
        if (threadIdx.x == 0) startNs = globalTimerNs();
    const std::uint32_t x =
        chain(item * blockDim.x + threadIdx.x + 1, q.iterations[item], q.multiplier, q.increment);
    const std::uint32_t warpSum = __reduce_add_sync(0xffffffffu, x);
    if (threadIdx.x % 32 == 0) warpSums[threadIdx.x / 32] = warpSum;
    __syncthreads();
    if (threadIdx.x == 0) {
        std::uint32_t sum = 0;
        for (std::uint32_t w = 0; w < blockDim.x / 32; ++w) sum += warpSums[w];
        q.results[item] = sum;
        atomicAdd(&q.done[item], 1u);
        if constexpr (kRecord) {
            rec.block[item] = blockIdx.x;
            rec.sm[item] = smId();
            rec.startNs[item] = startNs;
            rec.endNs[item] = globalTimerNs();
        }
    }
    __syncthreads();
}

// Block b takes items b, b + G, b + 2G, ...: decided before anything runs.
template <bool kRecord>
__global__ void workStatic(QueueBuffers q, ItemRecordPointers rec, BlockRecordPointers blocks) {
    BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    for (std::uint32_t item = blockIdx.x; item < q.items; item += gridDim.x)
        doItem<kRecord>(q, item, rec);
    if constexpr (kRecord) recorder.finish(blocks);
}

// One block per item: the hardware's block scheduler starts the next block
// whenever a slot frees, a queue of its own.
template <bool kRecord>
__global__ void workPerItem(QueueBuffers q, ItemRecordPointers rec, BlockRecordPointers blocks) {
    BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    doItem<kRecord>(q, blockIdx.x, rec);
    if constexpr (kRecord) recorder.finish(blocks);
}

// The seed's WorkQueue::fetch: thread 0 takes a ticket with atomicAdd and
// shares it through shared memory. The barrier at the end of doItem keeps
// two fetches apart, as the seed demands.
template <bool kRecord>
__global__ void workQueue(QueueBuffers q, ItemRecordPointers rec, BlockRecordPointers blocks) {
    BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    __shared__ std::uint32_t fetched;
    for (;;) {
        if (threadIdx.x == 0) fetched = atomicAdd(q.next, 1u);
        __syncthreads();
        const std::uint32_t item = fetched;
        if (item >= q.items) break;  // the same for every thread: the queue is empty
        doItem<kRecord>(q, item, rec);
    }
    if constexpr (kRecord) recorder.finish(blocks);
}

using Kernel = void (*)(QueueBuffers, ItemRecordPointers, BlockRecordPointers);

Kernel kernelOf(Strategy strategy, bool record) {
    switch (strategy) {
        case Strategy::Static:
            return record ? workStatic<true> : workStatic<false>;
        case Strategy::PerItem:
            return record ? workPerItem<true> : workPerItem<false>;
        case Strategy::Queue:
            return record ? workQueue<true> : workQueue<false>;
    }
    return nullptr;
}

}  // namespace

const void* workQueueKernel(Strategy strategy, bool record) {
    return reinterpret_cast<const void*>(kernelOf(strategy, record));
}

Status launchWorkQueue(Strategy strategy, bool record, std::uint32_t grid, std::uint32_t block,
                       std::uint32_t dynamicShared, const QueueBuffers& buffers,
                       const ItemRecordPointers& items, const BlockRecordPointers& blocks,
                       cudaStream_t stream) {
    kernelOf(strategy, record)<<<grid, block, dynamicShared, stream>>>(
        buffers, record ? items : ItemRecordPointers{}, record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH(strategy == Strategy::Queue    ? "workQueue"
                       : strategy == Strategy::Static ? "workStatic"
                                                      : "workPerItem");
    return {};
}

}  // namespace ws::atomics
