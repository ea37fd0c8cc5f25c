#include "app/record/gpu/nvml_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>

namespace ws::nvml {

namespace {

template <typename Fn>
void find(void* handle, const char* name, Fn& slot) {
    slot = reinterpret_cast<Fn>(::dlsym(handle, name));
}

Result<Library> load() {
    const char* custom = std::getenv("WARPSCOPE_NVML_LIBRARY");
    const std::string file = custom && *custom ? custom : "libnvidia-ml.so.1";
    void* handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = ::dlerror();
        return makeError("NVML is not available (" + std::string(why ? why : file) +
                         "): it comes with the NVIDIA driver");
    }
    // The library stays loaded for the life of the process: NVML keeps
    // state, and the handles it gave out point into it.
    InitFn init = nullptr;
    Library lib;
    find(handle, "nvmlInit_v2", init);
    find(handle, "nvmlDeviceGetHandleByUUID", lib.getHandleByUuid);
    find(handle, "nvmlErrorString", lib.errorString);
    if (!init || !lib.getHandleByUuid || !lib.errorString)
        return makeError(file + " lacks nvmlInit_v2, nvmlDeviceGetHandleByUUID or nvmlErrorString");
    if (const Return r = init(); r != kSuccess)
        return makeError("NVML did not start: " + lib.describe(r));
    find(handle, "nvmlDeviceGetName", lib.getName);
    find(handle, "nvmlDeviceGetComputeRunningProcesses_v3", lib.getComputeProcesses);
    find(handle, "nvmlSystemGetProcessName", lib.getProcessName);
    find(handle, "nvmlDeviceGetUtilizationRates", lib.getUtilization);
    find(handle, "nvmlDeviceGetComputeMode", lib.getComputeMode);
    find(handle, "nvmlDeviceGetMigMode", lib.getMigMode);
    find(handle, "nvmlDeviceIsMigDeviceHandle", lib.isMigDeviceHandle);
    find(handle, "nvmlDeviceGetDeviceHandleFromMigDeviceHandle", lib.getParentOfMig);
    find(handle, "nvmlDeviceGetAttributes_v2", lib.getAttributes);
    find(handle, "nvmlDeviceGetClockInfo", lib.getClock);
    find(handle, "nvmlDeviceGetMaxClockInfo", lib.getMaxClock);
    // Renamed in driver 535; the old name has the same signature and bits.
    find(handle, "nvmlDeviceGetCurrentClocksEventReasons", lib.getClockReasons);
    if (!lib.getClockReasons)
        find(handle, "nvmlDeviceGetCurrentClocksThrottleReasons", lib.getClockReasons);
    find(handle, "nvmlDeviceGetCurrPcieLinkGeneration", lib.getPcieGeneration);
    find(handle, "nvmlDeviceGetCurrPcieLinkWidth", lib.getPcieWidth);
    find(handle, "nvmlDeviceGetMaxPcieLinkGeneration", lib.getMaxPcieGeneration);
    find(handle, "nvmlDeviceGetMaxPcieLinkWidth", lib.getMaxPcieWidth);
    return lib;
}

}  // namespace

std::string Library::describe(Return code) const {
    const char* text = errorString ? errorString(code) : nullptr;
    return std::string(text ? text : "NVML error") + " (" + std::to_string(code) + ")";
}

Result<const Library*> library() {
    static std::once_flag once;
    static Result<Library> loaded = makeError("not loaded");
    std::call_once(once, [] { loaded = load(); });
    if (!loaded) return makeError(loaded.error());
    return &loaded.value();
}

}  // namespace ws::nvml
