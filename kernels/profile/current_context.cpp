#include "kernels/profile/current_context.h"

#include <cuda_runtime_api.h>

#include <string>

namespace ws::profile {

Result<CUcontext> currentContext() {
    // The runtime makes its primary context current on the first call that needs one.
    if (cudaError_t e = cudaFree(nullptr); e != cudaSuccess)
        return makeError(std::string("no CUDA context: ") + cudaGetErrorString(e));
    using GetCurrent = CUresult (*)(CUcontext*);
    void* entry = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &entry, 12000, cudaEnableDefault,
                                         &found) != cudaSuccess ||
        found != cudaDriverEntryPointSuccess || !entry)
        return makeError("the driver has no cuCtxGetCurrent");
    CUcontext context = nullptr;
    if (reinterpret_cast<GetCurrent>(entry)(&context) != CUDA_SUCCESS || !context)
        return makeError("the driver reports no current context");
    return context;
}

}  // namespace ws::profile
