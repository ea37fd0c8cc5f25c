#pragma once
// Cuts a recorded run down to a few records of every kind, so that the
// fuzzer starts from small inputs that still hold every field a lab writes.
// A trace's reader does the same work for its hundredth block as for its
// first; a 2 KB input is mutated and parsed ten times as often as a 20 KB one.
#include <cstddef>

#include "core/run/run.h"

namespace ws::fuzz {

struct ShrinkLimits {
    std::size_t launches = 2;
    std::size_t rows = 3;  // per record kind: blocks, steps, accesses, table rows, ...
};

// The run with at most `limits.launches` launches and `limits.rows` records of
// each kind; sample lists (timings, environment) and the profile's functions,
// instructions, stall rows and counters are cut the same way.
Run shrinkRun(Run run, ShrinkLimits limits = {});

}  // namespace ws::fuzz
