#include "kernels/concurrency/activity_recording.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/timing/clock_alignment.h"
#include "kernels/common/cuda_check.h"
#include "kernels/concurrency/clock_probe.h"
#include "kernels/profile/stall_sampling.h"

namespace ws {

namespace {

// Samples before and after the work, each set without its warm-up: the spread
// then covers any drift of one clock against the other during the work.
Result<ClockFit> offsetAround(const std::vector<ClockSample>& before,
                              const std::vector<ClockSample>& after, int warmup) {
    std::vector<ClockSample> kept;
    for (const auto* set : {&before, &after})
        if (int(set->size()) > warmup) kept.insert(kept.end(), set->begin() + warmup, set->end());
    auto fit = fitClockOffset(kept, 0);
    if (fit) fit->warmupDropped = 2 * warmup;
    return fit;
}

void storeClockFigures(const ClockFit& fit, Run& run) {
    run.figures["clockOffsetNs"] = fit.alignment.offsetNs;
    run.figures["clockSpreadNs"] = fit.alignment.spreadNs;
    run.figures["clockBracketNs"] = fit.medianBracketNs;
    std::vector<double> gaps = kernelStartGapsNs(run);
    if (gaps.empty()) return;
    std::sort(gaps.begin(), gaps.end());
    run.figures["clockCheckMedianNs"] = gaps[gaps.size() / 2];
    run.figures["clockCheckMinNs"] = gaps.front();
    run.figures["clockCheckMaxNs"] = gaps.back();
}

}  // namespace

bool cuptiSwitchedOff() {
    const char* off = std::getenv("WARPSCOPE_NO_CUPTI");
    return off && *off && std::string(off) != "0";
}

std::uint32_t cuptiStreamOr(cudaStream_t stream, std::uint32_t fallback) {
    if (cuptiSwitchedOff()) return fallback;
    auto id = cupti::streamId(stream);
    return id ? *id : fallback;
}

Status recordActivity(const ActivityRecording& recording, Run& run) {
    if (cuptiSwitchedOff()) {
        run.texts["cupti"] = "not recorded: switched off by WARPSCOPE_NO_CUPTI";
        if (Status s = recording.work(); !s) return s;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    }
    const ClockProbeOptions probe;
    auto before = sampleClocks(probe);
    if (!before) {
        run.texts["cupti"] = "not recorded: " + before.error();
        if (Status s = recording.work(); !s) return s;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    }
    // Declared before the session, so it resumes sampling after the session
    // has ended on every path.
    const profile::StallSamplingPaused samplingPaused;
    auto session = cupti::ActivitySession::start(recording.options);
    if (!session) {
        run.texts["cupti"] = "not recorded: " + session.error();
        if (Status s = recording.work(); !s) return s;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    }
    if (Status s = recording.work(); !s) return s;
    WS_CUDA_TRY(cudaDeviceSynchronize());
    auto log = (*session)->finish();
    if (!log) {
        run.texts["cupti"] = "not recorded: " + log.error();
        return {};
    }
    auto after = sampleClocks(probe);
    auto fit = offsetAround(*before, after ? *after : std::vector<ClockSample>{}, probe.warmup);
    if (!fit) {
        run.texts["cupti"] = "not recorded: " + fit.error();
        return {};
    }
    // Records that contradict the launches are not shown rather than shown wrong.
    if (Status s = applyActivities(*log, fit->alignment, recording.links(), run); !s) {
        run.operations = {};
        run.hostCalls = {};
        run.clocks = {};
        run.texts["cupti"] = "recorded but not used: " + s.error();
        return {};
    }
    storeClockFigures(*fit, run);
    return {};
}

}  // namespace ws
