#pragma once
// The CUDA context the runtime made current, which CUPTI's profilers are
// enabled on. Asked of the driver through the runtime's entry points, so the
// library does not link libcuda itself (the tests must start without one).
#include <cuda.h>

#include "core/common/result.h"

namespace ws::profile {

Result<CUcontext> currentContext();

}  // namespace ws::profile
