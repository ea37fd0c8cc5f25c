#pragma once
// The device's UUID as NVML and nvidia-smi write it ("GPU-8c3b5f6e-...").
// It names the GPU (or, on a MIG slice, the slice) across processes, users
// and CUDA_VISIBLE_DEVICES orderings: the GPU lock and NVML both key on it.
#include <array>
#include <cstdint>
#include <string>

#include "core/common/result.h"

namespace ws {

Result<std::string> deviceUuid(int device);

// How many CUDA devices this process sees (CUDA_VISIBLE_DEVICES applied).
Result<int> visibleDeviceCount();

// "GPU-" + 8-4-4-4-12 lowercase hex digits of the 16 bytes.
std::string formatDeviceUuid(const std::array<std::uint8_t, 16>& bytes,
                             const std::string& prefix = "GPU-");

}  // namespace ws
