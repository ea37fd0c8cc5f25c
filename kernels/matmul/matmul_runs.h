#pragma once
// The two halves of runMatmul: the GPU variants (kernels and cuBLAS) and the
// CPU variants. Private to the matrix multiply lab's launcher.
#include "kernels/matmul/matmul_experiments.h"

namespace ws::matmul {

Result<MatmulRun> runMatmulGpu(const ParamValues& params, MatmulVariant variant,
                               const RunOptions& options, const DeviceInfo& device,
                               MatmulInputs* inputs, bool record);
Result<MatmulRun> runMatmulCpu(const ParamValues& params, MatmulVariant variant,
                               const RunOptions& options, const DeviceInfo& device,
                               MatmulInputs* inputs);

}  // namespace ws::matmul
