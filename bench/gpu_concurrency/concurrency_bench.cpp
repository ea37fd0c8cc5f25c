// concurrency_bench [--json FILE] [--quick]: the concurrency lab's figures on
// one GPU, every timed result verified against the CPU first.
//  - streams: end to end per stream count (1, 2, 4, 8) and host memory kind,
//    against one stream, with the overlap CUPTI recorded (goal: 4 pinned
//    streams at most 0.6x one stream; pageable copies do not hide);
//  - the seed's dot product from one host thread per stream;
//  - unified memory: each pattern's effective bandwidth (goal: prefetch
//    within 10 % of explicit copies from pinned memory);
//  - dynamic parallelism: launch latency from the device and from the host,
//    the recursive reduction driven by the device against the host;
//  - the CUPTI clock offset, measured ten times: its offset and spread
//    (goal: the clocks agree within 2 us).
// Prints markdown tables and the goals last; the JSON holds every number.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/gpu/bench_stats.h"
#include "core/catalog/catalog.h"
#include "core/concurrency/concurrency_plans.h"
#include "kernels/concurrency/clock_probe.h"
#include "kernels/concurrency/concurrency_experiments.h"
#include "kernels/runner/experiment_runner.h"

namespace {

using ws::ParamValues;
using json = nlohmann::json;

ws::ConcurrencySettings params(const std::string& id, const std::vector<std::string>& assignments) {
    auto p = ws::resolveParams(*ws::findExperiment(id), assignments);
    auto s = p ? ws::concurrencySettings(id, *p)
               : ws::Result<ws::ConcurrencySettings>(ws::makeError(p.error()));
    if (!s) {
        std::cerr << "concurrency_bench: " << s.error() << "\n";
        std::exit(2);
    }
    return *s;
}

double figure(const ws::Run& run, const std::string& name) {
    auto it = run.figures.find(name);
    return it == run.figures.end() ? -1 : it->second;
}

// A figure as a table cell: a dash where the run has none, because it does
// not apply to that run (a host-driven time in a parent-child run), never -1.
std::string cell(const ws::Run& run, const std::string& name, int decimals) {
    auto it = run.figures.find(name);
    if (it == run.figures.end()) return "—";
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, it->second);
    return text;
}

struct Goals {
    std::vector<std::string> lines;
    int missed = 0;
    void check(const std::string& what, double value, double limit, bool atMost,
               const std::string& unit) {
        const bool met = atMost ? value <= limit : value >= limit;
        char line[200];
        std::snprintf(line, sizeof line, "goal %-52s %.3f%s (want %s %.3f%s) %s", what.c_str(),
                      value, unit.c_str(), atMost ? "<=" : ">=", limit, unit.c_str(),
                      met ? "met" : "MISSED");
        lines.push_back(line);
        missed += !met;
    }
};

}  // namespace

