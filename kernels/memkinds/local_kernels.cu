// The per-thread array in registers and in local memory (seed 000 ch. 1's
// registers and local memory): the same work (kernels/memkinds/local_work.cuh),
// once with every index known at compile time and once indexed by a
// permutation read from memory. __launch_bounds__(1024) holds both to the 64
// registers a 1024-thread block leaves each thread, so every block size the
// catalog allows launches.
#include <cuda_runtime.h>

#include <string>

#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"
#include "kernels/memkinds/local_kernels.h"
#include "kernels/memkinds/local_work.cuh"

namespace ws::memkinds {

namespace {

template <bool kIndexed, bool kRecord>
__global__ void __launch_bounds__(1024) localArray(LocalArgs a, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < a.n) a.out[t] = localWork<kIndexed>(t, a.permutation);
    if constexpr (kRecord) recorder.finish(blocks);
}

using LocalKernel = void (*)(LocalArgs, BlockRecordPointers);

LocalKernel localKernel(LocalKind kind, bool record) {
    if (kind == LocalKind::Registers)
        return record ? localArray<false, true> : localArray<false, false>;
    return record ? localArray<true, true> : localArray<true, false>;
}

}  // namespace

Result<KernelResources> localResources(LocalKind kind) {
    if (kind == LocalKind::Spilled) return spilledResources();
    cudaFuncAttributes f{};
    WS_CUDA_TRY(cudaFuncGetAttributes(&f, localKernel(kind, false)));
    return KernelResources{std::uint32_t(f.numRegs), std::uint32_t(f.localSizeBytes)};
}

Status launchLocal(LocalKind kind, bool record, std::uint32_t grid, std::uint32_t block,
                   const LocalArgs& args, const BlockRecordPointers& blocks, cudaStream_t stream) {
    if (kind == LocalKind::Spilled) return launchSpilled(record, grid, block, args, blocks, stream);
    localKernel(kind, record)<<<grid, block, 0, stream>>>(args,
                                                          record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH(std::string("localArray (") + localKindName(kind) + ")");
    return {};
}

}  // namespace ws::memkinds
