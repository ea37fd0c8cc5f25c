// Kernels that launch kernels (seed 004, "Grilles filles" and "Réduction
// parallèle"). The seed's recursive reduction launched its next level with
// <<<nb, BLOCK_DIM>>> over nb partials and wrote them in place: nb blocks
// where ceil(nb / BLOCK_DIM) suffice, and block k writing b[k] while another
// block may still be reading it. Here the next level gets ceil(nb / block)
// blocks and reads one buffer while it writes another.
#include <cuda_runtime.h>

#include "kernels/common/device_clocks.cuh"
#include "kernels/concurrency/dynamic/dp_block_tree.cuh"
#include "kernels/concurrency/dynamic/dp_launchers.h"

namespace ws::dp {

namespace {

// Thread 0's readings at the start of its block; the record is written once,
// at the end.
struct BlockClock {
    std::uint64_t startNs = 0;
    std::int64_t startClock = 0;
};

template <bool kRecord>
__device__ BlockClock blockStart() {
    BlockClock c;
    if (kRecord && threadIdx.x == 0) {
        c.startClock = clock64();
        c.startNs = dev::globalTimerNs();
    }
    return c;
}

template <bool kRecord>
__device__ void blockFinish(const TreeRecords& r, GridPlace place, const BlockClock& c) {
    if (!kRecord || threadIdx.x != 0 || place.slot == kNoSlot) return;
    BlockRecord& b = r.blocks[place.firstBlock + blockIdx.x];
    b.slot = place.slot;
    b.block = blockIdx.x;
    b.sm = dev::smId();
    b.startNs = c.startNs;
    b.startClock = c.startClock;
    b.endClock = clock64();
    b.endNs = dev::globalTimerNs();
    b.written = 1;
}

// Called by the one thread that launches: a slot for the child and room for
// its block records. When the host sized the records too small the tickets
// run past the capacity, the host sees that, and the child runs unrecorded.
__device__ GridPlace reserveChild(const TreeRecords& r, GridPlace parent, GridMode mode,
                                  GridKernel kernel, std::uint32_t grid, std::uint32_t block,
                                  std::uint32_t depth) {
    const std::uint32_t slot = atomicAdd(r.slotCount, 1u);
    const std::uint32_t first = atomicAdd(r.blockCount, grid);
    if (slot >= r.slotCapacity || first + grid > r.blockCapacity || first + grid < first) return {};
    GridSlot& s = r.slots[slot];
    s.parentSlot = parent.slot;
    s.parentBlock = blockIdx.x;
    s.depth = depth;
    s.mode = std::uint32_t(mode);
    s.kernel = std::uint32_t(kernel);
    s.grid = grid;
    s.block = block;
    s.firstBlockRecord = first;
    return {slot, first};
}

__device__ void noteLaunch(const TreeRecords& r, GridPlace child, std::uint64_t requestNs,
                           cudaError_t error) {
    if (child.slot == kNoSlot) return;
    GridSlot& s = r.slots[child.slot];
    s.requestNs = requestNs;
    s.launchError = std::uint32_t(error);
    __threadfence();
    s.written = 1;
}

__device__ cudaStream_t deviceStream(GridMode mode) {
    return mode == GridMode::Tail ? cudaStreamTailLaunch : cudaStreamFireAndForget;
}

template <bool kRecord>
__global__ void childAddsOne(const std::uint32_t* doubled, std::uint32_t* out, std::uint64_t len,
                             TreeRecords r, GridPlace place) {
    const BlockClock c = blockStart<kRecord>();
    const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
    for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < len;
         i += stride)
        out[i] = doubled[i] + 1u;
    blockFinish<kRecord>(r, place, c);
}

template <bool kRecord>
__global__ void parentDoubles(ParentChildArgs a, TreeRecords r, GridPlace place) {
    const BlockClock c = blockStart<kRecord>();
    const std::uint64_t begin = std::uint64_t(blockIdx.x) * a.segment;
    const std::uint64_t end = min(a.n, begin + a.segment);
    for (std::uint64_t i = begin + threadIdx.x; i < end; i += blockDim.x)
        a.doubled[i] = 2u * a.in[i];
    // Each thread's writes reach global memory, then the block meets: the
    // child launched below sees the whole block's part, not only thread 0's.
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0 && begin < end) {
        GridPlace child;
        if constexpr (kRecord)
            child = reserveChild(r, place, a.mode, GridKernel::Child, a.childBlocks, a.block, 1);
        const std::uint64_t request = dev::globalTimerNs();
        childAddsOne<kRecord><<<a.childBlocks, a.block, 0, deviceStream(a.mode)>>>(
            a.doubled + begin, a.out + begin, end - begin, r, child);
        const cudaError_t error = cudaGetLastError();
        if constexpr (kRecord) noteLaunch(r, child, request, error);
    }
    blockFinish<kRecord>(r, place, c);
}

