#pragma once
// The parts of memkinds_bench: each runs the lab's launchers, counts a run
// that did not verify in `failures` (its numbers are left out), prints a
// markdown section and returns its JSON.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws::bench {

struct BenchOptions {
    int repetitions = 20;
    bool quick = false;  // smaller sets: latency to 64 MiB, bandwidth to 256 MiB
};

// Runs `id` with `assignments` through the lab's launcher; nullopt-like:
// an error, or a run that did not verify, counts a failure and says why on
// stderr.
Result<Run> runVerified(const std::string& id, const std::vector<std::string>& assignments,
                        const BenchOptions& o, const DeviceInfo& device, int& failures);

nlohmann::json latencyBench(const BenchOptions& o, const DeviceInfo& device, int& failures);
nlohmann::json l2Bench(const BenchOptions& o, const DeviceInfo& device, int& failures);
nlohmann::json bandwidthBench(const BenchOptions& o, const DeviceInfo& device, int& failures);
nlohmann::json constantBench(const BenchOptions& o, const DeviceInfo& device, int& failures);
nlohmann::json textureBench(const BenchOptions& o, const DeviceInfo& device, int& failures);
nlohmann::json localBench(const BenchOptions& o, const DeviceInfo& device, int& failures);

std::string fixed(double v, int digits);
std::string figureOr(const Run& run, const std::string& name, int digits);

}  // namespace ws::bench
