#pragma once
// Measures where CUPTI's clock stands against %globaltimer: a one-thread
// kernel answers the host through mapped pinned memory, reading %globaltimer
// between the host's two readings of the CUPTI clock, a dozen times; the
// first answers are warm-up (page mapping, the kernel still ramping up) and
// are dropped (core/timing/clock_alignment.h does the arithmetic). A round trip over
// PCIe takes one or two microseconds, so each sample is good to about one.
#include <vector>

#include "core/common/result.h"
#include "core/timing/clock_alignment.h"

namespace ws {

struct ClockProbeOptions {
    int samples = 16;
    int warmup = 3;
    double timeoutMs = 2000;  // for each answer; a GPU busy elsewhere may be slow to start
};

// The raw samples (hostBefore/After on the CUPTI clock).
Result<std::vector<ClockSample>> sampleClocks(const ClockProbeOptions& options);

// sampleClocks, then fitClockOffset.
Result<ClockFit> measureClockOffset(const ClockProbeOptions& options = {});

}  // namespace ws
