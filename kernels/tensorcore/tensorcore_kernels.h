#pragma once
// The tensor-core kernels of matmul-tc, as plain and recording builds of one
// source. The first rungs (wmma, mma-sync, wgmma) take (A, B, C, n, trace)
// with A and B n x n row-major BF16 (__nv_bfloat16), C n x n row-major FP32
// or BF16 as the output asks, and cover C with the grid tensorCoreTiling
// gives (blockIdx.x the column tile, blockIdx.y the row tile); the TMA rungs
// take tensor maps of A and B instead, and a pipeline trace
// (tensorcore_tma_launch.h), the persistent ones a grid of as many blocks as
// fit. All handle any n that is a multiple of 8 (tensorCoreSizeCheck):
// loads outside the matrices read as zero, stores outside are skipped. The
// records are the matrix multiply lab's (kernels/matmul/matmul_trace.h): a
// record per block, the tiles of every k-phase of the traced blocks.
#include <cstdint>
#include <string>

#include "core/common/result.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws::tensorcore {

struct TensorCoreKernels {
    std::string name;  // as the launch and the trace call it
    // __global__ functions of the signature above, for cudaLaunchKernel.
    const void* plain = nullptr;
    const void* recorded = nullptr;
    std::uint32_t dynamicShared = 0;  // bytes of extern __shared__ the launch passes
    // The recording build's where it asks more (its step records), else 0.
    std::uint32_t recordedDynamicShared = 0;
    std::uint32_t sharedFor(bool record) const {
        return record && recordedDynamicShared > 0 ? recordedDynamicShared : dynamicShared;
    }
    // The TMA rungs take (tensor map of A, tensor map of B, C, n, trace,
    // pipeline trace) instead, the maps built on the host.
    bool tma = false;
    bool persistent = false;    // grid: as many blocks (clusters) as fit at once
    std::uint32_t cluster = 1;  // blocks a cluster
};

Result<TensorCoreKernels> wmmaKernels(TensorCoreOutput output);
Result<TensorCoreKernels> mmaSyncKernels(TensorCoreOutput output);
// sm_90a code: launch only on compute capability 9.0 (wgmmaDeviceCheck).
Result<TensorCoreKernels> wgmmaKernels(TensorCoreOutput output);
// wgmma-tma, warp-specialized, persistent and clusters (sm_90a too).
Result<TensorCoreKernels> tmaKernels(TensorCoreVariant variant, TensorCoreOutput output);

}  // namespace ws::tensorcore
