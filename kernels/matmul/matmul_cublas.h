#pragma once
// cublasSgemm as the matrix multiply lab's vendor yardstick: FP32 on the
// CUDA cores. CUBLAS_PEDANTIC_MATH forbids tensor cores and TF32, so the
// library does the same arithmetic as the lab's kernels.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"

namespace ws::matmul {

// A failed cuBLAS call in words: the call, the status's name and its text
// (status: a cublasStatus_t, kept out of this header).
Error cublasFailure(const char* call, int status);

// Returns the failure from the enclosing function; for files that include
// <cublas_v2.h>.
#define WS_CUBLAS_TRY(call)                                                  \
    do {                                                                     \
        const cublasStatus_t wsCublasStatus_ = (call);                       \
        if (wsCublasStatus_ != CUBLAS_STATUS_SUCCESS)                        \
            return ::ws::matmul::cublasFailure(#call, int(wsCublasStatus_)); \
    } while (0)

class CublasSgemm {
public:
    CublasSgemm() = default;
    CublasSgemm(const CublasSgemm&) = delete;
    CublasSgemm& operator=(const CublasSgemm&) = delete;
    ~CublasSgemm();

    Status create(cudaStream_t stream = nullptr);
    // C = A * B for n x n row-major matrices on the device.
    Status multiply(const float* a, const float* b, float* c, std::uint32_t n) const;

private:
    void* m_handle = nullptr;  // cublasHandle_t, kept out of this header
};

}  // namespace ws::matmul
