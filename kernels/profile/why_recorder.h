#pragma once
// What a run records with --why: after its timed launches, the same work is
// launched again under CUPTI, untimed: once per pass of the hardware
// counters, then a few times with warp stall sampling. Each part that cannot
// be recorded (not permitted, not supported) leaves one plain sentence in
// the profile and the run goes on.
#include <string>
#include <vector>

#include "core/run/run.h"
#include "kernels/common/kernel_observer.h"

namespace ws::profile {

struct WhySettings {
    int device = 0;
    int smCount = 0;
    int smClockKHz = 0;
    std::vector<std::string> metrics;  // the counters to read
    // About this many samples per sampled launch; launches until about
    // kSampledKernelMs of kernel time have run (core/profile/why_cost.h).
    double samplesPerLaunch = 100000;
    // Record nothing where the kernel's time predicts the profile would cost
    // more than kCheapWhySeconds, and say so (the default of a run).
    bool onlyWhenCheap = false;
};

class WhyRecorder : public KernelObserver {
public:
    explicit WhyRecorder(WhySettings settings);
    Status observe(const TimedWork& work) override;
    // The profile gathered, with a sentence where nothing was observed.
    RunProfile take();

private:
    void addStalls(const struct StallSampling& sampling);
    WhySettings settings_;
    RunProfile profile_;
    bool observed_ = false;
};

// Subscribes to CUPTI (kernels/profile/cupti_subscription.h): cubins kept as
// they load, and stall sampling enabled on the contexts made from now on.
// Call before the process's first CUDA call: a profile names lines, and
// places samples at all, only in code loaded after it.
void prepareWhyProfiling();

}  // namespace ws::profile
