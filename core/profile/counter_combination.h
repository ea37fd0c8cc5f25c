#pragma once
// One timed work's counters from those of the kernels it launched, each
// measured in its own range: counts and bytes add up; a share of a peak or
// an average (".avg", "pct") is the kernels' mean weighted by their time
// (gpu__time_duration.sum where it was read, else an equal weight each).
#include <string>
#include <vector>

namespace ws {

struct KernelCounters {
    std::vector<double> values;  // in the order of the metrics they were read for
};

// True for a metric that averages (occupancy, throughput as % of peak)
// rather than counts.
bool isAveragedMetric(const std::string& metric);

// One value per metric; kernels whose values are fewer than the metrics
// count as zero for the missing ones.
std::vector<double> combineKernelCounters(const std::vector<std::string>& metrics,
                                          const std::vector<KernelCounters>& kernels);

}  // namespace ws
