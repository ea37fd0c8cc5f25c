// CUPTI's refusals a user can act on, in one plain sentence each; others
// name the call and CUPTI's own text.
#include "kernels/profile/cupti_status.h"

#include <gtest/gtest.h>

namespace ws::profile {
namespace {

TEST(CuptiStatus, ProfilingNotPermittedSaysWhatToDo) {
    const std::string m =
        cuptiError("cuptiPCSamplingEnable(&enable)", CUPTI_ERROR_INSUFFICIENT_PRIVILEGES).message;
    EXPECT_NE(m.find("profiling is not permitted on this machine (ERR_NVGPUCTRPERM)"),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("NVreg_RestrictProfilingToAdminUsers=0"), std::string::npos) << m;
    EXPECT_NE(m.find("(cuptiPCSamplingEnable)"), std::string::npos) << m;  // the call, bare
}

TEST(CuptiStatus, BusyUnsupportedAndOtherAnswers) {
    EXPECT_NE(cuptiError("cuptiProfilerGetCounterAvailability(&p)", CUPTI_ERROR_HARDWARE_BUSY)
                  .message.find("another program is profiling this GPU"),
              std::string::npos);
    EXPECT_NE(cuptiError("cuptiRangeProfilerEnable(&p)", CUPTI_ERROR_NOT_SUPPORTED)
                  .message.find("does not support it"),
              std::string::npos);
    EXPECT_NE(cuptiError("cuptiRangeProfilerEnable(&p)", CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED)
                  .message.find("MIG slice"),
              std::string::npos);
    const std::string other =
        cuptiError("cuptiRangeProfilerStart(&start)", CUPTI_ERROR_INVALID_PARAMETER).message;
    EXPECT_EQ(other.rfind("cuptiRangeProfilerStart: ", 0), 0u) << other;
    EXPECT_GT(other.size(), std::string("cuptiRangeProfilerStart: ").size());
}

}  // namespace
}  // namespace ws::profile
