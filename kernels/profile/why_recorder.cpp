#include "kernels/profile/why_recorder.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <map>

#include "core/profile/why_cost.h"
#include "kernels/profile/counter_collection.h"
#include "kernels/profile/cubin_store.h"
#include "kernels/profile/cupti_subscription.h"
#include "kernels/profile/debug_phase.h"
#include "kernels/profile/embedded_sources.h"
#include "kernels/profile/function_listing.h"
#include "kernels/profile/stall_sampling.h"

namespace ws::profile {
namespace {

// A CUDA error that outlives the profiler's failure (a fault in the kernel)
// is the run's; anything else was the profiler's and is only reported.
Status deviceFault() {
    const cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess) return {};
    return makeError(std::string("the GPU failed while profiling: ") + cudaGetErrorString(e));
}

}  // namespace

void prepareWhyProfiling() {
    DebugPhase phase("subscribing to CUPTI");
    (void)subscribeToCupti();
}

WhyRecorder::WhyRecorder(WhySettings settings) : settings_(std::move(settings)) {
    profile_.requested = true;
}

Status WhyRecorder::observe(const TimedWork& work) {
    observed_ = true;
    if (settings_.onlyWhenCheap) {
        const WhyCost cost = estimateWhyCost(work.plainMs);
        if (!whyIsCheap(cost)) {
            profile_.countersUnavailable = profile_.stallsUnavailable =
                whyLeftOutSentence(cost, work.plainMs);
            return {};
        }
    }
    if (!settings_.metrics.empty()) {
        // The range profiler will not start on a context where stall sampling
        // has run, so sampling is paused for the counters; CUPTI still places
        // the samples of code it saw loaded before the pause.
        (void)pauseStallSampling();
        DebugPhase phase("counters");
        auto counters = collectCounters(work, settings_.device, settings_.metrics, "timed work");
        if (Status s = resumeStallSampling(); !s)
            profile_.stallsUnavailable = "Warp stalls were not sampled: " + s.error();
        if (counters) {
            profile_.counters = std::move(counters->counters);
            profile_.counterPasses = counters->passes;
        } else {
            if (Status s = deviceFault(); !s) return s;
            profile_.countersUnavailable =
                "Hardware counters were not recorded: " + counters.error();
        }
    }
    if (!profile_.stallsUnavailable.empty()) return {};
    const int period = samplingPeriodFor(work.plainMs, settings_.smCount, settings_.smClockKHz,
                                         settings_.samplesPerLaunch);
    // Short kernels still draw enough samples (core/profile/why_cost.h).
    const int launches = sampledLaunchesFor(work.plainMs);
    auto sampling = [&] {
        DebugPhase phase("stall sampling");
        return sampleStalls(work, settings_.device, period, launches);
    }();
    if (!sampling) {
        if (Status s = deviceFault(); !s) return s;
        profile_.stallsUnavailable = "Warp stalls were not sampled: " + sampling.error();
        return {};
    }
    DebugPhase phase("listing the sampled functions");
    addStalls(*sampling);
    return {};
}

void WhyRecorder::addStalls(const StallSampling& sampling) {
    profile_.stallReasons = sampling.reasons;
    profile_.totalSamples = sampling.totalSamples;
    profile_.droppedSamples = sampling.droppedSamples;
    profile_.samplingPeriodLog2 = sampling.periodLog2;
    profile_.sampledLaunches = sampling.launches;
    profile_.sampledKernelMs = sampling.sampledMs;
    profile_.unsampledKernelMs = sampling.unsampledMs;
    std::map<std::string, std::uint32_t> functionIndex;
    for (const SampledPc& pc : sampling.pcs) {
        auto [it, added] =
            functionIndex.try_emplace(pc.function, std::uint32_t(profile_.functions.size()));
        if (added) {
            const auto cubin = CubinStore::instance().cubinDefining(pc.function);
            profile_.functions.push_back(listFunction(pc.function, cubin.get()).function);
        }
        profile_.stalls.function.push_back(it->second);
        profile_.stalls.pcOffset.push_back(pc.pcOffset);
        profile_.stalls.reason.push_back(pc.reason);
        profile_.stalls.samples.push_back(pc.samples);
    }
    // The text of every file the functions' lines are in: the view lists
    // each line in file order, sampled or not.
    const auto& sources = embeddedKernelSources();
    for (const ProfiledFunction& f : profile_.functions)
        for (const std::string& path : f.files)
            if (auto found = sources.find(path); found != sources.end())
                profile_.sources.try_emplace(path, found->second);
    if (sampling.totalSamples == 0)
        profile_.stallsUnavailable =
            "Warp stalls were sampled but none was drawn: the timed work ran no kernel long "
            "enough to be sampled.";
}

RunProfile WhyRecorder::take() {
    if (!observed_) {
        const std::string why =
            "This experiment times no GPU work that can be launched again under the profiler.";
        if (profile_.countersUnavailable.empty()) profile_.countersUnavailable = why;
        if (profile_.stallsUnavailable.empty()) profile_.stallsUnavailable = why;
    }
    return std::move(profile_);
}

}  // namespace ws::profile
