// reduce_bench [--json FILE] [--reps N] [--quick]
// Harris's ladder, the vectorized single-pass kernel, cub::DeviceReduce::Sum and
// a float4 copy on one GPU, side by side: median GB/s over N timed runs (after
// a warm-up), the run-to-run spread, best/cub, and the overhead of the block
// records. Every reduction result is verified against the CPU reference
// before its time counts; a failed check is reported and makes the exit code 1.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/gpu/bench_stats.h"
#include "core/catalog/catalog.h"
#include "kernels/common/launch_limits.h"
#include "kernels/device/copy_yardstick.h"
#include "kernels/reduction/reduction_runner.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::bench {
namespace {

struct Options {
    std::string json;
    int repetitions = 30;
    bool quick = false;  // 2^24 only
};

struct Row {
    std::string variant;
    std::string type;
    std::uint64_t n = 0;
    Spread spread;
    double bytes = 0;
    double gbps = 0, gbpsMin = 0, gbpsMax = 0;
    double overheadPercent = 0;  // recording build (block records) vs plain
    std::size_t launches = 0;
    std::uint32_t grid = 0;  // first launch
    bool verified = false;
    std::string check;  // the verification, or why the row failed
};

const char* const kLadder[] = {
    "interleaved-divergent", "interleaved-strided", "sequential", "first-add", "unroll-last-warp",
    "complete-unroll",       "multi-element",       "best",       "cub"};

bool parse(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--json" && i + 1 < argc)
            options.json = argv[++i];
        else if (a == "--reps" && i + 1 < argc)
            options.repetitions = std::max(20, std::atoi(argv[++i]));
        else if (a == "--quick")
            options.quick = true;
        else {
            std::cerr << "usage: reduce_bench [--json FILE] [--reps N>=20] [--quick]\n";
            return false;
        }
    }
    return true;
}

Row measure(const ExperimentSpec& spec, const std::string& variant, const ReductionInput& input,
            const Options& options) {
    Row row;
    row.variant = variant;
    row.type = elementName(input.kind());
    row.n = input.size();
    row.bytes = double(input.bytes());
    // traced_blocks=0: the recording build writes block records only, so the
    // overhead column is the cost of the per-block timeline.
    auto params = resolveParams(
        spec, std::vector<std::string>{"variant=" + variant, "n=" + std::to_string(input.size()),
                                       "type=" + row.type, "block=256", "per_thread=32",
                                       "traced_blocks=0"});
    if (!params) {
        row.check = params.error();
        return row;
    }
    RunOptions runOptions;
    runOptions.repetitions = options.repetitions;
    runOptions.measureOverhead = true;
    auto result = runReduction(spec, *params, input, runOptions);
    if (!result) {
        row.check = result.error();
        return row;
    }
    const Run& run = result->run;
    row.verified = run.verification.checked && run.verification.passed;
    row.check = row.verified
                    ? "GPU " + run.verification.actual + " = CPU " + run.verification.expected
                    : "FAILED: GPU " + run.verification.actual + ", CPU " +
                          run.verification.expected + " (" + run.verification.note + ")";
    row.launches = run.launches.size();
    row.grid = run.launches.empty() ? 0 : run.launches[0].grid.x;
    if (!row.verified) return row;  // an unverified time does not count
    row.spread = spreadOf(result->plainMs);
    row.gbps = gigabytesPerSecond(row.bytes, row.spread.medianMs);
    row.gbpsMin = gigabytesPerSecond(row.bytes, row.spread.maxMs);
    row.gbpsMax = gigabytesPerSecond(row.bytes, row.spread.minMs);
    row.overheadPercent = run.timing.overheadPercent;
    return row;
}

nlohmann::json toJson(const Row& r) {
    return {{"variant", r.variant},
            {"type", r.type},
            {"n", r.n},
            {"bytes", r.bytes},
            {"medianMs", r.spread.medianMs},
            {"minMs", r.spread.minMs},
            {"maxMs", r.spread.maxMs},
            {"stdevMs", r.spread.stdevMs},
            {"gbps", r.gbps},
            {"gbpsMin", r.gbpsMin},
            {"gbpsMax", r.gbpsMax},
            {"overheadPercent", r.overheadPercent},
            {"launches", r.launches},
            {"grid", r.grid},
            {"verified", r.verified},
            {"check", r.check}};
}

std::string fixed(double v, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return text;
}

