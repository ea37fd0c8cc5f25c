#pragma once
// Putting CUPTI's clock on the %globaltimer clock of the block records.
// Each sample brackets one %globaltimer reading on the device between two
// readings of the CUPTI clock on the host; the offset of a sample is the
// device reading minus the middle of its bracket, good to half the bracket's
// width. Both clocks count ns since 1970 (about 1.7e18), beyond a double's 53
// exact bits, so every difference is taken in 64-bit integers first.
#include <cstdint>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

struct ClockSample {
    std::uint64_t hostBeforeNs = 0;  // CUPTI clock, before the device read
    std::uint64_t deviceNs = 0;      // %globaltimer
    std::uint64_t hostAfterNs = 0;   // CUPTI clock, after the device read was seen
};

struct ClockFit {
    ClockAlignment alignment;    // offset: median of the kept samples; spread: their max - min
    double medianBracketNs = 0;  // width of the kept samples' brackets
    int warmupDropped = 0;       // the first samples (page mapping, clocks ramping up)
    int outliersDropped = 0;     // brackets over kWidestBracket x the median width (the
                                 // host thread was descheduled between its two reads)
};

// Offset of one sample: deviceNs - (hostBeforeNs + hostAfterNs) / 2.
double sampleOffsetNs(const ClockSample& sample);

// Brackets wider than this many times the median are outliers. At 4x the H100
// kept a sample 5 us off among samples agreeing within 0.2 us.
inline constexpr double kWidestBracket = 2;

// Drops the first `warmup` samples and samples whose bracket is over
// kWidestBracket times the median width; refuses when fewer than two remain or a bracket runs
// backwards.
Result<ClockFit> fitClockOffset(const std::vector<ClockSample>& samples, int warmup);

// A CUPTI timestamp on the %globaltimer clock (0 stays 0: "not collected").
std::uint64_t toGlobalTimer(std::uint64_t cuptiNs, const ClockAlignment& alignment);

// An independent check of the alignment: for every kernel operation linked to
// a launch with block records, the first block's start minus the operation's
// start. The block cannot start before the kernel does, and a kernel's first
// block starts within a microsecond or two of it, so a misaligned clock shows
// up as gaps that are negative or far larger.
std::vector<double> kernelStartGapsNs(const Run& run);

}  // namespace ws
