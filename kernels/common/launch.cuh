#pragma once
// One place that launches a kernel and turns a launch failure into an error
// naming the kernel.
#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "core/common/result.h"
#include "kernels/common/cuda_check.h"

namespace ws {

template <typename... Params, typename... Args>
Status launchKernel(const std::string& name, void (*kernel)(Params...), dim3 grid, dim3 block,
                    std::size_t sharedBytes, cudaStream_t stream, Args&&... args) {
    kernel<<<grid, block, sharedBytes, stream>>>(std::forward<Args>(args)...);
    WS_CUDA_TRY_LAUNCH(name);
    return {};
}

// The record pointers of launch i, or none for the plain build.
template <typename Span>
auto recordsOf(bool record, const Span& records, std::size_t i) {
    return record ? records[i] : typename Span::value_type{};
}

}  // namespace ws
