// One warp reads memory at each step i: lane l the word
// (l % distinct) * 32 + iterationOffset(i), so the warp asks for `distinct`
// different words per load. The constant cache answers one address per pass
// (1 distinct: a broadcast; 32: 32 passes); global loads and __ldg are served
// per 32-byte sector. The offset changes each step, so no load can be hoisted
// out of the loop, and takes its mask from a kernel argument, so the
// compiler cannot see that the addresses repeat every 32 steps.
#include <cuda_runtime.h>

#include "core/memkinds/constant_broadcast.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"
#include "kernels/memkinds/constant_kernels.h"
#include "kernels/memkinds/device_rules.h"

namespace ws::memkinds {

namespace {

__constant__ std::uint32_t cWords[kConstantWords];

template <ConstantPath kPath>
__device__ __forceinline__ std::uint32_t readWord(const std::uint32_t* words, std::uint32_t w) {
    if constexpr (kPath == ConstantPath::Constant)
        return cWords[w];
    else if constexpr (kPath == ConstantPath::Global)
        return words[w];
    else
        return __ldg(words + w);
}

template <ConstantPath kPath>
__device__ __forceinline__ std::uint64_t readSteps(const WarpReadArgs& a, std::uint32_t base,
                                                   std::uint32_t steps, std::uint32_t mask) {
    std::uint64_t sum = 0;
#pragma unroll 8
    for (std::uint32_t i = 0; i < steps; ++i) sum += readWord<kPath>(a.words, base + (i & mask));
    return sum;
}

template <ConstantPath kPath, bool kRecord>
__global__ void warpReads(WarpReadArgs a, std::uint32_t offsetMask, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const std::uint32_t lane = threadIdx.x % 32;
    const std::uint32_t base = (lane % a.distinct) * kDistinctSpacingWords;
    const std::uint64_t warm = readSteps<kPath>(a, base, offsetMask + 1, offsetMask);
    const std::int64_t c0 = dev::cycleCounter();
    const std::uint64_t sum = readSteps<kPath>(a, base, a.loads, offsetMask);
    const std::int64_t c1 = dev::cycleCounter();
    a.sums[lane] = sum;
    a.warmSums[lane] = warm;
    if (lane == 0) *a.cycles = c1 - c0;
    if constexpr (kRecord) recorder.finish(blocks);
}

using WarpKernel = void (*)(WarpReadArgs, std::uint32_t, BlockRecordPointers);

template <ConstantPath kPath>
WarpKernel warpKernel(bool record) {
    return record ? warpReads<kPath, true> : warpReads<kPath, false>;
}

}  // namespace

std::uint32_t warmupSteps() { return kIterationOffsetMask + 1; }

Status uploadConstantWords(const std::uint32_t* host) {
    WS_CUDA_TRY(cudaMemcpyToSymbol(cWords, host, sizeof cWords));
    return {};
}

Status launchWarpReads(ConstantPath path, bool record, const WarpReadArgs& args,
                       const BlockRecordPointers& blocks, cudaStream_t stream) {
    WarpKernel kernel = path == ConstantPath::Constant ? warpKernel<ConstantPath::Constant>(record)
                        : path == ConstantPath::Global ? warpKernel<ConstantPath::Global>(record)
                                                       : warpKernel<ConstantPath::ReadOnly>(record);
    kernel<<<1, 32, 0, stream>>>(args, kIterationOffsetMask,
                                 record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH(std::string("warpReads (") + constantPathName(path) + ")");
    return {};
}

}  // namespace ws::memkinds
