#pragma once
// What `warpscope-record info` says about the atomics lab's records: the
// work queue's schedule figures, the CAS attempts and the contention curve,
// each table checked as the views check it.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

// Empty for runs of other labs; a line saying what is wrong for a table that
// does not check out.
std::vector<std::string> atomicsSummaryLines(const Run& run);

}  // namespace ws
