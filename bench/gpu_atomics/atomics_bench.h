#pragma once
// The parts of atomics_bench: each measures, verifies every timed result
// against the CPU before its time counts, prints a markdown section and
// returns its JSON; `failures` counts what did not verify or reach its goal.
#include <nlohmann/json.hpp>
#include <string>

#include "core/run/run.h"

namespace ws::bench {

struct BenchOptions {
    int repetitions = 20;
    int rounds = 3;      // argmin against CUB and the sum: whole rounds, for the ratio's spread
    bool quick = false;  // 2^24 instead of 2^28, fewer sizes
};

nlohmann::json argminBench(const BenchOptions& o, const DeviceInfo& device, int& failures);
nlohmann::json queueBench(const BenchOptions& o, const DeviceInfo& device, int& failures);
nlohmann::json contentionBench(const BenchOptions& o, const DeviceInfo& device, int& failures);

std::string fixed(double v, int digits);

}  // namespace ws::bench
