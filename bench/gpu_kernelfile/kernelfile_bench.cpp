// kernelfile_bench: what the probes cost on each bundled example, by turns
// against the plain build (several rounds, the median of the rounds'
// medians); each example's timeline beside the built-in lab's same kernel
// (blocks, SMs used, span); and a first run through a warm process, compile
// included, against a run whose compile the cache answers.
//
//   kernelfile_bench [--rounds R] [--repetitions N] [--json out.json]
//   kernelfile_bench --file K.cu [name=value ...] [--rounds R] [--repetitions N]
//
// With --file, only that file's cost by turns (block probes, and its marks
// where it has any): run it and a copy without WS_MARK lines for what the
// marks themselves cost.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/kernelfile/kernel_file_text.h"
#include "kernels/common/event_timing.h"
#include "kernels/kernelfile/kernel_file_runner.h"
#include "kernels/runner/experiment_runner.h"

namespace {

using namespace ws;
using nlohmann::json;

struct Case {
    std::string example;
    std::vector<std::string> params;
};

// Each example at its default and at a size that keeps the GPU busy longer.
const std::vector<Case> kCases = {
    {"vector_add", {}},         {"vector_add", {"n=16777216"}},
    {"matmul_naive", {}},       {"matmul_naive", {"n=2048"}},
    {"matmul_tiled", {}},       {"matmul_tiled", {"n=2048"}},
    {"transpose_uint8", {}},    {"transpose_uint8", {"width=8192", "height=8192"}},
    {"reduce_interleaved", {}}, {"reduce_interleaved", {"n=16777216"}},
    {"argmin_cas", {}},         {"argmin_cas", {"n=16777216"}},
};

std::string joined(const std::vector<std::string>& params) {
    std::string text;
    for (const std::string& p : params) text += (text.empty() ? "" : " ") + p;
    return text.empty() ? "defaults" : text;
}

struct Shape {
    std::uint64_t blocks = 0;
    std::size_t sms = 0;
    double spanUs = 0;
};

Shape shapeOf(const Launch& launch) {
    Shape s;
    s.blocks = launch.blocks.size();
    std::set<std::uint32_t> sms(launch.blocks.sm.begin(), launch.blocks.sm.end());
    s.sms = sms.size();
    if (s.blocks) {
        const auto [first, last] = std::make_pair(
            *std::min_element(launch.blocks.startNs.begin(), launch.blocks.startNs.end()),
            *std::max_element(launch.blocks.endNs.begin(), launch.blocks.endNs.end()));
        s.spanUs = double(last - first) / 1e3;
    }
    return s;
}

// The cost by turns of one file: the median over rounds of each round's
// probed-against-plain percentage, and the span of its first launch.
int costOfFile(const std::string& path, const std::vector<std::string>& params, int rounds,
               const RunOptions& options, const DeviceInfo& device) {
    auto text = kernelfile::readKernelFileText(path);
    if (!text) {
        std::fprintf(stderr, "kernelfile_bench: %s\n", text.error().c_str());
        return 1;
    }
    const kernelfile::KernelFileSource file{path, *text,
                                            std::filesystem::path(path).parent_path().string()};
    std::vector<double> plain, probed, cost;
    double marks = 0;
    for (int r = 0; r < rounds; ++r) {
        auto run = kernelfile::runKernelFile(file, params, options, {}, device);
        if (!run || !run->verification.passed) {
            std::fprintf(stderr, "kernelfile_bench: %s: %s\n", path.c_str(),
                         run ? "does not verify" : run.error().c_str());
            return 1;
        }
        plain.push_back(run->timing.kernelMs);
        probed.push_back(run->timing.recordedKernelMs);
        cost.push_back(run->timing.overheadPercent);
        marks = run->figures["marksRecorded"];
    }
    std::printf(
        "%s %s: plain %.4f ms, probed %.4f ms, cost %+.2f %% (spread %.2f points), "
        "%.0f marks recorded\n",
        path.c_str(), joined(params).c_str(), medianOf(plain), medianOf(probed), medianOf(cost),
        *std::max_element(cost.begin(), cost.end()) - *std::min_element(cost.begin(), cost.end()),
        marks);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 5, repetitions = 30;
    std::string jsonPath, filePath;
    std::vector<std::string> fileParams;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--repetitions") && i + 1 < argc)
            repetitions = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--json") && i + 1 < argc)
            jsonPath = argv[++i];
        else if (!std::strcmp(argv[i], "--file") && i + 1 < argc)
            filePath = argv[++i];
        else if (std::strchr(argv[i], '='))
            fileParams.push_back(argv[i]);
        else {
            std::fprintf(stderr, "kernelfile_bench: unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        std::fprintf(stderr, "kernelfile_bench: %s\n", reason.c_str());
        return 1;
    }
    auto device = cachedDeviceInfo(0);
    if (!device) {
        std::fprintf(stderr, "kernelfile_bench: %s\n", device.error().c_str());
        return 1;
    }
    json out;
    out["device"] = device->name;
    RunOptions options;
    options.repetitions = repetitions;
    if (!filePath.empty()) return costOfFile(filePath, fileParams, rounds, options, *device);

    // A first run in this process (compile, JIT, buffers, launches), then the
    // same file again (compile from the cache), timed on the host.
    {
        auto file = kernelfile::bundledExample("vector_add");
        const auto t0 = std::chrono::steady_clock::now();
        auto first = kernelfile::runKernelFile(*file, {"n=65536"}, RunOptions{.repetitions = 5}, {},
                                               *device);
        const auto t1 = std::chrono::steady_clock::now();
        auto again = kernelfile::runKernelFile(*file, {"n=65536"}, RunOptions{.repetitions = 5}, {},
                                               *device);
        const auto t2 = std::chrono::steady_clock::now();
        if (!first || !again) {
            std::fprintf(stderr, "kernelfile_bench: %s\n",
                         (!first ? first : again).error().c_str());
            return 1;
        }
        const double firstMs = std::chrono::duration<double, std::milli>(t1 - t0).count();
        const double againMs = std::chrono::duration<double, std::milli>(t2 - t1).count();
        std::printf(
            "first run of vector_add n=65536 (compile %.1f ms included): %.1f ms; again, compile "
            "cached: %.1f ms\n\n",
            first->figures["compileMs"], firstMs, againMs);
        out["firstRun"] = {
            {"ms", firstMs}, {"compileMs", first->figures["compileMs"]}, {"againMs", againMs}};
    }

    for (const kernelfile::ProbeLevel level :
         {kernelfile::ProbeLevel::Blocks, kernelfile::ProbeLevel::Warps}) {
        const char* levelName = level == kernelfile::ProbeLevel::Warps ? "warps" : "blocks";
        kernelfile::KernelFileOptions fileOptions;
        fileOptions.probeLevel = level;
        std::printf("probes: %s\n%-20s %-26s %8s %10s %10s %9s %9s\n", levelName, "example",
                    "params", "blocks", "plain ms", "probed ms", "cost %", "spread %");
        for (const Case& c : kCases) {
            auto file = kernelfile::bundledExample(c.example);
            std::vector<double> plain, probed, cost;
            Shape shape;
            for (int r = 0; r < rounds; ++r) {
                auto run =
                    kernelfile::runKernelFile(*file, c.params, options, fileOptions, *device);
                if (!run) {
                    std::fprintf(stderr, "kernelfile_bench: %s %s: %s\n", c.example.c_str(),
                                 joined(c.params).c_str(), run.error().c_str());
                    return 1;
                }
                if (!run->verification.passed) {
                    std::fprintf(stderr, "kernelfile_bench: %s does not verify: %s\n",
                                 c.example.c_str(), run->verification.actual.c_str());
                    return 1;
                }
                plain.push_back(run->timing.kernelMs);
                probed.push_back(run->timing.recordedKernelMs);
                cost.push_back(run->timing.overheadPercent);
                shape = shapeOf(run->launches[0]);
            }
            const double spread = *std::max_element(cost.begin(), cost.end()) -
                                  *std::min_element(cost.begin(), cost.end());
            std::printf("%-20s %-26s %8llu %10.4f %10.4f %+9.2f %9.2f\n", c.example.c_str(),
                        joined(c.params).c_str(), (unsigned long long)shape.blocks, medianOf(plain),
                        medianOf(probed), medianOf(cost), spread);
            out["cost"].push_back({{"probes", levelName},
                                   {"example", c.example},
                                   {"params", joined(c.params)},
                                   {"blocks", shape.blocks},
                                   {"plainMs", medianOf(plain)},
                                   {"probedMs", medianOf(probed)},
                                   {"costPercent", medianOf(cost)},
                                   {"costSpreadPoints", spread}});
        }
        std::printf("\n");
    }

    // The same kernels in the built-in labs: the blocks, the SMs and the span.
    struct Pair {
        std::string example;
        std::vector<std::string> params;
        std::string experiment;
        ParamValues builtIn;
    };
    const std::vector<Pair> pairs = {
        {"vector_add",
         {"n=16777216"},
         "vector-add",
         {{"n", "16777216"}, {"launch", "grid-block"}, {"block", "256"}, {"traced_blocks", "0"}}},
        {"matmul_naive",
         {"n=1024"},
         "matmul",
         {{"variant", "seed-naive"}, {"n", "1024"}, {"block_dim", "16"}}},
        {"matmul_tiled",
         {"n=1024"},
         "matmul",
         {{"variant", "seed-tiled"}, {"n", "1024"}, {"block_dim", "16"}}},
    };
    std::printf("\n%-14s %-22s %8s %6s %10s   %-12s %8s %6s %10s %8s\n", "example", "params",
                "blocks", "SMs", "span us", "built-in", "blocks", "SMs", "span us", "span %");
    for (const Pair& p : pairs) {
        auto file = kernelfile::bundledExample(p.example);
        auto mine = kernelfile::runKernelFile(*file, p.params, options, {}, *device);
        const ExperimentSpec* spec = findExperiment(p.experiment);
        auto resolved = spec ? resolveParams(*spec, p.builtIn)
                             : Result<ParamValues>(makeError("no experiment"));
        if (!mine || !resolved) {
            std::fprintf(stderr, "kernelfile_bench: %s\n",
                         (!mine ? mine.error() : resolved.error()).c_str());
            return 1;
        }
        RunOptions builtInOptions = options;
        builtInOptions.timeCpu = false;
        auto theirs = runExperiment(*spec, *resolved, builtInOptions);
        if (!theirs) {
            std::fprintf(stderr, "kernelfile_bench: %s: %s\n", p.experiment.c_str(),
                         theirs.error().c_str());
            return 1;
        }
        // The built-in run's launch with every block recorded.
        const Launch* launch = nullptr;
        for (const Launch& l : theirs->launches)
            if (l.blocks.size() == l.grid.count() && l.grid.count() > 0) launch = &l;
        if (!launch) {
            std::fprintf(stderr, "kernelfile_bench: %s records no whole grid\n",
                         p.experiment.c_str());
            continue;
        }
        const Shape a = shapeOf(mine->launches[0]), b = shapeOf(*launch);
        const double spanPercent = b.spanUs > 0 ? (a.spanUs - b.spanUs) / b.spanUs * 100 : 0;
        std::printf("%-14s %-22s %8llu %6zu %10.1f   %-12s %8llu %6zu %10.1f %+8.1f\n",
                    p.example.c_str(), joined(p.params).c_str(), (unsigned long long)a.blocks,
                    a.sms, a.spanUs, p.experiment.c_str(), (unsigned long long)b.blocks, b.sms,
                    b.spanUs, spanPercent);
        out["timelines"].push_back({{"example", p.example},
                                    {"blocks", a.blocks},
                                    {"sms", a.sms},
                                    {"spanUs", a.spanUs},
                                    {"builtIn", p.experiment},
                                    {"builtInBlocks", b.blocks},
                                    {"builtInSms", b.sms},
                                    {"builtInSpanUs", b.spanUs},
                                    {"spanPercent", spanPercent}});
    }
    if (!jsonPath.empty()) std::ofstream(jsonPath) << out.dump(2) << "\n";
    return 0;
}
