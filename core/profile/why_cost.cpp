#include "core/profile/why_cost.h"

#include <algorithm>
#include <cstdio>

namespace ws {

int sampledLaunchesFor(double kernelMs) {
    return std::clamp(int(kSampledKernelMs / std::max(kernelMs, 1e-3)), kFewestSampledLaunches,
                      kMostSampledLaunches);
}

WhyCost estimateWhyCost(double kernelMs, int counterPasses) {
    WhyCost c;
    c.counterPasses = counterPasses;
    c.sampledLaunches = sampledLaunchesFor(kernelMs);
    // Each launch after a flush of the L2; the sampled and the unsampled
    // launches each with one warm-up.
    const int launches = counterPasses + 2 * (c.sampledLaunches + 1);
    c.seconds = launches * (std::max(kernelMs, 0.0) + kCacheFlushMs) / 1000;
    return c;
}

bool whyIsCheap(const WhyCost& cost) { return cost.seconds <= kCheapWhySeconds; }

std::string whyLeftOutSentence(const WhyCost& cost, double kernelMs) {
    char text[320];
    std::snprintf(text, sizeof text,
                  "Not recorded by default: asking why would add about %.1f s of GPU time to this "
                  "run (%d counter passes and %d sampled launches of a %.3g ms kernel; by default "
                  "a run spends at most %.0f s on it); ask for it with --why, or \"always\" in "
                  "the run panel.",
                  cost.seconds, cost.counterPasses, cost.sampledLaunches, kernelMs,
                  kCheapWhySeconds);
    return text;
}

}  // namespace ws
