// mergeEnvironment: the snapshots before and after a run and its busy clocks.
#include <algorithm>

#include "app/record/gpu/gpu_environment.h"
#include "core/device/environment_badges.h"

namespace ws::record {

GpuEnvironment mergeEnvironment(GpuEnvironment env, const BusyClocks& busy,
                                const GpuEnvironment& after) {
    if (!env.queried) {
        // NVML failed before the run; if it answered after, keep that look.
        if (!after.queried) return env;
        const double waited = env.lockWaitMs;
        const int ahead = env.runsAheadAtStart;
        env = after;
        env.lockWaitMs = waited;
        env.runsAheadAtStart = ahead;
        return env;
    }
    for (std::size_t i = 0; i < after.otherPids.size(); ++i) {
        if (std::find(env.otherPids.begin(), env.otherPids.end(), after.otherPids[i]) !=
            env.otherPids.end())
            continue;
        env.otherPids.push_back(after.otherPids[i]);
        env.otherProcessNames.push_back(i < after.otherProcessNames.size()
                                            ? after.otherProcessNames[i]
                                            : std::string("unnamed"));
    }
    // Reasons seen at any look count, except "idle" outside the run: the
    // GPU waiting for this run's first kernel says nothing about its clocks.
    std::uint64_t reasons = (env.throttleReasons | after.throttleReasons) & ~kClockReasonGpuIdle;
    if (busy.busySamples > 0) {
        env.smClockMHz = busy.smClockMHz;
        env.memClockMHz = busy.memClockMHz;
        env.pcieGeneration = std::max(busy.pcieGeneration, after.pcieGeneration);
        env.pcieWidth = std::max(busy.pcieWidth, after.pcieWidth);
        reasons |= busy.reasons;
    } else {
        // Too short for a sample to see it computing: the look just after.
        env.smClockMHz = after.smClockMHz;
        env.memClockMHz = after.memClockMHz;
        env.pcieGeneration = after.pcieGeneration;
        env.pcieWidth = after.pcieWidth;
        reasons |= after.throttleReasons & kClockReasonGpuIdle;
    }
    if (env.maxSmClockMHz == 0) env.maxSmClockMHz = after.maxSmClockMHz;
    env.throttleReasons = reasons;
    env.throttleReasonNames = clockReasonNames(reasons);
    return env;
}

}  // namespace ws::record
