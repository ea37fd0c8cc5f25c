#pragma once
// What the GPU's state when a run was made means for its timings, in a few
// words a student can read: badges for a GPU shared with other processes, a
// MIG slice, a throttled or lowered clock. The run panel, the compare table
// and exports all show the same badges, so they all come from here.
#include <cstdint>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

enum class BadgeKind {
    SharedGpu,      // other processes computed on the GPU (or an MPS server)
    MigSlice,       // the run had a MIG slice, not the whole GPU
    Throttled,      // NVML named a reason the clocks were held down
    ClockBelowMax,  // the SM clock ran below its maximum
    StateUnknown,   // NVML could not be asked; the reason says why
};

struct EnvironmentBadge {
    BadgeKind kind;
    std::string text;    // "shared GPU: timings may be disturbed"
    std::string detail;  // the facts behind it, for a tooltip or an export
};

std::vector<EnvironmentBadge> environmentBadges(const Run& run);
std::vector<EnvironmentBadge> environmentBadges(const GpuEnvironment& environment);

// NVML's clocks-event reason bits by name ("software power cap", ...), in bit
// order; unknown bits as hex. GPU idle is a reason too: the clock is low
// because nothing ran, which says nothing about a measured kernel.
std::vector<std::string> clockReasonNames(std::uint64_t bits);
inline constexpr std::uint64_t kClockReasonGpuIdle = 0x1;

// An SM clock this far below its maximum gets a badge: NVML reports clocks in
// steps of about 15 MHz, and boost clocks wander a little under load.
inline constexpr double kClockBelowMaxFraction = 0.95;

// The environment as lines of text ("clocks: SM 1980 of 1980 MHz, memory
// 2619 MHz"), for `warpscope-record info` and the run panel.
std::vector<std::string> environmentFacts(const GpuEnvironment& environment);

}  // namespace ws
