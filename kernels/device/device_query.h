#pragma once
// What the device is and whether it still works: deviceQuery's facts with
// the %globaltimer tick measured now (kernels/device/device_query.cu), and
// whether the CUDA context survived the last error
// (kernels/device/device_health.cu). Errors come back as values.
#include <string>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

// Empty string when a CUDA device is usable, else a one-line reason.
std::string cudaUnavailableReason();

// deviceQuery-like facts plus the %globaltimer tick measured now.
Result<DeviceInfo> queryDevice(int device = 0);

// queryDevice once per device and process (it launches a kernel to measure
// the timer tick), then from memory.
Result<DeviceInfo> cachedDeviceInfo(int device);

// False after a fault that left this process's CUDA context unusable (a
// sticky error such as an illegal address): only a new process can recover.
bool deviceStillUsable();

}  // namespace ws
