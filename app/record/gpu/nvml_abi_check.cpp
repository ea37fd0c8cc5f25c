// Compiled only where a real nvml.h is found (the CUDA toolkit ships it):
// holds app/record/gpu/nvml_api.h, which lets warpscope-record build without the
// header, to NVML's own declarations. Any mismatch in a signature, a struct
// layout or a constant fails the build here. Nothing from this file is linked.
#include <nvml.h>

#include <cstddef>
#include <type_traits>

#include "app/record/gpu/nvml_api.h"

namespace {

namespace n = ws::nvml;

// Each NVML type as nvml_api.h spells it.
template <class T>
struct Ours {
    using type = T;
};
template <>
struct Ours<nvmlReturn_t> {
    using type = n::Return;
};
template <>
struct Ours<nvmlDevice_t> {
    using type = n::Device;
};
template <>
struct Ours<nvmlDevice_t*> {
    using type = n::Device*;
};
template <>
struct Ours<nvmlProcessInfo_t*> {
    using type = n::ProcessInfo*;
};
template <>
struct Ours<nvmlUtilization_t*> {
    using type = n::Utilization*;
};
template <>
struct Ours<nvmlDeviceAttributes_t*> {
    using type = n::DeviceAttributes*;
};
template <>
struct Ours<nvmlClockType_t> {
    using type = n::ClockType;
};
template <>
struct Ours<nvmlComputeMode_t*> {
    using type = n::ComputeMode*;
};

template <class F>
struct Signature;
template <class R, class... A>
struct Signature<R (*)(A...)> {
    using type = typename Ours<R>::type (*)(typename Ours<A>::type...);
};

#define WS_SAME_SIGNATURE(real, ours)                                          \
    static_assert(std::is_same_v<Signature<decltype(&::real)>::type, n::ours>, \
                  #real " is not declared as nvml_api.h's " #ours)

WS_SAME_SIGNATURE(nvmlInit_v2, InitFn);
WS_SAME_SIGNATURE(nvmlShutdown, ShutdownFn);
WS_SAME_SIGNATURE(nvmlErrorString, ErrorStringFn);
WS_SAME_SIGNATURE(nvmlDeviceGetHandleByUUID, GetHandleByUuidFn);
WS_SAME_SIGNATURE(nvmlDeviceGetName, GetNameFn);
WS_SAME_SIGNATURE(nvmlDeviceGetComputeRunningProcesses_v3, GetComputeProcessesFn);
WS_SAME_SIGNATURE(nvmlSystemGetProcessName, GetProcessNameFn);
WS_SAME_SIGNATURE(nvmlDeviceGetUtilizationRates, GetUtilizationFn);
WS_SAME_SIGNATURE(nvmlDeviceGetComputeMode, GetComputeModeFn);
WS_SAME_SIGNATURE(nvmlDeviceGetMigMode, GetMigModeFn);
WS_SAME_SIGNATURE(nvmlDeviceIsMigDeviceHandle, IsMigDeviceHandleFn);
WS_SAME_SIGNATURE(nvmlDeviceGetDeviceHandleFromMigDeviceHandle, GetParentOfMigFn);
WS_SAME_SIGNATURE(nvmlDeviceGetAttributes_v2, GetAttributesFn);
WS_SAME_SIGNATURE(nvmlDeviceGetClockInfo, GetClockFn);
WS_SAME_SIGNATURE(nvmlDeviceGetMaxClockInfo, GetClockFn);
#ifdef nvmlClocksEventReasonGpuIdle  // driver 535 and later
WS_SAME_SIGNATURE(nvmlDeviceGetCurrentClocksEventReasons, GetClockReasonsFn);
#endif
WS_SAME_SIGNATURE(nvmlDeviceGetCurrPcieLinkGeneration, GetUintFn);
WS_SAME_SIGNATURE(nvmlDeviceGetCurrPcieLinkWidth, GetUintFn);
WS_SAME_SIGNATURE(nvmlDeviceGetMaxPcieLinkGeneration, GetUintFn);
WS_SAME_SIGNATURE(nvmlDeviceGetMaxPcieLinkWidth, GetUintFn);

// Handles and enums travel as a pointer and as an int.
static_assert(sizeof(nvmlDevice_t) == sizeof(n::Device) &&
              std::is_trivially_copyable_v<nvmlDevice_t>);
static_assert(sizeof(nvmlReturn_t) == sizeof(n::Return));
static_assert(sizeof(nvmlClockType_t) == sizeof(n::ClockType));
static_assert(sizeof(nvmlComputeMode_t) == sizeof(n::ComputeMode));

#define WS_SAME_FIELD(real, ours, field)                               \
    static_assert(offsetof(real, field) == offsetof(n::ours, field) && \
                      sizeof(real::field) == sizeof(n::ours::field),   \
                  #real "::" #field " is not where nvml_api.h puts it")

static_assert(sizeof(nvmlProcessInfo_t) == sizeof(n::ProcessInfo));
WS_SAME_FIELD(nvmlProcessInfo_t, ProcessInfo, pid);
WS_SAME_FIELD(nvmlProcessInfo_t, ProcessInfo, usedGpuMemory);
WS_SAME_FIELD(nvmlProcessInfo_t, ProcessInfo, gpuInstanceId);
WS_SAME_FIELD(nvmlProcessInfo_t, ProcessInfo, computeInstanceId);
static_assert(sizeof(nvmlUtilization_t) == sizeof(n::Utilization));
WS_SAME_FIELD(nvmlUtilization_t, Utilization, gpu);
WS_SAME_FIELD(nvmlUtilization_t, Utilization, memory);
static_assert(sizeof(nvmlDeviceAttributes_t) == sizeof(n::DeviceAttributes));
WS_SAME_FIELD(nvmlDeviceAttributes_t, DeviceAttributes, multiprocessorCount);
WS_SAME_FIELD(nvmlDeviceAttributes_t, DeviceAttributes, gpuInstanceSliceCount);
WS_SAME_FIELD(nvmlDeviceAttributes_t, DeviceAttributes, computeInstanceSliceCount);
WS_SAME_FIELD(nvmlDeviceAttributes_t, DeviceAttributes, memorySizeMB);

static_assert(NVML_SUCCESS == n::kSuccess);
static_assert(NVML_ERROR_NOT_SUPPORTED == n::kErrorNotSupported);
static_assert(NVML_ERROR_NO_PERMISSION == n::kErrorNoPermission);
static_assert(NVML_ERROR_NOT_FOUND == n::kErrorNotFound);
static_assert(NVML_ERROR_INSUFFICIENT_SIZE == n::kErrorInsufficientSize);
static_assert(NVML_CLOCK_SM == n::kClockSm && NVML_CLOCK_MEM == n::kClockMem);
static_assert(NVML_COMPUTEMODE_DEFAULT == n::kComputeModeDefault &&
              NVML_COMPUTEMODE_EXCLUSIVE_THREAD == n::kComputeModeExclusiveThread &&
              NVML_COMPUTEMODE_PROHIBITED == n::kComputeModeProhibited &&
              NVML_COMPUTEMODE_EXCLUSIVE_PROCESS == n::kComputeModeExclusiveProcess);
static_assert(NVML_DEVICE_MIG_ENABLE == n::kMigEnabled);
static_assert(NVML_DEVICE_NAME_V2_BUFFER_SIZE == n::kNameBufferSize);
#ifdef nvmlClocksEventReasonGpuIdle
static_assert(nvmlClocksEventReasonGpuIdle == 0x1 && nvmlClocksEventReasonSwPowerCap == 0x4 &&
              nvmlClocksEventReasonSwThermalSlowdown == 0x20);
#endif
static_assert(nvmlClocksThrottleReasonHwSlowdown == 0x8 &&
              nvmlClocksThrottleReasonHwThermalSlowdown == 0x40 &&
              nvmlClocksThrottleReasonHwPowerBrakeSlowdown == 0x80);

}  // namespace
