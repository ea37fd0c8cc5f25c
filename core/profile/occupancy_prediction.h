#pragma once
// The occupancy a run's kernel could reach at most, from what its cubin gave
// the profile (registers per thread, static shared memory) and how the run
// launched it (threads per block, dynamic shared memory), by the occupancy
// calculator's rules (core/device/occupancy.h): the "predicted" beside the
// achieved occupancy the counters measured.
#include <cstdint>
#include <optional>
#include <string>

#include "core/device/occupancy.h"
#include "core/run/run.h"

namespace ws {

// The metric the prediction stands beside (counter_catalog.cpp's words:
// "achieved occupancy"), in % of the SM's warps.
inline constexpr const char* kAchievedOccupancyMetric =
    "sm__warps_active.avg.pct_of_peak_sustained_active";

struct OccupancyPrediction {
    Occupancy occupancy;
    std::uint32_t threadsPerBlock = 0;
    std::uint32_t registersPerThread = 0;
    std::uint32_t sharedBytesPerBlock = 0;  // static + dynamic
    std::string kernel;                     // the function's display name
};

// The registers and static shared memory of the run's kernel, only where it
// is one kernel: the counters add the timed work's kernels up, so the
// profile must list a single function with its registers known and the
// run's launches share one block size and dynamic shared memory. Nothing
// otherwise (traces recorded before the registers were kept among them).
std::optional<BlockResources> profiledBlockResources(const Run& run);

// The ceiling for that kernel, where profiledBlockResources has it.
std::optional<OccupancyPrediction> predictedOccupancy(const Run& run);

// "at most 50 %: 4 blocks of 256 threads an SM, limited by registers per SM
// (64 registers a thread, 4.2 KB of shared memory a block)".
std::string describeOccupancyPrediction(const OccupancyPrediction& p);

}  // namespace ws
