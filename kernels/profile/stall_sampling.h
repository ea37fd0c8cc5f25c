#pragma once
// Warp stall sampling with CUPTI's PC Sampling API in continuous mode (which
// does not serialize kernels): the timed work launched again between a start
// and a stop, each launch timed, and every sample's PC, function and reason
// gathered. The same number of launches is timed just before without
// sampling, so the run says what sampling cost.
#include <cuda.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "kernels/common/kernel_observer.h"

namespace ws::profile {

struct SampledPc {
    std::string function;  // mangled
    std::uint32_t pcOffset = 0;
    std::uint32_t reason = 0;  // index into StallSampling::reasons
    std::uint32_t samples = 0;
};

struct StallSampling {
    std::vector<std::string> reasons;  // CUPTI's names, indexed by SampledPc::reason
    std::vector<SampledPc> pcs;        // one per (function, pc, reason), samples added up
    std::uint64_t totalSamples = 0;
    std::uint64_t droppedSamples = 0;
    int periodLog2 = 0;
    int launches = 0;
    double sampledMs = 0;    // median of the sampled launches
    double unsampledMs = 0;  // median of as many launches without sampling
};

// Enables sampling on a context (idle until sampleStalls starts it) and
// remembers it: CUPTI places samples only in modules loaded after this.
Status enableStallSampling(CUcontext context);
// Disables sampling on the current context where it was enabled early, and
// enables it again: the range profiler will not start while it is enabled.
Status pauseStallSampling();
Status resumeStallSampling();

// Stall sampling paused for as long as it lives: CUPTI refuses to record
// concurrent kernels' activity (CUPTI_ERROR_NOT_COMPATIBLE) on a context
// where sampling is enabled, which every context of a process that may ask
// why has from its creation on.
class StallSamplingPaused {
public:
    StallSamplingPaused() : m_paused(bool(pauseStallSampling())) {}
    ~StallSamplingPaused() {
        if (m_paused) (void)resumeStallSampling();
    }
    StallSamplingPaused(const StallSamplingPaused&) = delete;
    StallSamplingPaused& operator=(const StallSamplingPaused&) = delete;

private:
    bool m_paused;
};

// One sample per 2^periodLog2 cycles per SM, over `launches` launches, each
// after the L2 of `device` was emptied (kernels/profile/cache_flush.h).
Result<StallSampling> sampleStalls(const TimedWork& work, int device, int periodLog2, int launches);

// The period for a kernel of `kernelMs` on `smCount` SMs at `clockKHz`, so one
// launch draws about `wantedSamples` (CUPTI takes 5 to 31).
int samplingPeriodFor(double kernelMs, int smCount, int clockKHz, double wantedSamples);

}  // namespace ws::profile