template <bool kRecord>
__global__ void reduceLevel(ReduceLevelArgs a, TreeRecords r, GridPlace place) {
    const BlockClock c = blockStart<kRecord>();
    extern __shared__ std::uint32_t partial[];
    const unsigned tid = threadIdx.x;
    const std::uint32_t sum = blockTreeSum(partial, a.src, a.count);
    if (tid == 0) a.dst[blockIdx.x] = sum;
    // A tail launch starts only after every block of this grid has finished,
    // so the next level sees every partial written above.
    const std::uint64_t partials = gridDim.x;
    if (a.recurse && blockIdx.x == 0 && tid == 0 && partials > 1 && a.depth < a.maxDepth) {
        ReduceLevelArgs next = a;
        next.src = a.dst;
        next.dst = a.spare;
        next.spare = a.dst;
        next.count = partials;
        next.depth = a.depth + 1;
        const auto grid = std::uint32_t((partials + blockDim.x - 1) / blockDim.x);
        GridPlace child;
        if constexpr (kRecord)
            child = reserveChild(r, place, GridMode::Tail, GridKernel::ReduceLevel, grid,
                                 blockDim.x, next.depth);
        const std::uint64_t request = dev::globalTimerNs();
        reduceLevel<kRecord>
            <<<grid, blockDim.x, blockDim.x * sizeof(std::uint32_t), cudaStreamTailLaunch>>>(
                next, r, child);
        const cudaError_t error = cudaGetLastError();
        if constexpr (kRecord) noteLaunch(r, child, request, error);
    }
    blockFinish<kRecord>(r, place, c);
}

__global__ void stampFirstBlock(std::uint64_t* firstBlockNs) {
    if (threadIdx.x == 0 && blockIdx.x == 0) *firstBlockNs = dev::globalTimerNs();
}

__global__ void launchStamp(GridMode mode, std::uint64_t* requestNs, std::uint64_t* firstBlockNs) {
    *requestNs = dev::globalTimerNs();
    stampFirstBlock<<<1, 32, 0, deviceStream(mode)>>>(firstBlockNs);
}

}  // namespace

cudaError_t launchParentChild(bool record, const ParentChildArgs& a, const TreeRecords& r,
                              GridPlace place, cudaStream_t stream) {
    if (record)
        parentDoubles<true><<<a.parentBlocks, a.block, 0, stream>>>(a, r, place);
    else
        parentDoubles<false><<<a.parentBlocks, a.block, 0, stream>>>(a, TreeRecords{}, GridPlace{});
    return cudaGetLastError();
}

cudaError_t launchReduceLevel(bool record, const ReduceLevelArgs& a, const TreeRecords& r,
                              GridPlace place, cudaStream_t stream) {
    const auto grid = std::uint32_t((a.count + a.block - 1) / a.block);
    const std::size_t shared = std::size_t(a.block) * sizeof(std::uint32_t);
    if (record)
        reduceLevel<true><<<grid, a.block, shared, stream>>>(a, r, place);
    else
        reduceLevel<false><<<grid, a.block, shared, stream>>>(a, TreeRecords{}, GridPlace{});
    return cudaGetLastError();
}

cudaError_t launchStampFromHost(std::uint64_t* firstBlockNs, cudaStream_t stream) {
    stampFirstBlock<<<1, 32, 0, stream>>>(firstBlockNs);
    return cudaGetLastError();
}

cudaError_t launchStampFromDevice(GridMode mode, std::uint64_t* requestNs,
                                  std::uint64_t* firstBlockNs, cudaStream_t stream) {
    launchStamp<<<1, 1, 0, stream>>>(mode, requestNs, firstBlockNs);
    return cudaGetLastError();
}

}  // namespace ws::dp
