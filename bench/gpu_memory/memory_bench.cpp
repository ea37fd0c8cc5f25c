// memory_bench [--json FILE]: transposes of 16384x16384 floats (1 GiB each
// way, twenty times the 50 MB L2, so the figures are DRAM's) against a float4
// copy, the seed's uint8 transposes and axis reductions, and the bank probe
// table. Prints a table and the goals; the JSON holds every number.
// Every kernel runs twice: with traced_blocks=0 (the recording launches are
// the build with block records alone) and with the catalog's traced blocks
// (the build with the access tracer). Bandwidth comes from the plain launches
// of the first run; each run gives the overhead of its recording build over
// its own plain launches, reported as "blocks %" and "traced %".
// memory_bench --probe STRIDE WIDTH: only the probe, one timed launch, printing
// "passes N": what scripts/ncu-banks.sh runs under ncu.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/access/bank_conflicts.h"
#include "core/catalog/catalog.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"
#include "kernels/runner/experiment_runner.h"

namespace ws {
std::vector<ExperimentSpec> memoryExperiments();
}

namespace {

using ws::ParamValues;

const ws::ExperimentSpec& spec(const std::string& id) {
    static const auto list = ws::memoryExperiments();
    for (const auto& e : list)
        if (e.id == id) return e;
    return list.front();
}

ws::MemorySettings params(const std::string& id, const std::vector<std::string>& assignments) {
    auto p = ws::resolveParams(spec(id), assignments);
    auto s =
        p ? ws::memorySettings(id, *p) : ws::Result<ws::MemorySettings>(ws::makeError(p.error()));
    if (!s) {
        std::cerr << "memory_bench: " << s.error() << "\n";
        std::exit(2);
    }
    return *s;
}

struct Row {
    std::string label;
    double medianGBs = 0, minGBs = 0, maxGBs = 0, medianMs = 0;
    double blocksOverhead = 0;  // % over plain: block records alone, every block
    double tracedOverhead = 0;  // % over plain: block records and access tracing
    long long tracedBlocks = 0;
    bool verified = false;
};

// `blocks` ran with traced_blocks=0, `traced` with the catalog's traced blocks.
Row summarize(const std::string& label, const ws::memory::MemoryRun& blocks,
              const ws::memory::MemoryRun& traced) {
    Row r;
    r.label = label;
    const double bytes = blocks.run.timing.bytesMoved;
    const auto [lo, hi] = std::minmax_element(blocks.plainMs.begin(), blocks.plainMs.end());
    r.medianMs = ws::medianOf(blocks.plainMs);
    r.medianGBs = bytes / (r.medianMs * 1e6);
    r.minGBs = bytes / (*hi * 1e6);
    r.maxGBs = bytes / (*lo * 1e6);
    r.blocksOverhead = blocks.run.timing.overheadPercent;
    r.tracedOverhead = traced.run.timing.overheadPercent;
    const auto settings = ws::memorySettingsOf(traced.run);
    r.tracedBlocks = settings ? settings->tracedBlocks : 0;
    r.verified = blocks.run.verification.passed && traced.run.verification.passed;
    return r;
}

// Runs one kernel both ways (see the top of the file); `run` takes the
// assignments and returns the launcher's result.
template <typename Launcher>
std::optional<Row> measureBoth(const std::string& label,
                               const std::vector<std::string>& assignments, Launcher run) {
    std::vector<std::string> blocksOnly = assignments;
    blocksOnly.push_back("traced_blocks=0");
    auto blocks = run(blocksOnly);
    if (!blocks) {
        std::cerr << "memory_bench: " << label << " (traced_blocks=0): " << blocks.error() << "\n";
        return std::nullopt;
    }
    auto traced = run(assignments);
    if (!traced) {
        std::cerr << "memory_bench: " << label << ": " << traced.error() << "\n";
        return std::nullopt;
    }
    return summarize(label, *blocks, *traced);
}

}  // namespace

