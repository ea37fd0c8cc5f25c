// A stand-in for libnvidia-ml.so.1, loaded through WARPSCOPE_NVML_LIBRARY,
// so the NVML queries and the badges they lead to are tested without a GPU.
// FAKE_NVML_SCENARIO picks the GPU it describes, read on every call:
//   quiet      one whole GPU, nothing else on it, busy at its maximum clock
//   shared     two other processes computing (and this process, not counted)
//   mig        a 1g.10gb MIG slice with 16 SMs (found only as "MIG-...")
//   throttled  power capped and thermally slowed, SM clock 1410 of 1980 MHz
//   idle       the GPU idle at 345 MHz
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app/record/gpu/nvml_api.h"

using namespace ws::nvml;

namespace {

std::string scenario() {
    const char* s = std::getenv("FAKE_NVML_SCENARIO");
    return s ? s : "quiet";
}

// Two distinct handles: the GPU, and a MIG slice of it.
DeviceSt* const kGpu = reinterpret_cast<DeviceSt*>(0x1000);
DeviceSt* const kSlice = reinterpret_cast<DeviceSt*>(0x2000);

Return copyText(const std::string& text, char* out, unsigned int length) {
    if (!out || length == 0) return 2;
    std::snprintf(out, length, "%s", text.c_str());
    return kSuccess;
}

}  // namespace

extern "C" {

Return nvmlInit_v2() { return kSuccess; }
Return nvmlShutdown() { return kSuccess; }
const char* nvmlErrorString(Return r) { return r == kErrorNotFound ? "Not Found" : "Fake Error"; }

Return nvmlDeviceGetHandleByUUID(const char* uuid, Device* device) {
    const std::string id = uuid;
    if (scenario() == "mig") {
        if (id.rfind("MIG-", 0) != 0) return kErrorNotFound;
        *device = kSlice;
        return kSuccess;
    }
    if (id.rfind("GPU-", 0) != 0) return kErrorNotFound;
    *device = kGpu;
    return kSuccess;
}

Return nvmlDeviceGetName(Device d, char* name, unsigned int length) {
    return copyText(d == kSlice ? "NVIDIA H100 80GB HBM3 MIG 1g.10gb" : "NVIDIA H100 80GB HBM3",
                    name, length);
}

Return nvmlDeviceGetComputeRunningProcesses_v3(Device, unsigned int* count, ProcessInfo* infos) {
    if (scenario() != "shared") {
        *count = 0;
        return kSuccess;
    }
    const unsigned int pids[] = {4242, unsigned(::getpid()), 4343};
    if (*count < 3) {
        *count = 3;
        return kErrorInsufficientSize;
    }
    for (int i = 0; i < 3; ++i) infos[i] = {pids[i], 1u << 30, 0xFFFFFFFFu, 0xFFFFFFFFu};
    *count = 3;
    return kSuccess;
}

Return nvmlSystemGetProcessName(unsigned int pid, char* name, unsigned int length) {
    if (pid == 4242) return copyText("/usr/bin/python3", name, length);
    if (pid == 4343) return 4;  // another user's process: no permission
    return copyText("warpscope-record", name, length);
}

Return nvmlDeviceGetUtilizationRates(Device d, Utilization* u) {
    if (d == kSlice) return kErrorNotSupported;
    *u = scenario() == "shared" ? Utilization{87, 40} : Utilization{0, 0};
    return kSuccess;
}

Return nvmlDeviceGetComputeMode(Device, ComputeMode* mode) {
    *mode = kComputeModeDefault;
    return kSuccess;
}

Return nvmlDeviceGetMigMode(Device, unsigned int* current, unsigned int* pending) {
    *current = *pending = scenario() == "mig" ? 1 : 0;
    return kSuccess;
}

Return nvmlDeviceIsMigDeviceHandle(Device d, unsigned int* isMig) {
    *isMig = d == kSlice;
    return kSuccess;
}

Return nvmlDeviceGetDeviceHandleFromMigDeviceHandle(Device d, Device* parent) {
    if (d != kSlice) return 2;
    *parent = kGpu;
    return kSuccess;
}

Return nvmlDeviceGetAttributes_v2(Device d, DeviceAttributes* a) {
    if (d != kSlice) return kErrorNotSupported;
    *a = {16, 1, 0, 0, 0, 0, 1, 1, 9856};
    return kSuccess;
}

Return nvmlDeviceGetClockInfo(Device, ClockType type, unsigned int* mhz) {
    const std::string s = scenario();
    if (type == kClockMem)
        *mhz = 2619;
    else
        *mhz = s == "throttled" ? 1410 : s == "idle" ? 345 : 1980;
    return kSuccess;
}

Return nvmlDeviceGetMaxClockInfo(Device, ClockType type, unsigned int* mhz) {
    *mhz = type == kClockMem ? 2619 : 1980;
    return kSuccess;
}

Return nvmlDeviceGetCurrentClocksEventReasons(Device, unsigned long long* reasons) {
    const std::string s = scenario();
    *reasons = s == "throttled" ? 0x4 | 0x40 : s == "idle" ? 0x1 : 0;
    return kSuccess;
}

Return nvmlDeviceGetCurrPcieLinkGeneration(Device, unsigned int* v) { return *v = 5, kSuccess; }
Return nvmlDeviceGetCurrPcieLinkWidth(Device, unsigned int* v) { return *v = 16, kSuccess; }
Return nvmlDeviceGetMaxPcieLinkGeneration(Device, unsigned int* v) { return *v = 5, kSuccess; }
Return nvmlDeviceGetMaxPcieLinkWidth(Device, unsigned int* v) { return *v = 16, kSuccess; }

}  // extern "C"