int main(int argc, char** argv) {
    std::string jsonPath;
    bool quick = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--json" && i + 1 < argc)
            jsonPath = argv[++i];
        else if (a == "--quick")
            quick = true;
        else {
            std::cerr << "usage: concurrency_bench [--json FILE] [--quick]\n";
            return 2;
        }
    }
    if (auto reason = ws::cudaUnavailableReason(); !reason.empty()) {
        std::cerr << "concurrency_bench: " << reason << "\n";
        return 1;
    }
    auto device = ws::cachedDeviceInfo(0);
    if (!device) {
        std::cerr << "concurrency_bench: " << device.error() << "\n";
        return 1;
    }
    ws::RunOptions options;
    options.repetitions = quick ? 5 : 11;
    options.measureOverhead = false;
    json out = {{"device", device->name}, {"repetitions", options.repetitions}};
    Goals goals;
    int failures = 0;
    auto failed = [&](const std::string& what, const std::string& error) {
        std::cerr << "concurrency_bench: " << what << ": " << error << "\n";
        ++failures;
    };

    // Streams: 64 Mi floats (256 MiB each way), 16 chunks.
    const std::string n = quick ? "2^24" : "2^26";
    std::printf("## Streams: %s floats in 16 chunks, copy in, kernel, copy out\n\n", n.c_str());
    std::printf(
        "| host memory | streams | end to end ms (min..max) | 1 stream ms | ratio | "
        "overlap | copies behind kernels | verified |\n|---|---|---|---|---|---|---|---|\n");
    double pinned4 = -1, pageableHidden = -1;
    for (const char* memory : {"pinned", "pageable"})
        for (const char* streams : {"1", "2", "4", "8"}) {
            if (std::string(memory) == "pageable" && (streams[0] == '2' || streams[0] == '8'))
                continue;
            const ws::ConcurrencySettings p =
                params("streams", {"n=" + n, "chunks=16", std::string("streams=") + streams,
                                   std::string("host_memory=") + memory});
            auto r = ws::concurrency::runStreamsPipeline(p, options, *device);
            if (!r) {
                failed(std::string("streams ") + memory + " " + streams, r.error());
                continue;
            }
            const ws::Run& run = r->run;
            const auto s = ws::bench::spreadOf(r->samplesMs);
            const double ratio = figure(run, "ratioToOneStream");
            std::printf("| %s | %s | %.3f (%.3f..%.3f) | %s | %s | %s | %s | %s |\n", memory,
                        streams, s.medianMs, s.minMs, s.maxMs, cell(run, "oneStreamMs", 3).c_str(),
                        cell(run, "ratioToOneStream", 2).c_str(),
                        cell(run, "overlapFraction", 2).c_str(),
                        cell(run, "copyBehindKernelFraction", 2).c_str(),
                        run.verification.passed ? "yes" : "NO");
            failures += !run.verification.passed;
            if (std::string(memory) == "pinned" && streams[0] == '4') pinned4 = ratio;
            if (std::string(memory) == "pageable" && streams[0] == '4')
                pageableHidden = figure(run, "copyBehindKernelFraction");
            out["streams"].push_back(
                {{"hostMemory", memory},
                 {"streams", std::stoi(streams)},
                 {"medianMs", s.medianMs},
                 {"minMs", s.minMs},
                 {"maxMs", s.maxMs},
                 {"figures", run.figures},
                 {"cupti", run.texts.count("cupti") ? run.texts.at("cupti") : ""},
                 {"verified", run.verification.passed}});
        }
    if (pinned4 >= 0) goals.check("streams: 4 pinned streams / 1 stream", pinned4, 0.6, true, "x");
    if (pageableHidden >= 0)
        goals.check("streams: pageable copy time behind kernels", pageableHidden, 0.05, true, "");

    // The seed's dot product.
    std::printf(
        "\n## Dot product, %s floats, one host thread per stream\n\n| streams | ms | 1 stream ms | "
        "verified |\n|---|---|---|---|\n",
        n.c_str());
    for (const char* streams : {"1", "4"}) {
        const ws::ConcurrencySettings p =
            params("streams", {"mode=dot", "n=" + n, std::string("streams=") + streams});
        auto r = ws::concurrency::runStreamsDot(p, options, *device);
        if (!r) {
            failed(std::string("dot ") + streams, r.error());
            continue;
        }
        const auto s = ws::bench::spreadOf(r->samplesMs);
        std::printf("| %s | %.3f | %.3f | %s |\n", streams, s.medianMs,
                    figure(r->run, "oneStreamMs"), r->run.verification.passed ? "yes" : "NO");
        failures += !r->run.verification.passed;
        out["dot"].push_back({{"streams", std::stoi(streams)},
                              {"medianMs", s.medianMs},
                              {"verified", r->run.verification.passed}});
    }

    // Unified memory.
    const std::string um = quick ? "2^24" : "2^26";
    std::printf(
        "\n## Unified memory, c = a + b over %s floats per array (12 bytes per element)\n\n"
        "| prefetch pieces | first touch GB/s | after CPU GB/s | prefetch GB/s | explicit pinned "
        "GB/s | "
        "explicit pageable ms | resident GB/s | prefetch / explicit | verified |\n"
        "|---|---|---|---|---|---|---|---|---|\n",
        um.c_str());
    ws::RunOptions umOptions = options;
    umOptions.repetitions = quick ? 3 : 5;
    double bestPrefetch = -1;
    for (const char* chunks : {"1", "4"}) {
        auto r = ws::concurrency::runUnifiedMemory(
            params("unified-memory",
                   {"n=" + um, "pattern=prefetch", std::string("prefetch_chunks=") + chunks}),
            umOptions, *device);
        if (!r) {
            failed(std::string("unified memory ") + chunks, r.error());
            continue;
        }
        const ws::Run& run = r->run;
        const double ratio = figure(run, "prefetchToExplicit");
        std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", chunks,
                    cell(run, "firstTouchGBs", 1).c_str(), cell(run, "cpuTouchedGBs", 1).c_str(),
                    cell(run, "prefetchGBs", 1).c_str(), cell(run, "explicitCopyGBs", 1).c_str(),
                    cell(run, "explicitPageableMs", 2).c_str(), cell(run, "residentGBs", 0).c_str(),
                    cell(run, "prefetchToExplicit", 3).c_str(),
                    run.verification.passed ? "yes" : "NO");
        failures += !run.verification.passed;
        if (bestPrefetch < 0 || ratio < bestPrefetch) bestPrefetch = ratio;
        out["unifiedMemory"].push_back({{"prefetchChunks", std::stoi(chunks)},
                                        {"figures", run.figures},
                                        {"verified", run.verification.passed}});
    }
    if (bestPrefetch >= 0)
        goals.check("unified memory: prefetch / explicit pinned copies", bestPrefetch, 1.10, true,
                    "x");

    // Dynamic parallelism.
    std::printf(
        "\n## Dynamic parallelism\n\n| run | ms | host launch us | fire-and-forget us | tail us | "
        "device-driven ms | host-driven ms | verified |\n|---|---|---|---|---|---|---|---|\n");
    for (const auto& [label, assignments] :
         std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"parent-child fire-and-forget",
              {"pattern=parent-child", "n=2^24", "parent_blocks=132", "child_blocks=32",
               "mode=fire-and-forget"}},
             {"parent-child tail",
              {"pattern=parent-child", "n=2^24", "parent_blocks=132", "child_blocks=32",
               "mode=tail"}},
             {"recursive reduction 2^24",
              {"pattern=recursive-reduction", "n=2^24", "block=256"}}}) {
        auto r = ws::concurrency::runDynamicParallelism(params("dynamic-parallelism", assignments),
                                                        options, *device);
        if (!r) {
            failed(label, r.error());
            continue;
        }
        const ws::Run& run = r->run;
        // A run that launches no recursion from the device is device-driven
        // as a whole: its kernel time.
        char kernelMs[32];
        std::snprintf(kernelMs, sizeof kernelMs, "%.3f", run.timing.kernelMs);
        const std::string deviceDriven =
            run.figures.count("deviceDrivenMs") ? cell(run, "deviceDrivenMs", 3) : kernelMs;
        std::printf("| %s | %.3f | %s | %s | %s | %s | %s | %s |\n", label.c_str(),
                    run.timing.kernelMs, cell(run, "hostLaunchLatencyUs", 2).c_str(),
                    cell(run, "fireAndForgetLatencyUs", 2).c_str(),
                    cell(run, "tailLatencyUs", 2).c_str(), deviceDriven.c_str(),
                    cell(run, "hostDrivenMs", 3).c_str(), run.verification.passed ? "yes" : "NO");
        failures += !run.verification.passed;
        out["dynamicParallelism"].push_back({{"run", label},
                                             {"ms", run.timing.kernelMs},
                                             {"figures", run.figures},
                                             {"verified", run.verification.passed}});
    }

    // The CUPTI clock against %globaltimer.
    std::printf(
        "\n## CUPTI clock offset against %%globaltimer, 10 measurements of 16 samples\n\n"
        "| try | offset ns | spread ns | median bracket ns | samples |\n|---|---|---|---|---|\n");
    double worstSpread = -1;
    for (int i = 0; i < 10; ++i) {
        auto fit = ws::measureClockOffset();
        if (!fit) {
            failed("clock offset", fit.error());
            break;
        }
        std::printf("| %d | %.0f | %.0f | %.0f | %d |\n", i, fit->alignment.offsetNs,
                    fit->alignment.spreadNs, fit->medianBracketNs, fit->alignment.samples);
        worstSpread = std::max(worstSpread, fit->alignment.spreadNs);
        out["clock"].push_back({{"offsetNs", fit->alignment.offsetNs},
                                {"spreadNs", fit->alignment.spreadNs},
                                {"bracketNs", fit->medianBracketNs},
                                {"samples", fit->alignment.samples}});
    }
    if (worstSpread >= 0)
        goals.check("clocks: worst offset spread", worstSpread / 1000, 2.0, true, " us");

    std::printf("\n");
    for (const auto& line : goals.lines) std::printf("%s\n", line.c_str());
    out["goals"] = goals.lines;
    out["failures"] = failures;
    if (!jsonPath.empty()) std::ofstream(jsonPath) << out.dump(2) << "\n";
    return failures ? 1 : 0;
}
