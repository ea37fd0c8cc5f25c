#include "kernels/common/launch_limits.h"

#include <bit>
#include <cstdio>

namespace ws {

std::string countText(std::uint64_t n) {
    if (n >= 1024 && std::has_single_bit(n)) return "2^" + std::to_string(std::countr_zero(n));
    return std::to_string(n);
}

std::string gigabytesText(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g GB", double(bytes) / 1e9);
    return text;
}

Status checkLaunchLimits(const DeviceInfo& device, const LaunchRequest& launch) {
    const std::string who = launch.kernel + ": ";
    if (launch.block == 0 || launch.grid == 0)
        return makeError(who + "a launch needs at least one block of at least one thread");
    if (device.maxThreadsPerBlock > 0 && launch.block > std::uint64_t(device.maxThreadsPerBlock))
        return makeError(who + "block=" + std::to_string(launch.block) +
                         " threads exceeds the device limit of " +
                         std::to_string(device.maxThreadsPerBlock) + " threads per block");
    if (device.sharedMemPerBlock > 0 &&
        launch.sharedBytes > std::uint64_t(device.sharedMemPerBlock))
        return makeError(who + "block=" + std::to_string(launch.block) + " needs " +
                         std::to_string(launch.sharedBytes) +
                         " B of shared memory per block, the device allows " +
                         std::to_string(device.sharedMemPerBlock) + " B without opt-in");
    if (device.maxGridX > 0 && launch.grid > std::uint64_t(device.maxGridX))
        return makeError(who + "grid=" + std::to_string(launch.grid) +
                         " blocks exceeds the device limit of " + std::to_string(device.maxGridX) +
                         " blocks in x");
    return {};
}

Status checkDeviceMemory(const std::string& what, std::uint64_t neededBytes,
                         std::uint64_t freeBytes) {
    if (neededBytes <= freeBytes) return {};
    return makeError(what + " needs " + gigabytesText(neededBytes) + " of device memory, " +
                     gigabytesText(freeBytes) + " free");
}

}  // namespace ws
