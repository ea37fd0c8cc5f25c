#include "kernels/matmul/matmul_cublas.h"

#include <cublas_v2.h>

#include <string>

namespace ws::matmul {

Error cublasFailure(const char* call, int status) {
    const auto s = static_cast<cublasStatus_t>(status);
    return makeError(std::string(call) + " failed: " + cublasGetStatusName(s) + " (" +
                     cublasGetStatusString(s) + ")");
}

CublasSgemm::~CublasSgemm() {
    if (m_handle) cublasDestroy(static_cast<cublasHandle_t>(m_handle));
}

Status CublasSgemm::create(cudaStream_t stream) {
    cublasHandle_t handle = nullptr;
    WS_CUBLAS_TRY(cublasCreate(&handle));
    m_handle = handle;
    WS_CUBLAS_TRY(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
    WS_CUBLAS_TRY(cublasSetStream(handle, stream));
    return {};
}

Status CublasSgemm::multiply(const float* a, const float* b, float* c, std::uint32_t n) const {
    if (!m_handle) return makeError("cublasSgemm: no cuBLAS handle (create() was not called)");
    // cuBLAS is column-major: a row-major matrix read column-major is its
    // transpose, so C^T = B^T A^T is computed as B (as given) times A.
    const float alpha = 1.0f, beta = 0.0f;
    const int m = int(n);
    WS_CUBLAS_TRY(cublasSgemm(static_cast<cublasHandle_t>(m_handle), CUBLAS_OP_N, CUBLAS_OP_N, m, m,
                              m, &alpha, b, m, a, m, &beta, c, m));
    return {};
}

}  // namespace ws::matmul
