#pragma once
// Where adding two arrays on the GPU starts to pay off: the CPU (one thread,
// all cores) and the GPU (the kernel, and the kernel with the copies of a, b
// and c) timed at sizes from 2^8 to 2^26 elements.
#include <vector>

#include "core/common/result.h"
#include "core/timing/crossover.h"
#include "kernels/common/run_options.h"

namespace ws::basics {

inline constexpr int kCrossoverSmallestLog2 = 8;
inline constexpr int kCrossoverLargestLog2 = 26;

Result<std::vector<CostPoint>> sweepVectorAddCrossover(const RunOptions& options);

}  // namespace ws::basics
