// The work queue: kernel time, imbalance, tail and how long SMs sat idle at
// the end, per strategy and distribution, on as many slots as fit and on one
// slot per SM; every run's items checked before its time counts.
#include <iostream>

#include "bench/gpu/bench_stats.h"
#include "bench/gpu_atomics/atomics_bench.h"
#include "core/catalog/catalog.h"
#include "kernels/atomics/atomics_experiments.h"

namespace ws::bench {

nlohmann::json queueBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    nlohmann::json rows = nlohmann::json::array();
    const char* items = o.quick ? "2048" : "8192";
    std::cout << "\n## Work queue: " << items << " items, cost scale 5 µs, block 128, median of "
              << o.repetitions << " runs\n\n"
              << "| slots per SM | distribution | strategy | kernel ms | min-max ms | imbalance | "
                 "tail µs | SMs idle at the end µs | ideal µs | verified |\n"
              << "|---|---|---|---|---|---|---|---|---|---|\n";
    for (const char* perSm : {"1", "0"})
        for (const char* distribution : {"equal", "ramp", "heavy", "random"}) {
            double staticMs = 0, queueMs = 0;
            for (const char* strategy : {"static", "per-item", "queue"}) {
                auto params = atomicsSettings("work-queue", {{"items", items},
                                                             {"cost_us", "5"},
                                                             {"distribution", distribution},
                                                             {"strategy", strategy},
                                                             {"blocks_per_sm", perSm}});
                RunOptions ro;
                ro.repetitions = o.repetitions;
                ro.measureOverhead = std::string(distribution) == "heavy";
                auto r = params ? atomics::runWorkQueue(*params, ro, device)
                                : Result<atomics::TimedRun>(makeError(params.error()));
                if (!r || !r->run.verification.passed) {
                    std::cerr << "  work-queue " << strategy << " " << distribution << ": "
                              << (r ? r->run.verification.note : r.error()) << "\n";
                    ++failures;
                    continue;
                }
                const Spread s = spreadOf(r->plainMs);
                const auto& f = r->run.figures;
                if (std::string(strategy) == "static") staticMs = s.medianMs;
                if (std::string(strategy) == "queue") queueMs = s.medianMs;
                rows.push_back({{"blocksPerSm", f.at("blocksPerSm")},
                                {"slots", f.at("slots")},
                                {"distribution", distribution},
                                {"strategy", strategy},
                                {"medianMs", s.medianMs},
                                {"minMs", s.minMs},
                                {"maxMs", s.maxMs},
                                {"imbalance", f.at("imbalance")},
                                {"tailNs", f.at("tailNs")},
                                {"finishSpreadNs", f.at("finishSpreadNs")},
                                {"idealNs", f.at("idealNs")},
                                {"stepsPerUs", f.at("stepsPerUs")},
                                {"overheadPercent", r->run.timing.overheadPercent}});
                std::cout << "| " << fixed(f.at("blocksPerSm"), 0) << " | " << distribution << " | "
                          << strategy << " | " << fixed(s.medianMs, 4) << " | " << fixed(s.minMs, 4)
                          << "-" << fixed(s.maxMs, 4) << " | " << fixed(f.at("imbalance"), 3)
                          << " | " << fixed(f.at("tailNs") / 1e3, 1) << " | "
                          << fixed(f.at("finishSpreadNs") / 1e3, 1) << " | "
                          << fixed(f.at("idealNs") / 1e3, 1) << " | yes |\n";
            }
            // The lesson: with uneven items the queue finishes first.
            if (std::string(distribution) == "heavy" && staticMs > 0 && queueMs >= staticMs) {
                std::cout << "| | heavy | GOAL MISSED: the queue did not finish before the "
                             "static split | | | | | | | |\n";
                ++failures;
            }
        }
    return rows;
}

}  // namespace ws::bench
