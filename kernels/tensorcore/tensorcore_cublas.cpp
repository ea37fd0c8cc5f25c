#include "kernels/tensorcore/tensorcore_cublas.h"

#include <cublas_v2.h>

#include "kernels/matmul/matmul_cublas.h"

namespace ws::tensorcore {

CublasBf16Gemm::~CublasBf16Gemm() {
    if (m_handle) cublasDestroy(static_cast<cublasHandle_t>(m_handle));
}

Status CublasBf16Gemm::create(cudaStream_t stream) {
    cublasHandle_t handle = nullptr;
    WS_CUBLAS_TRY(cublasCreate(&handle));
    m_handle = handle;
    // Tensor cores allowed; a split-K reduction keeps FP32 partial sums even
    // where C is BF16 (by default it may add them in BF16), so a BF16 C is
    // the FP32 sum rounded once, as the kernels write it and the check expects.
    WS_CUBLAS_TRY(cublasSetMathMode(
        handle,
        cublasMath_t(CUBLAS_DEFAULT_MATH | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)));
    WS_CUBLAS_TRY(cublasSetStream(handle, stream));
    return {};
}

Status CublasBf16Gemm::multiply(const void* a, const void* b, void* c, std::uint32_t n,
                                TensorCoreOutput output) const {
    if (!m_handle) return makeError("cublasGemmEx: no cuBLAS handle (create() was not called)");
    // cuBLAS is column-major: a row-major matrix read column-major is its
    // transpose, so C^T = B^T A^T is computed as B (as given) times A.
    const float alpha = 1.0f, beta = 0.0f;  // FP32, as CUBLAS_COMPUTE_32F wants them
    const int m = int(n);
    const cudaDataType_t cType = output == TensorCoreOutput::F32 ? CUDA_R_32F : CUDA_R_16BF;
    WS_CUBLAS_TRY(cublasGemmEx(static_cast<cublasHandle_t>(m_handle), CUBLAS_OP_N, CUBLAS_OP_N, m,
                               m, m, &alpha, b, CUDA_R_16BF, m, a, CUDA_R_16BF, m, &beta, c, cType,
                               m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    return {};
}

}  // namespace ws::tensorcore
