// The bandwidth staircase's kernels. Every thread loads 16 bytes a step
// (uint4) and adds the four words, so the kernel's result is a checksum the
// CPU knows (kernels/memkinds/bandwidth_plan.h) and no load can be dropped.
// The four words of a vector add up below 2^27, in 32 bits; the sum across
// steps is 64 bits.
#include <cuda_runtime.h>

#include <algorithm>

#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"
#include "kernels/memkinds/bandwidth_kernels.h"
#include "kernels/memkinds/device_rules.h"

namespace ws::memkinds {

namespace {

constexpr std::uint32_t kSharedVectors = kSharedReadBytes / kVectorBytes;
static_assert((kSharedVectors & (kSharedVectors - 1)) == 0, "the rotation wraps with a mask");

struct ReadSetArgs {
    const uint4* data = nullptr;
    std::uint32_t vectors = 0;  // at most 2^28: 4 GiB
    std::uint32_t slices = 1;
    std::uint32_t sliceVectors = 0;
    std::uint32_t passes = 1;
    std::uint64_t* partials = nullptr;
};

__device__ __forceinline__ std::uint32_t vectorSum(const uint4& v) { return v.x + v.y + v.z + v.w; }

// The block's sum into partials[blockIdx.x]; every thread calls it.
__device__ void writeBlockSum(std::uint64_t sum, std::uint64_t* partials) {
    __shared__ unsigned long long warpSums[32];
    for (int offset = 16; offset > 0; offset /= 2)
        sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (threadIdx.x % 32 == 0) warpSums[threadIdx.x / 32] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
        std::uint64_t total = 0;
        for (std::uint32_t w = 0; w < (blockDim.x + 31) / 32; ++w) total += warpSums[w];
        partials[blockIdx.x] = total;
    }
}

// kL2Only: ld.global.cg, cached in L2 and not in L1.
template <bool kRecord, bool kL2Only>
__global__ void readSet(ReadSetArgs a, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    std::uint64_t sum = 0;
    std::uint32_t slice = blockIdx.x % a.slices;
    for (std::uint32_t p = 0; p < a.passes; ++p) {
        const std::uint32_t begin = slice * a.sliceVectors;
        const std::uint32_t end = slice + 1 == a.slices ? a.vectors : begin + a.sliceVectors;
#pragma unroll 4
        for (std::uint32_t i = begin + threadIdx.x; i < end; i += blockDim.x)
            sum += vectorSum(kL2Only ? __ldcg(&a.data[i]) : a.data[i]);
        slice = slice + 1 == a.slices ? 0 : slice + 1;
    }
    writeBlockSum(sum, a.partials);
    if constexpr (kRecord) recorder.finish(blocks);
}

template <bool kRecord>
__global__ void readShared(std::uint32_t passes, std::uint64_t* partials,
                           BlockRecordPointers blocks) {
    __shared__ uint4 tile[kSharedVectors];
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    for (std::uint32_t i = threadIdx.x; i < kSharedVectors; i += blockDim.x)
        tile[i] = make_uint4(bandwidthWord(4 * i), bandwidthWord(4 * i + 1),
                             bandwidthWord(4 * i + 2), bandwidthWord(4 * i + 3));
    __syncthreads();
    std::uint64_t sum = 0;
    for (std::uint32_t p = 0; p < passes; ++p) {
        // Each pass starts 32 vectors further on: every thread's addresses
        // change, so no load is the same as the pass before's.
        const std::uint32_t rotation = (p * 32) & (kSharedVectors - 1);
#pragma unroll 4
        for (std::uint32_t i = threadIdx.x; i < kSharedVectors; i += blockDim.x)
            sum += vectorSum(tile[(i + rotation) & (kSharedVectors - 1)]);
    }
    writeBlockSum(sum, partials);
    if constexpr (kRecord) recorder.finish(blocks);
}

__global__ void fillWords(std::uint32_t* words, std::uint64_t count) {
    const std::uint64_t step = std::uint64_t(gridDim.x) * blockDim.x;
    for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += step)
        words[i] = bandwidthWord(i);
}

}  // namespace

Status fillBandwidthData(std::uint32_t* words, std::uint64_t vectors, cudaStream_t stream) {
    const std::uint64_t count = vectors * (kVectorBytes / 4);
    const std::uint32_t block = 256;
    const auto grid = std::uint32_t(std::min<std::uint64_t>((count + block - 1) / block, 65536));
    fillWords<<<grid, block, 0, stream>>>(words, count);
    WS_CUDA_TRY_LAUNCH("fillWords");
    return {};
}

Result<int> readSetBlocksPerSm(std::uint32_t block) {
    int perSm = 0;
    WS_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, readSet<false, false>,
                                                              int(block), 0));
    return perSm;
}

Result<int> readSharedBlocksPerSm(std::uint32_t block) {
    int perSm = 0;
    WS_CUDA_TRY(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, readShared<false>, int(block), 0));
    return perSm;
}

Status launchReadSet(bool record, bool l2Only, const BandwidthPlan& plan,
                     const std::uint32_t* words, std::uint64_t* partials,
                     const BlockRecordPointers& blocks, cudaStream_t stream) {
    // Indices stay below 2^31 so that i += blockDim.x cannot wrap.
    if (plan.vectors >= (std::uint64_t(1) << 31))
        return makeError("readSet: a working set of " + std::to_string(plan.vectors) +
                         " vectors is more than its 32-bit indices reach");
    ReadSetArgs a;
    a.data = reinterpret_cast<const uint4*>(words);
    a.vectors = std::uint32_t(plan.vectors);
    a.slices = plan.slices;
    a.sliceVectors = std::uint32_t(plan.sliceVectors);
    a.passes = plan.passes;
    a.partials = partials;
    auto kernel = record ? (l2Only ? readSet<true, true> : readSet<true, false>)
                         : (l2Only ? readSet<false, true> : readSet<false, false>);
    kernel<<<plan.grid, plan.block, 0, stream>>>(a, record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH("readSet");
    return {};
}

Status launchReadShared(bool record, std::uint32_t grid, std::uint32_t block, std::uint32_t passes,
                        std::uint64_t* partials, const BlockRecordPointers& blocks,
                        cudaStream_t stream) {
    auto kernel = record ? readShared<true> : readShared<false>;
    kernel<<<grid, block, 0, stream>>>(passes, partials, record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH("readShared");
    return {};
}

}  // namespace ws::memkinds
