// Kernels compiled under a register cap (__maxnreg__) below what their work
// needs, so the compiler spills to local memory: the local-memory
// experiment's spilled variant (the registers variant's work, capped at
// kSpilledRegisters) and the occupancy sweep's busy kernel (128 words live
// through its loop, capped at each of occupancyCaps()). Built as an object
// library of its own, without -Xptxas=-warn-spills (kernels/memkinds/CMakeLists.txt):
// here a spill is the lesson, not a bug.
#include <cuda_runtime.h>

#include <string>

#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"
#include "kernels/memkinds/local_kernels.h"
#include "kernels/memkinds/local_work.cuh"

namespace ws::memkinds {

namespace {

template <bool kRecord>
__global__ void __maxnreg__(kSpilledRegisters)
    spilledArray(LocalArgs a, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < a.n) a.out[t] = localWork<false>(t, a.permutation);
    if constexpr (kRecord) recorder.finish(blocks);
}

constexpr std::uint32_t kBusyWords = 128;
constexpr std::uint32_t kNeverSeen = 0x5eed5eedu;

// Each word is updated from the next one round the array every step, so all
// 128 stay live: about 140 registers uncapped, the rest spilled under a cap.
template <int kCap>
__global__ void __maxnreg__(kCap)
    busy(std::uint64_t holdNs, std::uint32_t* sink, BlockRecordPointers blocks) {
    dev::BlockRecorder recorder;
    recorder.start();
    std::uint32_t v[kBusyWords];
#pragma unroll
    for (std::uint32_t k = 0; k < kBusyWords; ++k)
        v[k] = (blockIdx.x * blockDim.x + threadIdx.x) * 2654435761u + k;
    // Every warp holds from one moment to the next, so thread 0's readings
    // span the whole block's stay.
    __syncthreads();
    const std::uint64_t t0 = dev::globalTimerNs();
    do {
#pragma unroll
        for (std::uint32_t k = 0; k < kBusyWords; ++k)
            v[k] = v[k] * 1664525u + v[(k + 1) % kBusyWords];
    } while (dev::globalTimerNs() - t0 < holdNs);
    std::uint32_t x = 0;
#pragma unroll
    for (std::uint32_t k = 0; k < kBusyWords; ++k) x ^= v[k];
    if (x == kNeverSeen) *sink = x;  // the work is used; the store all but never happens
    __syncthreads();
    recorder.finish(blocks);
}

using BusyKernel = void (*)(std::uint64_t, std::uint32_t*, BlockRecordPointers);

BusyKernel busyKernel(std::uint32_t cap) {
    switch (cap) {
        case 255:
            return busy<255>;
        case 128:
            return busy<128>;
        case 80:
            return busy<80>;
        case 64:
            return busy<64>;
        case 48:
            return busy<48>;
        case 40:
            return busy<40>;
        case 32:
            return busy<32>;
        default:
            return nullptr;
    }
}

Result<BusyKernel> busyKernelFor(std::uint32_t cap) {
    BusyKernel k = busyKernel(cap);
    if (k == nullptr)
        return makeError("no busy kernel is compiled for a cap of " + std::to_string(cap) +
                         " registers");
    return k;
}

}  // namespace

Result<KernelResources> spilledResources() {
    cudaFuncAttributes f{};
    WS_CUDA_TRY(cudaFuncGetAttributes(&f, spilledArray<false>));
    return KernelResources{std::uint32_t(f.numRegs), std::uint32_t(f.localSizeBytes)};
}

Status launchSpilled(bool record, std::uint32_t grid, std::uint32_t block, const LocalArgs& args,
                     const BlockRecordPointers& blocks, cudaStream_t stream) {
    auto kernel = record ? spilledArray<true> : spilledArray<false>;
    kernel<<<grid, block, 0, stream>>>(args, record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH("localArray (spilled)");
    return {};
}

std::vector<std::uint32_t> occupancyCaps() { return {255, 128, 80, 64, 48, 40, 32}; }

Result<KernelResources> busyResources(std::uint32_t cap) {
    auto kernel = busyKernelFor(cap);
    if (!kernel) return makeError(kernel.error());
    cudaFuncAttributes f{};
    WS_CUDA_TRY(cudaFuncGetAttributes(&f, *kernel));
    return KernelResources{std::uint32_t(f.numRegs), std::uint32_t(f.localSizeBytes)};
}

Result<int> busyBlocksPerSm(std::uint32_t cap, std::uint32_t block, std::uint32_t sharedBytes) {
    auto kernel = busyKernelFor(cap);
    if (!kernel) return makeError(kernel.error());
    WS_CUDA_TRY(cudaFuncSetAttribute(*kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     int(sharedBytes)));
    int perSm = 0;
    WS_CUDA_TRY(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, *kernel, int(block), sharedBytes));
    return perSm;
}

Status launchBusy(std::uint32_t cap, std::uint32_t grid, std::uint32_t block,
                  std::uint32_t sharedBytes, std::uint64_t holdNs, std::uint32_t* sink,
                  const BlockRecordPointers& blocks, cudaStream_t stream) {
    auto kernel = busyKernelFor(cap);
    if (!kernel) return makeError(kernel.error());
    (*kernel)<<<grid, block, sharedBytes, stream>>>(holdNs, sink, blocks);
    WS_CUDA_TRY_LAUNCH("busy (cap " + std::to_string(cap) + " registers)");
    return {};
}

}  // namespace ws::memkinds
