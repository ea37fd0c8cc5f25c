#pragma once
// The GPU test's own kernel, launched once (so its module is loaded), with
// what the runtime says it holds.
#include <cstddef>
#include <string>

#include "core/common/result.h"

namespace ws::test {

struct ProbeKernel {
    std::string mangledName;
    int registers = 0;
    std::size_t staticSharedBytes = 0;
};

Result<ProbeKernel> launchProbeKernel();

}  // namespace ws::test
