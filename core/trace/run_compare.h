#pragma once
// Two runs compared field by field: what `warpscope-record upgrade` checks
// before it replaces a file (the re-encoded bytes must decode to exactly the
// run that was read), and what tests use to show a round trip keeps every
// recorded value.
#include <cstddef>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

// The first `limit` differences, each naming the field and both values:
// "launch 2: blocks.startNs[17] is 1234 in the first run, 1240 in the second".
// Empty when the runs hold the same values. Floating-point values must have
// the same bits (0 and -0 differ), except that every NaN equals every NaN:
// CBOR writers may shorten a NaN and drop its payload, which never carries a
// measurement. The format version is not compared: it says which file the run
// was read from, not what it holds.
std::vector<std::string> runDifferences(const Run& a, const Run& b, std::size_t limit = 10);

inline bool sameRun(const Run& a, const Run& b) { return runDifferences(a, b, 1).empty(); }

}  // namespace ws
