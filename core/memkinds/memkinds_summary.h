#pragma once
// What `warpscope-record info` says about the memory kinds lab's records:
// the plateaus of a latency run, the L2 partitions, the bandwidth levels,
// the constant cache's passes, the three texture paths, the local-memory
// variants and the occupancy sweep, each table checked as the views check it.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws::memkinds {

// Empty for runs of other labs; a line saying what is wrong for a table that
// does not check out.
std::vector<std::string> summaryLines(const Run& run);

}  // namespace ws::memkinds
