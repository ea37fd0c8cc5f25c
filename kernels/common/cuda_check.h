#pragma once
// Every CUDA runtime call is checked; a failure becomes a ws::Error naming the
// call, where it was made and what the runtime said. Nothing prints or exits:
// the caller (a launcher) returns the error to whoever asked for the run.
#include <cuda_runtime_api.h>

#include <string>

#include "core/common/result.h"

namespace ws {

inline Error cudaFailure(const std::string& call, const char* file, int line, cudaError_t code) {
    std::string where = file;
    if (auto slash = where.find_last_of('/'); slash != std::string::npos)
        where = where.substr(slash + 1);
    return makeError(call + " failed at " + where + ":" + std::to_string(line) + ": " +
                     cudaGetErrorString(code) + " (" + cudaGetErrorName(code) + ")");
}

}  // namespace ws

// Returns the error from the enclosing function, which returns Status or
// Result<T> (both are constructible from ws::Error).
#define WS_CUDA_TRY(call)                                                       \
    do {                                                                        \
        const cudaError_t wsCudaStatus_ = (call);                               \
        if (wsCudaStatus_ != cudaSuccess)                                       \
            return ::ws::cudaFailure(#call, __FILE__, __LINE__, wsCudaStatus_); \
    } while (0)

// After a <<<...>>> launch: configuration errors show up here at once,
// faults in the kernel at the next synchronizing call.
#define WS_CUDA_TRY_LAUNCH(kernelName)                                                             \
    do {                                                                                           \
        const cudaError_t wsCudaStatus_ = cudaGetLastError();                                      \
        if (wsCudaStatus_ != cudaSuccess)                                                          \
            return ::ws::cudaFailure(std::string("launch of ") + (kernelName), __FILE__, __LINE__, \
                                     wsCudaStatus_);                                               \
    } while (0)
