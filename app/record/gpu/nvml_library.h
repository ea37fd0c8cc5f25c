#pragma once
// libnvidia-ml.so.1, opened with dlopen and initialised once per process.
// Opening it at run time keeps warpscope-record free of a link-time
// dependency on the driver: it starts on machines without one and says why
// NVML could not be asked. $WARPSCOPE_NVML_LIBRARY names another file (a
// library outside the loader's path; the tests' fake NVML).
#include <string>

#include "app/record/gpu/nvml_api.h"
#include "core/common/result.h"

namespace ws::nvml {

struct Library {
    // Always present once loaded.
    GetHandleByUuidFn getHandleByUuid = nullptr;
    ErrorStringFn errorString = nullptr;
    // Each may be missing from an older driver; callers skip what is null.
    GetNameFn getName = nullptr;
    GetComputeProcessesFn getComputeProcesses = nullptr;
    GetProcessNameFn getProcessName = nullptr;
    GetUtilizationFn getUtilization = nullptr;
    GetComputeModeFn getComputeMode = nullptr;
    GetMigModeFn getMigMode = nullptr;
    IsMigDeviceHandleFn isMigDeviceHandle = nullptr;
    GetParentOfMigFn getParentOfMig = nullptr;
    GetAttributesFn getAttributes = nullptr;
    GetClockFn getClock = nullptr;
    GetClockFn getMaxClock = nullptr;
    GetClockReasonsFn getClockReasons = nullptr;
    GetUintFn getPcieGeneration = nullptr, getPcieWidth = nullptr;
    GetUintFn getMaxPcieGeneration = nullptr, getMaxPcieWidth = nullptr;

    std::string describe(Return code) const;  // "Not Found (6)"
};

// The loaded and initialised library, or why there is none.
Result<const Library*> library();

}  // namespace ws::nvml
