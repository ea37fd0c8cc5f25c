#pragma once
// cuBLAS as the tensor-core ladder's yardstick: cublasGemmEx with BF16 A
// and B, FP32 compute (CUBLAS_COMPUTE_32F) and FP32 or BF16 C, in the
// default math mode, which lets the library pick its tensor-core kernels,
// with reductions kept in FP32.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws::tensorcore {

class CublasBf16Gemm {
public:
    CublasBf16Gemm() = default;
    CublasBf16Gemm(const CublasBf16Gemm&) = delete;
    CublasBf16Gemm& operator=(const CublasBf16Gemm&) = delete;
    ~CublasBf16Gemm();

    Status create(cudaStream_t stream = nullptr);
    // C = A * B for n x n row-major matrices on the device: A and B BF16
    // (__nv_bfloat16), C as `output` says.
    Status multiply(const void* a, const void* b, void* c, std::uint32_t n,
                    TensorCoreOutput output) const;

private:
    void* m_handle = nullptr;  // cublasHandle_t, kept out of this header
};

}  // namespace ws::tensorcore
