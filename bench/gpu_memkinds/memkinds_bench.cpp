// memkinds_bench [--json FILE] [--reps N] [--quick]
// The memory kinds lab on one GPU: the latency staircase of every load path
// with its plateaus (L1, L2, HBM, past the TLB's reach), the L2's distance
// from each SM and its two partitions, the bandwidth staircase with the HBM
// figure against the device's peak, the constant cache's passes against
// global and __ldg loads, the rotated window's three paths, and the
// per-thread array in registers, local memory and spills with the occupancy
// sweep. Markdown on stdout, progress on stderr, every number in the JSON.
// Exit 1 when a run fails its check.
#include "bench/gpu_memkinds/memkinds_bench.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::bench {

std::string fixed(double v, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return text;
}

std::string figureOr(const Run& run, const std::string& name, int digits) {
    auto it = run.figures.find(name);
    return it == run.figures.end() ? "-" : fixed(it->second, digits);
}

Result<Run> runVerified(const std::string& id, const std::vector<std::string>& assignments,
                        const BenchOptions& o, const DeviceInfo& device, int& failures) {
    const ExperimentSpec* spec = findExperiment(id);
    if (spec == nullptr) return makeError("no experiment " + id);
    auto params = resolveParams(*spec, assignments);
    RunOptions ro;
    ro.repetitions = o.repetitions;
    ro.measureOverhead = true;
    ro.timeCpu = false;
    auto run = params ? runMemoryKindsExperiment(*spec, *params, ro, device)
                      : Result<Run>(makeError(params.error()));
    std::string what = id;
    for (const auto& a : assignments) what += " " + a;
    if (!run) {
        std::cerr << "  " << what << ": " << run.error() << "\n";
        ++failures;
        return run;
    }
    if (!run->verification.passed) {
        std::cerr << "  " << what << ": " << run->verification.note << "\n";
        ++failures;
        return makeError(run->verification.note);
    }
    std::cerr << "  " << what << ": verified\n";
    return run;
}

}  // namespace ws::bench

int main(int argc, char** argv) {
    ws::bench::BenchOptions options;
    std::string json;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--json" && i + 1 < argc)
            json = argv[++i];
        else if (a == "--reps" && i + 1 < argc)
            options.repetitions = std::max(5, std::atoi(argv[++i]));
        else if (a == "--quick")
            options.quick = true;
        else {
            std::cerr << "usage: memkinds_bench [--json FILE] [--reps N>=5] [--quick]\n";
            return 2;
        }
    }
    if (auto reason = ws::cudaUnavailableReason(); !reason.empty()) {
        std::cerr << "memkinds_bench: " << reason << "\n";
        return 2;
    }
    auto device = ws::cachedDeviceInfo(0);
    if (!device) {
        std::cerr << "memkinds_bench: " << device.error() << "\n";
        return 2;
    }
    std::cerr << "device: " << device->name << ", " << device->smCount << " SMs\n";
    int failures = 0;
    nlohmann::json out = {{"device", device->name},
                          {"smCount", device->smCount},
                          {"smClockKHz", device->smClockKHz},
                          {"l2CacheBytes", device->l2CacheBytes},
                          {"peakGBs", device->memBandwidthGBs},
                          {"repetitions", options.repetitions},
                          {"quick", options.quick}};
    std::cout << "# Memory kinds on " << device->name << " (" << device->smCount << " SMs)\n";
    out["latency"] = ws::bench::latencyBench(options, *device, failures);
    out["l2"] = ws::bench::l2Bench(options, *device, failures);
    out["bandwidth"] = ws::bench::bandwidthBench(options, *device, failures);
    out["constant"] = ws::bench::constantBench(options, *device, failures);
    out["texture"] = ws::bench::textureBench(options, *device, failures);
    out["local"] = ws::bench::localBench(options, *device, failures);
    out["failures"] = failures;
    if (!json.empty()) {
        std::ofstream file(json);
        file << out.dump(2) << "\n";
        if (!file) {
            std::cerr << "memkinds_bench: cannot write " << json << "\n";
            return 2;
        }
        std::cerr << "wrote " << json << "\n";
    }
    std::cout << "\n"
              << (failures ? "FAILURES: " + std::to_string(failures) : "all verified") << "\n";
    return failures ? 1 : 0;
}
