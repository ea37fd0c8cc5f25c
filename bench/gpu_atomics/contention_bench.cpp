// Contention: atomics per second from 32 threads up, for one address and
// for many, 4 bytes apart and one per 128-byte line; each point checked.
#include <iostream>

#include "bench/gpu_atomics/atomics_bench.h"
#include "core/atomics/contention_model.h"
#include "core/catalog/catalog.h"
#include "kernels/atomics/atomics_experiments.h"

namespace ws::bench {

nlohmann::json contentionBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    nlohmann::json curves = nlohmann::json::array();
    const std::string threads = o.quick ? "65536" : "1048576";
    std::cout << "\n## Contention: atomicAdd per second (10^9) against threads, 4 each\n\n";
    std::string header = "| addresses | spacing |", rule = "|---|---|";
    for (std::uint32_t t : curveThreadCounts(std::uint32_t(std::stoul(threads)))) {
        header += ' ';  // appended: GCC 12 warns falsely on " " + std::to_string(t)
        header += std::to_string(t) + " |";
        rule += "---|";
    }
    std::cout << header << "\n" << rule << "\n";
    const std::pair<const char*, const char*> settings[] = {
        {"1", "word"}, {"32", "word"}, {"32", "line"}, {"1024", "line"}, {"65536", "line"}};
    for (auto [addresses, spacing] : settings) {
        auto params = atomicsSettings("atomic-contention", {{"threads", threads},
                                                            {"addresses", addresses},
                                                            {"spacing", spacing},
                                                            {"per_thread", "4"}});
        RunOptions ro;
        ro.repetitions = o.repetitions;
        ro.measureOverhead = false;
        auto r = params ? atomics::runContention(*params, ro, device)
                        : Result<atomics::TimedRun>(makeError(params.error()));
        if (!r || !r->run.verification.passed) {
            std::cerr << "  contention " << addresses << " " << spacing << ": "
                      << (r ? r->run.verification.note : r.error()) << "\n";
            ++failures;
            continue;
        }
        auto curve = readContentionCurve(r->run);
        if (!curve) {
            ++failures;
            continue;
        }
        nlohmann::json points = nlohmann::json::array();
        std::cout << "| " << addresses << " | " << spacing << " |";
        for (const auto& p : *curve) {
            points.push_back({{"threads", p.threads},
                              {"atomicsPerSecond", p.atomicsPerSecond},
                              {"medianMs", p.medianMs},
                              {"minMs", p.minMs},
                              {"maxMs", p.maxMs}});
            std::cout << " " << fixed(p.atomicsPerSecond / 1e9, 2) << " |";
        }
        std::cout << "\n";
        curves.push_back({{"addresses", addresses}, {"spacing", spacing}, {"points", points}});
    }
    return curves;
}

}  // namespace ws::bench
