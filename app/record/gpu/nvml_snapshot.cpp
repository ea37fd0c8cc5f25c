// snapshotEnvironment: one look at the GPU through NVML.
#include <unistd.h>

#include <cmath>
#include <filesystem>

#include "app/record/gpu/gpu_environment.h"
#include "app/record/gpu/nvml_library.h"
#include "core/device/environment_badges.h"

namespace ws::record {

namespace {

using nvml::kSuccess;

std::string computeModeName(nvml::ComputeMode mode) {
    switch (mode) {
        case nvml::kComputeModeDefault:
            return "Default";
        case nvml::kComputeModeExclusiveThread:
            return "Exclusive_Thread";
        case nvml::kComputeModeProhibited:
            return "Prohibited";
        case nvml::kComputeModeExclusiveProcess:
            return "Exclusive_Process";
    }
    return "mode " + std::to_string(mode);
}

// "NVIDIA H100 80GB HBM3 MIG 1g.10gb" -> "1g.10gb"; else from the slice's
// attributes: GPU-instance slices and memory in GB, as NVIDIA names profiles.
std::string migProfile(const nvml::Library& lib, nvml::Device slice,
                       const nvml::DeviceAttributes& attributes) {
    char name[nvml::kNameBufferSize] = {};
    if (lib.getName && lib.getName(slice, name, sizeof name) == kSuccess) {
        const std::string text = name;
        if (auto at = text.rfind("MIG "); at != std::string::npos) return text.substr(at + 4);
    }
    if (attributes.gpuInstanceSliceCount == 0) return {};
    return std::to_string(attributes.gpuInstanceSliceCount) + "g." +
           std::to_string(std::llround(double(attributes.memorySizeMB) / 1024.0)) + "gb";
}

void addProcesses(const nvml::Library& lib, nvml::Device device, GpuEnvironment& env) {
    if (!lib.getComputeProcesses) return;
    std::vector<nvml::ProcessInfo> infos(64);
    unsigned int count = unsigned(infos.size());
    nvml::Return r = lib.getComputeProcesses(device, &count, infos.data());
    if (r == nvml::kErrorInsufficientSize) {  // more started since: ask again with room
        infos.resize(count + 16);
        count = unsigned(infos.size());
        r = lib.getComputeProcesses(device, &count, infos.data());
    }
    if (r != kSuccess) return;
    const unsigned self = unsigned(::getpid());
    for (unsigned i = 0; i < count && i < infos.size(); ++i) {
        if (infos[i].pid == self) continue;
        char name[256] = {};
        std::string text;
        if (lib.getProcessName && lib.getProcessName(infos[i].pid, name, sizeof name) == kSuccess)
            text = std::filesystem::path(name).filename().string();
        env.otherPids.push_back(infos[i].pid);
        env.otherProcessNames.push_back(text.empty() ? "unnamed" : text);
    }
}

int readClock(nvml::GetClockFn fn, nvml::Device d, nvml::ClockType type) {
    unsigned int mhz = 0;
    return fn && fn(d, type, &mhz) == kSuccess ? int(mhz) : 0;
}

int readUint(nvml::GetUintFn fn, nvml::Device d) {
    unsigned int value = 0;
    return fn && fn(d, &value) == kSuccess ? int(value) : 0;
}

}  // namespace

Result<NvmlDevice> openNvmlDevice(const std::string& cudaUuid) {
    auto lib = nvml::library();
    if (!lib) return makeError(lib.error());
    const nvml::Library& l = **lib;
    NvmlDevice d;
    d.uuid = cudaUuid;
    nvml::Return r = l.getHandleByUuid(cudaUuid.c_str(), &d.handle);
    if (r != kSuccess && cudaUuid.rfind("GPU-", 0) == 0) {
        // CUDA gives a MIG slice's UUID in the same form; NVML spells it MIG-.
        const std::string mig = "MIG-" + cudaUuid.substr(4);
        if (l.getHandleByUuid(mig.c_str(), &d.handle) == kSuccess) {
            r = kSuccess;
            d.uuid = mig;
        }
    }
    if (r != kSuccess)
        return makeError("NVML does not know the device " + cudaUuid + ": " + l.describe(r));
    unsigned int isMig = 0;
    if (l.isMigDeviceHandle && l.isMigDeviceHandle(d.handle, &isMig) == kSuccess && isMig &&
        l.getParentOfMig && l.getParentOfMig(d.handle, &d.gpu) == kSuccess)
        d.isMigSlice = true;
    if (!d.isMigSlice) d.gpu = d.handle;
    return d;
}

GpuEnvironment snapshotEnvironment(const std::string& cudaUuid) {
    GpuEnvironment env;
    env.uuid = cudaUuid;
    auto device = openNvmlDevice(cudaUuid);
    if (!device) {
        env.unavailableReason = device.error();
        return env;
    }
    const nvml::Library& lib = **nvml::library();
    env.queried = true;
    env.uuid = device->uuid;
    // A MIG slice's handle lists the processes of that slice only.
    addProcesses(lib, device->handle, env);
    nvml::Utilization use{};
    if (lib.getUtilization && lib.getUtilization(device->gpu, &use) == kSuccess) {
        env.gpuUtilizationPercent = int(use.gpu);
        env.memoryUtilizationPercent = int(use.memory);
    }
    nvml::ComputeMode mode = 0;
    if (lib.getComputeMode && lib.getComputeMode(device->gpu, &mode) == kSuccess)
        env.computeMode = computeModeName(mode);
    unsigned int current = 0, pending = 0;
    if (lib.getMigMode && lib.getMigMode(device->gpu, &current, &pending) == kSuccess)
        env.migEnabled = current == nvml::kMigEnabled;
    if (device->isMigSlice) {
        env.migEnabled = true;
        nvml::DeviceAttributes attributes{};
        if (lib.getAttributes && lib.getAttributes(device->handle, &attributes) == kSuccess)
            env.migSmCount = int(attributes.multiprocessorCount);
        env.migProfile = migProfile(lib, device->handle, attributes);
    }
    env.smClockMHz = readClock(lib.getClock, device->gpu, nvml::kClockSm);
    env.memClockMHz = readClock(lib.getClock, device->gpu, nvml::kClockMem);
    env.maxSmClockMHz = readClock(lib.getMaxClock, device->gpu, nvml::kClockSm);
    unsigned long long reasons = 0;
    if (lib.getClockReasons && lib.getClockReasons(device->gpu, &reasons) == kSuccess)
        env.throttleReasons = reasons;
    env.throttleReasonNames = clockReasonNames(env.throttleReasons);
    env.pcieGeneration = readUint(lib.getPcieGeneration, device->gpu);
    env.pcieWidth = readUint(lib.getPcieWidth, device->gpu);
    env.pcieMaxGeneration = readUint(lib.getMaxPcieGeneration, device->gpu);
    env.pcieMaxWidth = readUint(lib.getMaxPcieWidth, device->gpu);
    return env;
}

}  // namespace ws::record
