#pragma once
// What asking why costs a run: after its timed launches the kernel is
// launched again once per counter pass and, with and without stall
// sampling, as often as fills about 100 ms (kernels/profile/why_recorder.h).
// A run records why by default only where that costs little: at most
// kCheapWhySeconds of extra GPU time, as the kernel's own time predicts.
#include <string>

namespace ws {

// Whether a run records why: never, where it costs little (the default of
// warpscope-record and of the run panel), or always.
enum class WhyMode { Never, WhenCheap, Always };

inline constexpr double kCheapWhySeconds = 1.0;
// Sampled launches fill about this much kernel time, at least 3 and at most
// 50 launches; as many again are timed without sampling for the cost.
inline constexpr double kSampledKernelMs = 100;
inline constexpr int kFewestSampledLaunches = 3;
inline constexpr int kMostSampledLaunches = 50;
// The counter passes an H100 needs for the recorded metrics; the estimate
// takes it for every GPU.
inline constexpr int kTypicalCounterPasses = 10;
// Emptying the L2 before each launch (four times its size written and
// discarded, and a synchronization: kernels/profile/cache_flush.h) costs
// about this much on a Hopper GPU.
inline constexpr double kCacheFlushMs = 0.15;

int sampledLaunchesFor(double kernelMs);

struct WhyCost {
    int counterPasses = 0;
    int sampledLaunches = 0;  // and as many unsampled
    double seconds = 0;       // of GPU time, launches and cache flushes
};

WhyCost estimateWhyCost(double kernelMs, int counterPasses = kTypicalCounterPasses);

bool whyIsCheap(const WhyCost& cost);

// The run's sentence where the default left it out: what it would have cost
// and how to ask for it anyway.
std::string whyLeftOutSentence(const WhyCost& cost, double kernelMs);

}  // namespace ws
