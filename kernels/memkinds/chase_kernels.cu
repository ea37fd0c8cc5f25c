// The pointer chase (seed 000 ch. 1's kinds of memory, measured): one thread
// follows idx = a[idx] through a working set, each load's address the value
// of the load before, so no load can start before the last one returned and
// the time per load is the whole trip to wherever the set lives. The path is
// a template parameter, so each kernel's loop is one kind of load and
// nothing else: ld.global (plain; the pointer is neither const nor
// __restrict__, so the compiler cannot turn it into the read-only path),
// __ldg, __ldcg, shared memory, __constant__ memory or a texture fetch.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"
#include "kernels/memkinds/chase_kernels.h"
#include "kernels/memkinds/device_rules.h"

namespace ws::memkinds {

namespace {

__constant__ std::uint32_t cChase[kConstantChaseBytes / 4];

template <LoadPath kPath>
__device__ __forceinline__ std::uint32_t chaseLoad(const ChaseArgs& a, const std::uint32_t* shared,
                                                   std::uint32_t i) {
    if constexpr (kPath == LoadPath::Global)
        return a.array[i];
    else if constexpr (kPath == LoadPath::ReadOnly)
        return __ldg(a.array + i);
    else if constexpr (kPath == LoadPath::L2Only)
        return __ldcg(a.array + i);
    else if constexpr (kPath == LoadPath::Shared)
        return shared[i];
    else if constexpr (kPath == LoadPath::Constant)
        return cChase[i];
    else
        return tex1Dfetch<unsigned int>(a.texture, int(i));
}

// The timed span: %globaltimer outside clock64, and clock64 with its memory
// clobber on either side of the loop, so no load of the loop is moved out of
// it and no warm-up load into it. The last load may still be in flight at
// the end reading, as the warm-up's last one is at the start: the span holds
// `loads` trips either way.
template <LoadPath kPath>
__device__ void chaseFromZero(const ChaseArgs& a, const std::uint32_t* shared) {
    std::uint32_t idx = 0;
    for (std::uint64_t k = 0; k < a.warmupLoads; ++k) idx = chaseLoad<kPath>(a, shared, idx);
    const std::uint64_t t0 = dev::globalTimerNs();
    const std::int64_t c0 = dev::cycleCounter();
    for (std::uint64_t k = 0; k < a.loads; ++k) idx = chaseLoad<kPath>(a, shared, idx);
    const std::int64_t c1 = dev::cycleCounter();
    const std::uint64_t t1 = dev::globalTimerNs();
    ChaseResult r;
    r.finalIndex = idx;
    r.sm = dev::smId();
    r.cycles = c1 - c0;
    r.ns = t1 - t0;
    *a.result = r;
}

template <LoadPath kPath, bool kRecord>
__global__ void chase(ChaseArgs a, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    std::uint32_t* shared = nullptr;
    if constexpr (kPath == LoadPath::Shared) {
        // The whole block copies the set in; thread 0 then chases alone.
        shared = dev::sharedSlots<std::uint32_t>();
        for (std::uint32_t i = threadIdx.x; i < a.sharedWords; i += blockDim.x)
            shared[i] = a.array[i];
        __syncthreads();
    }
    if (threadIdx.x == 0) chaseFromZero<kPath>(a, shared);
    if constexpr (kRecord) recorder.finish(blocks);
}

__global__ void fillChaseKernel(std::uint32_t* array, std::uint64_t elements, std::uint64_t slots,
                                std::uint32_t strideWords) {
    const std::uint64_t step = std::uint64_t(gridDim.x) * blockDim.x;
    for (std::uint64_t e = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; e < elements;
         e += step)
        array[e] = chaseEntry(slots, strideWords, e);
}

// The l2-distance probes take all the dynamic shared memory a block may have
// (launchSmCensus, launchSmChase) and touch none of it: it only keeps a
// second block off their SM.
__global__ void smCensus(std::uint32_t* seen, std::uint64_t holdNs) {
    if (threadIdx.x != 0) return;
    const std::uint32_t sm = dev::smId();
    if (sm < kSmIdLimit) atomicOr(seen + sm / 32, 1u << (sm % 32));
    const std::uint64_t t0 = dev::globalTimerNs();
    while (dev::globalTimerNs() - t0 < holdNs) {
    }
}

template <bool kRecord>
__global__ void smChase(SmChaseArgs a, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    if (threadIdx.x == 0 && dev::smId() == a.targetSm && atomicCAS(a.claimed, 0u, 1u) == 0u) {
        ChaseArgs c;
        c.array = a.array;
        c.warmupLoads = a.warmupLoads;
        c.loads = a.loads;
        c.result = a.result;
        chaseFromZero<LoadPath::L2Only>(c, nullptr);
    }
    if constexpr (kRecord) recorder.finish(blocks);
}

using ChaseKernel = void (*)(ChaseArgs, BlockRecordPointers);

template <LoadPath kPath>
ChaseKernel chaseKernel(bool record) {
    return record ? chase<kPath, true> : chase<kPath, false>;
}

ChaseKernel chaseKernel(LoadPath path, bool record) {
    switch (path) {
        case LoadPath::Global:
            return chaseKernel<LoadPath::Global>(record);
        case LoadPath::ReadOnly:
            return chaseKernel<LoadPath::ReadOnly>(record);
        case LoadPath::L2Only:
            return chaseKernel<LoadPath::L2Only>(record);
        case LoadPath::Shared:
            return chaseKernel<LoadPath::Shared>(record);
        case LoadPath::Constant:
            return chaseKernel<LoadPath::Constant>(record);
        case LoadPath::Texture:
            return chaseKernel<LoadPath::Texture>(record);
    }
    return nullptr;
}

}  // namespace

std::uint32_t chaseThreads(LoadPath path) { return path == LoadPath::Shared ? 256 : 1; }

Status fillChase(std::uint32_t* array, const ChaseShape& shape, cudaStream_t stream) {
    const std::uint64_t elements = shape.elements();
    const std::uint32_t block = 256;
    const auto grid = std::uint32_t(std::min<std::uint64_t>((elements + block - 1) / block, 65536));
    fillChaseKernel<<<grid, block, 0, stream>>>(array, elements, shape.slots(),
                                                shape.strideBytes / 4);
    WS_CUDA_TRY_LAUNCH("fillChase");
    return {};
}

Status uploadConstantChase(const std::uint32_t* host, std::uint64_t bytes) {
    if (bytes > kConstantChaseBytes)
        return makeError("the __constant__ chase holds " + std::to_string(kConstantChaseBytes) +
                         " bytes, not " + std::to_string(bytes));
    WS_CUDA_TRY(cudaMemcpyToSymbol(cChase, host, bytes));
    return {};
}

Status allowSharedChase(std::uint64_t bytes) {
    for (bool record : {false, true})
        WS_CUDA_TRY(cudaFuncSetAttribute(chaseKernel(LoadPath::Shared, record),
                                         cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
    return {};
}

Status launchChase(LoadPath path, bool record, const ChaseArgs& args,
                   const BlockRecordPointers& blocks, cudaStream_t stream) {
    ChaseKernel kernel = chaseKernel(path, record);
    if (kernel == nullptr) return makeError("no chase kernel for this load path");
    const std::size_t shared = path == LoadPath::Shared ? std::size_t(args.sharedWords) * 4 : 0;
    kernel<<<1, chaseThreads(path), shared, stream>>>(args,
                                                      record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH(std::string("chase (") + loadPathName(path) + ")");
    return {};
}

Status allowOneBlockPerSm(std::uint32_t sharedBytes) {
    WS_CUDA_TRY(cudaFuncSetAttribute(smCensus, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     int(sharedBytes)));
    for (auto kernel : {smChase<false>, smChase<true>})
        WS_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(sharedBytes)));
    return {};
}

Status launchSmCensus(std::uint32_t grid, std::uint32_t sharedBytes, std::uint32_t* seen,
                      std::uint64_t holdNs, cudaStream_t stream) {
    smCensus<<<grid, kSmChaseThreads, sharedBytes, stream>>>(seen, holdNs);
    WS_CUDA_TRY_LAUNCH("smCensus");
    return {};
}

Status launchSmChase(bool record, std::uint32_t grid, std::uint32_t sharedBytes,
                     const SmChaseArgs& args, const BlockRecordPointers& blocks,
                     cudaStream_t stream) {
    auto kernel = record ? smChase<true> : smChase<false>;
    kernel<<<grid, kSmChaseThreads, sharedBytes, stream>>>(args,
                                                           record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH("smChase");
    return {};
}

}  // namespace ws::memkinds
