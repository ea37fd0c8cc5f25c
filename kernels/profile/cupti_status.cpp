#include "kernels/profile/cupti_status.h"

#include <string_view>

namespace ws::profile {

std::string cuptiText(CUptiResult result) {
    const char* text = nullptr;
    if (cuptiGetResultString(result, &text) != CUPTI_SUCCESS || !text)
        return "CUPTI error " + std::to_string(int(result));
    return text;
}

Error cuptiError(const char* call, CUptiResult result) {
    // The call as written ("cuptiPCSamplingEnable(&params)"), without its arguments.
    std::string_view name(call);
    name = name.substr(0, name.find('('));
    switch (result) {
        case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
        case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
            return makeError(
                "profiling is not permitted on this machine (ERR_NVGPUCTRPERM): the driver "
                "restricts GPU performance counters to administrators; run as root or set "
                "NVreg_RestrictProfilingToAdminUsers=0 (" +
                std::string(name) + ")");
        case CUPTI_ERROR_NOT_SUPPORTED:
        case CUPTI_ERROR_LEGACY_PROFILER_NOT_SUPPORTED:
        case CUPTI_ERROR_NOT_COMPATIBLE:
            return makeError("this GPU or driver does not support it (" + std::string(name) + ": " +
                             cuptiText(result) + ")");
        case CUPTI_ERROR_HARDWARE_BUSY:
            return makeError("another program is profiling this GPU right now (" +
                             std::string(name) + ")");
        case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
        case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
            return makeError("profiling is not supported on a MIG slice or this device (" +
                             std::string(name) + ")");
        default:
            return makeError(std::string(name) + ": " + cuptiText(result));
    }
}

}  // namespace ws::profile
