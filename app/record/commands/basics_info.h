#pragma once
// What `info` and `sweep` say beyond the launches: the CPU against the GPU,
// the run's tables, texts and figures, and for the first-kernels lab what
// its records show (the order of the greetings, the writes past the end,
// __mul24 against a multiply, the bandwidth at the largest copies).
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws::record {

std::vector<std::string> labInfoLines(const Run& run);

// For runs of one experiment that differ in their size: where the GPU starts
// to pay off (core/timing/crossover.h), one line per setting and pairing.
std::vector<std::string> crossoverLines(const std::vector<Run>& runs);

}  // namespace ws::record
