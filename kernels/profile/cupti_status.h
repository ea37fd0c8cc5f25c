#pragma once
// CUPTI's answers in words: an error naming the call and CUPTI's own text,
// and for the answers a class sees on a locked-down machine (profiling not
// permitted, a GPU or driver without support) one plain sentence.
#include <cupti.h>

#include <string>

#include "core/common/result.h"

namespace ws::profile {

std::string cuptiText(CUptiResult result);

// A profiler call's parameters, zeroed, with the size CUPTI checks them by.
template <typename Params>
Params cuptiParams(std::size_t structSize) {
    Params params{};
    params.structSize = structSize;
    return params;
}
// "cuptiPCSamplingEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (...)" or, for
// the refusals a user can act on, the sentence that says what to do.
Error cuptiError(const char* call, CUptiResult result);

}  // namespace ws::profile

#define WS_CUPTI_TRY(call)                                             \
    do {                                                               \
        const CUptiResult ws_cupti_result_ = (call);                   \
        if (ws_cupti_result_ != CUPTI_SUCCESS)                         \
            return ::ws::profile::cuptiError(#call, ws_cupti_result_); \
    } while (0)
