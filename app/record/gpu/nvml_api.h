#pragma once
// The few parts of NVML's C API that warpscope-record uses, declared here so
// it builds where no nvml.h exists and starts where no driver is installed:
// libnvidia-ml.so.1 is opened at run time (app/record/gpu/nvml_library.h).
//
// Every declaration follows NVML's stable C ABI (nvml.h of CUDA 12 and 13,
// NVML API version 12/13): versioned entry points (_v2, _v3) keep their
// signatures for good. nvml_abi_check.cpp compiles these declarations against
// a real nvml.h wherever one is found, so a mismatch fails the build there.
#include <cstdint>

namespace ws::nvml {

using Return = int;  // nvmlReturn_t: a C enum, passed as an int
inline constexpr Return kSuccess = 0;
inline constexpr Return kErrorNotSupported = 3;
inline constexpr Return kErrorNoPermission = 4;
inline constexpr Return kErrorNotFound = 6;
inline constexpr Return kErrorInsufficientSize = 7;

struct DeviceSt;
using Device = DeviceSt*;  // nvmlDevice_t: an opaque handle

// nvmlProcessInfo_t (= nvmlProcessInfo_v2_t), as nvmlDeviceGetComputeRunningProcesses_v3 fills it.
struct ProcessInfo {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;      // 0xFFFFFFFF without MIG
    unsigned int computeInstanceId;  // 0xFFFFFFFF without MIG
};

// nvmlUtilization_t
struct Utilization {
    unsigned int gpu;     // % of the last sample period a kernel was running
    unsigned int memory;  // % of it device memory was read or written
};

// nvmlDeviceAttributes_t (nvmlDeviceGetAttributes_v2; MIG device handles only)
struct DeviceAttributes {
    unsigned int multiprocessorCount;
    unsigned int sharedCopyEngineCount;
    unsigned int sharedDecoderCount;
    unsigned int sharedEncoderCount;
    unsigned int sharedJpegCount;
    unsigned int sharedOfaCount;
    unsigned int gpuInstanceSliceCount;
    unsigned int computeInstanceSliceCount;
    unsigned long long memorySizeMB;
};

// nvmlClockType_t and nvmlComputeMode_t values (C enums, passed as int).
using ClockType = int;
inline constexpr ClockType kClockSm = 1;
inline constexpr ClockType kClockMem = 2;
using ComputeMode = int;
inline constexpr ComputeMode kComputeModeDefault = 0;
inline constexpr ComputeMode kComputeModeExclusiveThread = 1;
inline constexpr ComputeMode kComputeModeProhibited = 2;
inline constexpr ComputeMode kComputeModeExclusiveProcess = 3;
inline constexpr unsigned int kMigEnabled = 1;       // NVML_DEVICE_MIG_ENABLE
inline constexpr unsigned int kNameBufferSize = 96;  // NVML_DEVICE_NAME_V2_BUFFER_SIZE

extern "C" {
using InitFn = Return (*)();                                 // nvmlInit_v2
using ShutdownFn = Return (*)();                             // nvmlShutdown
using ErrorStringFn = const char* (*)(Return);               // nvmlErrorString
using GetHandleByUuidFn = Return (*)(const char*, Device*);  // nvmlDeviceGetHandleByUUID
using GetNameFn = Return (*)(Device, char*, unsigned int);   // nvmlDeviceGetName
using GetComputeProcessesFn = Return (*)(Device, unsigned int*,
                                         ProcessInfo*);  // nvmlDeviceGetComputeRunningProcesses_v3
using GetProcessNameFn = Return (*)(unsigned int, char*, unsigned int);  // nvmlSystemGetProcessName
using GetUtilizationFn = Return (*)(Device, Utilization*);  // nvmlDeviceGetUtilizationRates
using GetComputeModeFn = Return (*)(Device, ComputeMode*);  // nvmlDeviceGetComputeMode
using GetMigModeFn = Return (*)(Device, unsigned int*, unsigned int*);  // nvmlDeviceGetMigMode
using IsMigDeviceHandleFn = Return (*)(Device, unsigned int*);  // nvmlDeviceIsMigDeviceHandle
using GetParentOfMigFn = Return (*)(Device,
                                    Device*);  // nvmlDeviceGetDeviceHandleFromMigDeviceHandle
using GetAttributesFn = Return (*)(Device, DeviceAttributes*);  // nvmlDeviceGetAttributes_v2
using GetClockFn = Return (*)(Device, ClockType,
                              unsigned int*);  // nvmlDeviceGetClockInfo, ...MaxClockInfo
using GetClockReasonsFn = Return (*)(Device, unsigned long long*);  // ...CurrentClocksEventReasons
using GetUintFn = Return (*)(Device, unsigned int*);  // PCIe link generation and width
}

}  // namespace ws::nvml