int main(int argc, char** argv) {
    std::string jsonPath, probeStride, probeWidth;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--json" && i + 1 < argc) {
            jsonPath = argv[++i];
        } else if (a == "--probe" && i + 2 < argc) {
            probeStride = argv[++i];
            probeWidth = argv[++i];
        } else {
            std::cerr << "usage: memory_bench [--json FILE] | --probe STRIDE WIDTH\n";
            return 2;
        }
    }
    if (auto reason = ws::cudaUnavailableReason(); !reason.empty()) {
        std::cerr << "memory_bench: no CUDA device: " << reason << "\n";
        return 1;
    }
    ws::DeviceInfo device;
    if (auto s = ws::memory::completeLimits(device, 0); !s) {
        std::cerr << "memory_bench: " << s.error() << "\n";
        return 1;
    }
    if (auto d = ws::queryDevice(0); d) device = *d;

    if (!probeStride.empty()) {
        ws::RunOptions once;
        once.repetitions = 1;
        once.measureOverhead = false;
        auto r = ws::memory::runBankProbe(
            params("bank-probe", {"stride=" + probeStride, "width=" + probeWidth}), once, device);
        if (!r) {
            std::cerr << "memory_bench: " << r.error() << "\n";
            return 1;
        }
        std::printf("passes %u cycles/load %.1f\n", r->predictedPasses, r->loadCyclesPerAccess);
        return 0;
    }

    ws::RunOptions options;
    options.repetitions = 25;  // median of >= 20
    // The recording builds are timed as often as the plain one: their
    // overheads are medians too.
    options.measureOverhead = true;
    nlohmann::json out;
    out["device"] = device.name;
    out["repetitions"] = options.repetitions;

    // "blocks %": recording build with block records alone (traced_blocks=0);
    // "traced %": with the access tracer, tracing `traced_blocks` blocks.
    auto report = [&](const std::string& group, const std::vector<Row>& rows) {
        std::printf("\n%-44s %10s %10s %10s %9s %9s %9s %s\n", group.c_str(), "GB/s", "min", "max",
                    "ms", "blocks %", "traced %", "ok");
        for (const auto& r : rows) {
            std::printf("%-44s %10.1f %10.1f %10.1f %9.3f %+9.2f %+9.2f %s\n", r.label.c_str(),
                        r.medianGBs, r.minGBs, r.maxGBs, r.medianMs, r.blocksOverhead,
                        r.tracedOverhead, r.verified ? "yes" : "NO");
            out[group].push_back({{"variant", r.label},
                                  {"GBps", r.medianGBs},
                                  {"minGBps", r.minGBs},
                                  {"maxGBps", r.maxGBs},
                                  {"ms", r.medianMs},
                                  {"overheadBlocksPercent", r.blocksOverhead},
                                  {"overheadTracedPercent", r.tracedOverhead},
                                  {"tracedBlocks", r.tracedBlocks},
                                  {"verified", r.verified}});
        }
    };
    int failures = 0;
    auto keep = [&](std::vector<Row>& rows, const std::string& label, std::optional<Row> row) {
        if (!row) {
            ++failures;
            return Row{label};
        }
        rows.push_back(*row);
        return *row;
    };

    // Float transposes, 16384 x 16384.
    const std::string n = "16384";
    std::vector<Row> f32;
    auto runF32 = [&](const std::string& label, const std::string& variant,
                      const std::string& rows) {
        return keep(
            f32, label,
            measureBoth(
                label,
                {"width=" + n, "height=" + n, "variant=" + variant, "rows_per_thread=" + rows},
                [&](const std::vector<std::string>& a) {
                    return ws::memory::runTransposeF32(params("transpose-f32", a), options, device);
                }));
    };
    const Row copy = runF32("copy (float4)", "copy", "4");
    runF32("naive, 1 row/thread", "naive", "1");
    const Row tiled1 = runF32("tiled 32x32, 1 row/thread", "tiled", "1");
    const Row padded1 = runF32("padded 32x33, 1 row/thread", "padded", "1");
    runF32("naive, 4 rows/thread", "naive", "4");
    const Row tiled4 = runF32("tiled 32x32, 4 rows/thread", "tiled", "4");
    const Row padded4 = runF32("padded 32x33, 4 rows/thread", "padded", "4");
    const Row best = runF32("best 64x64 float4", "best", "4");
    report("float transpose 16384x16384", f32);

    // uint8 transposes of seed 001.
    std::vector<Row> u8;
    for (const char* variant : {"naive", "shared", "padded"}) {
        const std::string label = std::string("uint8 ") + variant + " 16x16";
        keep(u8, label,
             measureBoth(label, {"width=16384", "height=16384", std::string("variant=") + variant},
                         [&](const std::vector<std::string>& a) {
                             return ws::memory::runTransposeU8(params("transpose-u8", a), options,
                                                               device);
                         }));
    }
    report("uint8 transpose 16384x16384", u8);

    // Axis reductions of seed 001 over a 16384x16384 uint8 image, default blocks.
    std::vector<Row> reduce;
    for (const char* id : {"reduce-columns", "reduce-rows-atomic", "reduce-rows-block"}) {
        keep(reduce, id,
             measureBoth(id, {"width=16384", "height=16384"},
                         [&](const std::vector<std::string>& a) {
                             return ws::memory::runAxisReduce(params(id, a), options, device);
                         }));
    }
    report("uint8 axis reductions 16384x16384", reduce);

    // Bank probe table.
    std::printf("\n%-8s %-6s %10s %14s %15s\n", "stride", "width", "passes", "cycles/load",
                "cycles/store");
    ws::RunOptions probeOptions = options;
    probeOptions.repetitions = 21;
    probeOptions.measureOverhead = false;  // the probe's figures are its cycle counts
    for (const char* width : {"4", "8", "16"})
        for (int stride : {1, 2, 4, 8, 16, 32, 33}) {
            auto r = ws::memory::runBankProbe(
                params("bank-probe",
                       {"stride=" + std::to_string(stride), std::string("width=") + width}),
                probeOptions, device);
            if (!r) {
                std::cerr << "memory_bench: probe: " << r.error() << "\n";
                ++failures;
                continue;
            }
            std::printf("%-8d %-6s %10u %14.1f %15.1f\n", stride, width, r->predictedPasses,
                        r->loadCyclesPerAccess, r->storeCyclesPerAccess);
            out["bankProbe"].push_back({{"stride", stride},
                                        {"widthBytes", std::stoi(width)},
                                        {"predictedPasses", r->predictedPasses},
                                        {"cyclesPerLoad", r->loadCyclesPerAccess},
                                        {"cyclesPerStore", r->storeCyclesPerAccess}});
        }

    // Goals.
    auto goal = [&](const std::string& what, double ratio, double wanted) {
        const bool met = ratio >= wanted;
        std::printf("goal %-40s %.2fx (want >= %.2fx) %s\n", what.c_str(), ratio, wanted,
                    met ? "met" : "MISSED");
        out["goals"].push_back(
            {{"goal", what}, {"ratio", ratio}, {"wanted", wanted}, {"met", met}});
    };
    std::printf("\n");
    auto ratio = [](const Row& a, const Row& b) {
        return b.medianGBs > 0 ? a.medianGBs / b.medianGBs : 0;
    };
    goal("padded / tiled (1 row/thread)", ratio(padded1, tiled1), 1.5);
    goal("padded / tiled (4 rows/thread)", ratio(padded4, tiled4), 1.5);
    goal("best / copy", ratio(best, copy), 0.9);

    // Block records alone must stay within 2 % of the plain build on every
    // kernel, so that every block can always be recorded.
    constexpr double kBlocksLimit = 2.0;
    const Row* worst = nullptr;
    for (const auto* rows : {&f32, &u8, &reduce})
        for (const auto& r : *rows)
            if (!worst || r.blocksOverhead > worst->blocksOverhead) worst = &r;
    if (worst) {
        const bool met = worst->blocksOverhead < kBlocksLimit;
        std::printf("goal %-40s %+.2f %% (%s; want < %.0f %%) %s\n",
                    "block records alone, worst kernel", worst->blocksOverhead,
                    worst->label.c_str(), kBlocksLimit, met ? "met" : "MISSED");
        out["goals"].push_back({{"goal", "block records alone, worst kernel (%)"},
                                {"variant", worst->label},
                                {"overheadPercent", worst->blocksOverhead},
                                {"limitPercent", kBlocksLimit},
                                {"met", met}});
    }

    for (const auto& rows : {f32, u8, reduce})
        for (const auto& r : rows) failures += !r.verified;
    if (!jsonPath.empty()) {
        std::ofstream f(jsonPath);
        f << out.dump(2) << "\n";
        if (!f) {
            std::cerr << "memory_bench: cannot write " << jsonPath << "\n";
            return 1;
        }
    }
    return failures == 0 ? 0 : 1;
}
