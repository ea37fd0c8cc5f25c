#pragma once
// The two halves of runMatmul: the GPU variants (kernels and cuBLAS) and the
// CPU variants. Private to the matrix multiply lab's launcher. `params` are
// the resolved strings the trace keeps; `settings` the same, parsed once.
#include "core/matmul/matmul_settings.h"
#include "kernels/matmul/matmul_experiments.h"

namespace ws::matmul {

Result<MatmulRun> runMatmulGpu(const ParamValues& params, const MatmulSettings& settings,
                               const RunOptions& options, const DeviceInfo& device,
                               MatmulInputs* inputs, bool record);
Result<MatmulRun> runMatmulCpu(const ParamValues& params, const MatmulSettings& settings,
                               const RunOptions& options, const DeviceInfo& device,
                               MatmulInputs* inputs);

}  // namespace ws::matmul
