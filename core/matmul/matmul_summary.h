#pragma once
// What `warpscope-record info` says of a matrix multiply run beyond the
// common lines: the variant's idea, the throughput against the FP32 peak,
// the tiling, the traced blocks' phases and shared reads, the check.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

std::vector<std::string> matmulSummaryLines(const Run& run);

}  // namespace ws
