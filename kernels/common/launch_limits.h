#pragma once
// Checks a launch against the device's limits before it is made, so a run that
// cannot work is refused with a message naming the limit, instead of failing
// inside the CUDA runtime with "invalid configuration argument". Pure C++:
// tested against made-up devices on machines without a GPU.
#include <cstdint>
#include <string>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

struct LaunchRequest {
    std::string kernel;
    std::uint64_t grid = 1;
    std::uint64_t block = 1;
    std::uint64_t sharedBytes = 0;  // static + dynamic, per block
};

Status checkLaunchLimits(const DeviceInfo& device, const LaunchRequest& launch);

// `what` names the cause, e.g. "n=2^28": "n=2^28 needs 1.07 GB of device
// memory, 0.5 GB free".
Status checkDeviceMemory(const std::string& what, std::uint64_t neededBytes,
                         std::uint64_t freeBytes);

// "2^20" for powers of two from 2^10 on, the decimal number otherwise.
std::string countText(std::uint64_t n);
// Decimal gigabytes with three significant digits ("1.07 GB", "0.5 GB").
std::string gigabytesText(std::uint64_t bytes);

}  // namespace ws
