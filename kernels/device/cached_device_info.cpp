#include <map>
#include <mutex>

#include "kernels/device/device_query.h"

namespace ws {

Result<DeviceInfo> cachedDeviceInfo(int device) {
    static std::mutex mutex;
    static std::map<int, DeviceInfo> known;
    std::lock_guard lock(mutex);
    if (auto it = known.find(device); it != known.end()) return it->second;
    auto info = queryDevice(device);
    if (info) known[device] = *info;
    return info;
}

}  // namespace ws