int run(const Options& options) {
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        std::cerr << "reduce_bench: " << reason << "\n";
        return 2;
    }
    auto device = cachedDeviceInfo(0);
    if (!device) {
        std::cerr << "reduce_bench: " << device.error() << "\n";
        return 2;
    }
    const ExperimentSpec* spec = findExperiment("reduce-ladder");
    if (!spec) {
        std::cerr << "reduce_bench: reduce-ladder is not in the catalog\n";
        return 2;
    }
    std::cerr << "device: " << device->name << ", " << device->smCount << " SMs, peak "
              << fixed(device->memBandwidthGBs, 0) << " GB/s, timer tick " << device->timerTickNs
              << " ns\n";

    struct Case {
        ElementKind kind;
        std::uint64_t n;
    };
    std::vector<Case> cases{{ElementKind::Float, 1ull << 24}, {ElementKind::Int32, 1ull << 24}};
    if (!options.quick) cases.push_back({ElementKind::Float, 1ull << 28});

    std::vector<Row> rows;
    nlohmann::json copies = nlohmann::json::array();
    std::vector<std::string> copyLines;
    bool allVerified = true;
    for (const Case& c : cases) {
        std::cerr << "preparing " << countText(c.n) << " " << elementName(c.kind) << " ...\n";
        auto input = ReductionInput::prepare(c.kind, c.n, 1);
        if (!input) {
            std::cerr << "reduce_bench: " << input.error() << "\n";
            return 2;
        }
        for (const char* variant : kLadder) {
            Row row = measure(*spec, variant, *input, options);
            allVerified = allVerified && row.verified;
            std::cerr << "  " << variant << ": "
                      << (row.verified ? fixed(row.gbps, 1) + " GB/s" : row.check) << "\n";
            rows.push_back(std::move(row));
        }
        if (c.kind == ElementKind::Float) {
            auto copy = timeFloat4Copy(c.n, options.repetitions);
            if (!copy) {
                std::cerr << "reduce_bench: copy: " << copy.error() << "\n";
                return 2;
            }
            const Spread s = spreadOf(copy->ms);
            const double gbps = gigabytesPerSecond(copy->bytesMoved, s.medianMs);
            allVerified = allVerified && copy->verified;
            copies.push_back({{"n", c.n},
                              {"bytes", copy->bytesMoved},
                              {"medianMs", s.medianMs},
                              {"minMs", s.minMs},
                              {"maxMs", s.maxMs},
                              {"stdevMs", s.stdevMs},
                              {"gbps", gbps},
                              {"grid", copy->grid},
                              {"block", copy->block},
                              {"verified", copy->verified}});
            copyLines.push_back("float4 copy of " + countText(c.n) +
                                " floats (read + write): " + fixed(gbps, 0) + " GB/s (" +
                                fixed(gigabytesPerSecond(copy->bytesMoved, s.maxMs), 0) + "-" +
                                fixed(gigabytesPerSecond(copy->bytesMoved, s.minMs), 0) + ")" +
                                (copy->verified ? "" : " NOT VERIFIED"));
        }
    }

    // best / cub per (type, n)
    nlohmann::json ratios = nlohmann::json::array();
    std::vector<std::string> ratioLines;
    std::map<std::pair<std::string, std::uint64_t>, std::pair<double, double>> bestCub;
    for (const Row& r : rows) {
        if (r.variant == "best") bestCub[{r.type, r.n}].first = r.gbps;
        if (r.variant == "cub") bestCub[{r.type, r.n}].second = r.gbps;
    }
    for (const auto& [key, v] : bestCub) {
        const double ratio = v.second > 0 ? v.first / v.second : 0;
        ratios.push_back({{"type", key.first}, {"n", key.second}, {"bestOverCub", ratio}});
        ratioLines.push_back("best/cub, " + key.first + " n=" + countText(key.second) + ": " +
                             fixed(ratio, 3));
    }

    std::cout
        << "\n## Reductions on " << device->name << " (peak " << fixed(device->memBandwidthGBs, 0)
        << " GB/s), median of " << options.repetitions << " runs\n\n"
        << "| type | n | variant | launches | grid | median ms | GB/s | min-max GB/s | stdev % "
           "| % of peak | records overhead % | verified |\n"
        << "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const Row& r : rows) {
        const double stdevPct =
            r.spread.medianMs > 0 ? r.spread.stdevMs / r.spread.medianMs * 100 : 0;
        std::cout << "| " << r.type << " | " << countText(r.n) << " | " << r.variant << " | "
                  << r.launches << " | " << r.grid << " | " << fixed(r.spread.medianMs, 4) << " | "
                  << fixed(r.gbps, 1) << " | " << fixed(r.gbpsMin, 0) << "-" << fixed(r.gbpsMax, 0)
                  << " | " << fixed(stdevPct, 2) << " | "
                  << fixed(device->memBandwidthGBs > 0 ? r.gbps / device->memBandwidthGBs * 100 : 0,
                           1)
                  << " | " << (r.variant == "cub" ? "-" : fixed(r.overheadPercent, 2)) << " | "
                  << (r.verified ? "yes" : "NO: " + r.check) << " |\n";
    }
    std::cout << "\n";
    for (const auto& line : copyLines) std::cout << "- " << line << "\n";
    for (const auto& line : ratioLines) std::cout << "- " << line << "\n";
    std::cout << "- records overhead: recording build (thread 0 writes %smid, %globaltimer and "
                 "clock64 at start and end, 40 B per block) against the plain build\n";

    if (!options.json.empty()) {
        nlohmann::json out = {{"device",
                               {{"name", device->name},
                                {"smCount", device->smCount},
                                {"memBandwidthGBs", device->memBandwidthGBs},
                                {"timerTickNs", device->timerTickNs},
                                {"driver", device->driverVersion},
                                {"runtime", device->runtimeVersion}}},
                              {"repetitions", options.repetitions},
                              {"block", 256},
                              {"perThread", 32},
                              {"results", nlohmann::json::array()},
                              {"copy", copies},
                              {"ratios", ratios},
                              {"allVerified", allVerified}};
        for (const Row& r : rows) out["results"].push_back(toJson(r));
        std::ofstream file(options.json);
        file << out.dump(2) << "\n";
        if (!file) {
            std::cerr << "reduce_bench: cannot write " << options.json << "\n";
            return 2;
        }
        std::cerr << "wrote " << options.json << "\n";
    }
    return allVerified ? 0 : 1;
}

}  // namespace
}  // namespace ws::bench

int main(int argc, char** argv) {
    ws::bench::Options options;
    if (!ws::bench::parse(argc, argv, options)) return 2;
    return ws::bench::run(options);
}
