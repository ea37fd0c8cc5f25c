#pragma once
// Launching the TMA rungs (tensorcore_tma.cu): the tensor maps that tell
// the TMA unit where A and B lie and which boxes to copy, the grid (a tile
// a block, or as many blocks or clusters as fit at once for the persistent
// rungs), and the launch itself, with the cluster's shape where there is
// one. The maps are encoded through the driver's cuTensorMapEncodeTiled,
// reached through the runtime, so the program links no libcuda.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "core/common/result.h"
#include "kernels/matmul/matmul_trace.h"
#include "kernels/tensorcore/tensorcore_kernels.h"
#include "kernels/tensorcore/tensorcore_pipeline_trace.h"

namespace ws::tensorcore {

struct TmaLaunchPlan {
    dim3 grid, block;
    CUtensorMap a{}, b{};
    std::uint32_t tilesPerBlock = 1;  // at most, for the persistent rungs
};

// A and B are n x n row-major BF16 on the device (n a multiple of 8, so a
// row is a multiple of 16 bytes, as the TMA unit needs); `block` the
// variant's threads (core/tensorcore/tensorcore_variants.h).
Result<TmaLaunchPlan> planTmaLaunch(const TensorCoreKernels& kernels, dim3 block, std::uint32_t n,
                                    const void* a, const void* b);

Status launchTma(const TensorCoreKernels& kernels, const TmaLaunchPlan& plan, bool record, void* c,
                 std::uint32_t n, const matmul::MatmulTrace& trace, const PipelineTrace& pipeline);

}  // namespace ws::tensorcore
