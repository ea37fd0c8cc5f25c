#include "kernels/device/device_uuid.h"

#include <cuda_runtime_api.h>

#include "kernels/common/cuda_check.h"

namespace ws {

std::string formatDeviceUuid(const std::array<std::uint8_t, 16>& bytes, const std::string& prefix) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text = prefix;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
        text += kHex[bytes[i] >> 4];
        text += kHex[bytes[i] & 15];
    }
    return text;
}

Result<std::string> deviceUuid(int device) {
    // Properties need no context: asking does not touch the GPU's memory.
    cudaDeviceProp prop{};
    WS_CUDA_TRY(cudaGetDeviceProperties(&prop, device));
    std::array<std::uint8_t, 16> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(prop.uuid.bytes[i]);
    return formatDeviceUuid(bytes);
}

Result<int> visibleDeviceCount() {
    int count = 0;
    WS_CUDA_TRY(cudaGetDeviceCount(&count));
    return count;
}

}  // namespace ws
