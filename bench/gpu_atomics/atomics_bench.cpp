// atomics_bench [--json FILE] [--reps N] [--quick]
// The atomics lab on one GPU: the best argmin against cub::DeviceReduce::ArgMin
// and the best sum at 2^28 floats, the seed's CPU-against-GPU timing at 50,000
// values and the size where the GPU starts to win, atomicCAS per thread, the
// work queue's imbalance per strategy and distribution, and atomics per
// second against contending threads. Markdown on stdout, progress on stderr,
// every number in the JSON. Exit 1 when a result fails its check or a goal.
#include "bench/gpu_atomics/atomics_bench.h"

#include <cstdio>
#include <fstream>
#include <iostream>

#include "kernels/runner/experiment_runner.h"

namespace ws::bench {

std::string fixed(double v, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return text;
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
            options.repetitions = std::max(20, std::atoi(argv[++i]));
        else if (a == "--quick")
            options.quick = true;
        else {
            std::cerr << "usage: atomics_bench [--json FILE] [--reps N>=20] [--quick]\n";
            return 2;
        }
    }
    if (auto reason = ws::cudaUnavailableReason(); !reason.empty()) {
        std::cerr << "atomics_bench: " << reason << "\n";
        return 2;
    }
    auto device = ws::cachedDeviceInfo(0);
    if (!device) {
        std::cerr << "atomics_bench: " << device.error() << "\n";
        return 2;
    }
    std::cerr << "device: " << device->name << ", " << device->smCount << " SMs\n";
    int failures = 0;
    nlohmann::json out = {{"device", device->name},
                          {"smCount", device->smCount},
                          {"repetitions", options.repetitions},
                          {"quick", options.quick}};
    out["argmin"] = ws::bench::argminBench(options, *device, failures);
    out["queue"] = ws::bench::queueBench(options, *device, failures);
    out["contention"] = ws::bench::contentionBench(options, *device, failures);
    out["failures"] = failures;
    if (!json.empty()) {
        std::ofstream file(json);
        file << out.dump(2) << "\n";
        if (!file) {
            std::cerr << "atomics_bench: cannot write " << json << "\n";
            return 2;
        }
        std::cerr << "wrote " << json << "\n";
    }
    std::cout << "\n"
              << (failures ? "FAILURES: " + std::to_string(failures) : "all verified, goals met")
              << "\n";
    return failures ? 1 : 0;
}
