#include "app/record/json_device.h"

namespace ws::record {

nlohmann::json deviceToJson(const DeviceInfo& d) {
    return {
        {"name", d.name},
        {"computeCapability", std::to_string(d.ccMajor) + "." + std::to_string(d.ccMinor)},
        {"smCount", d.smCount},
        {"smClockKHz", d.smClockKHz},
        {"memClockKHz", d.memClockKHz},
        {"memBusWidthBits", d.memBusWidthBits},
        {"memBandwidthGBs", d.memBandwidthGBs},
        {"maxThreadsPerBlock", d.maxThreadsPerBlock},
        {"maxThreadsPerSm", d.maxThreadsPerSm},
        {"maxBlocksPerSm", d.maxBlocksPerSm},
        {"sharedMemPerBlock", d.sharedMemPerBlock},
        {"sharedMemPerBlockOptin", d.sharedMemPerBlockOptin},
        {"sharedMemPerSm", d.sharedMemPerSm},
        {"regsPerSm", d.regsPerSm},
        {"l2CacheBytes", d.l2CacheBytes},
        {"globalMemBytes", d.globalMemBytes},
        {"maxGridX", d.maxGridX},
        {"driverVersion", d.driverVersion},
        {"runtimeVersion", d.runtimeVersion},
        {"timerTickNs", d.timerTickNs},
    };
}

}  // namespace ws::record
