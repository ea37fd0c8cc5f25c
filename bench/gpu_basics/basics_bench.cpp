// basics_bench [--json FILE] [--quick]: the first-kernels lab's figures.
//  - host-device bandwidth, 1 KiB to 1 GiB (--quick: to 256 MiB), pinned and
//    pageable, with the goals: pinned HtoD and DtoH >= 50 GB/s at 1 GiB, DtoD
//    >= 0.95x the copy kernel;
//  - set0 on 2^28 elements, __mul24 against a plain multiply, interleaved;
//  - CPU against GPU: vector add's sweep of sizes, and reduce-ladder best at
//    2^10 to 2^26 elements, with the crossovers with and without the copies.
// Every timed result is verified against the CPU by the launcher first.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/basics/transfer_points.h"
#include "core/catalog/catalog.h"
#include "core/timing/crossover.h"
#include "kernels/basics/basics_experiments.h"
#include "kernels/runner/experiment_runner.h"

namespace {

ws::Result<ws::Run> run(const std::string& id, const std::vector<std::string>& assignments,
                        int repetitions) {
    auto params = ws::resolveParams(*ws::findExperiment(id), assignments);
    if (!params) return ws::makeError(params.error());
    ws::RunOptions o;
    o.repetitions = repetitions;
    o.measureOverhead = false;
    return ws::runExperiment(*ws::findExperiment(id), *params, o);
}

double figure(const ws::Run& r, const char* name) {
    const auto it = r.figures.find(name);
    return it == r.figures.end() ? 0 : it->second;
}

void crossoverRows(const std::string& what, const std::vector<ws::CostPoint>& points,
                   nlohmann::json& out) {
    std::printf(
        "\n| %s | n | CPU 1 thread ms | CPU all cores ms | GPU kernel ms | GPU + copies ms |\n"
        "|---|---:|---:|---:|---:|---:|\n",
        what.c_str());
    for (const auto& p : points) {
        std::printf("| | %.0f | %.4f | %.4f | %.4f | %.4f |\n", p.n, p.cpuMs, p.cpuParallelMs,
                    p.kernelMs, p.gpuWithTransfersMs());
        out[what]["points"].push_back({{"n", p.n},
                                       {"cpuMs", p.cpuMs},
                                       {"cpuParallelMs", p.cpuParallelMs},
                                       {"cpuThreads", p.cpuThreads},
                                       {"kernelMs", p.kernelMs},
                                       {"transferMs", p.transferMs}});
    }
    for (auto [g, c, name] :
         {std::tuple{ws::GpuCost::Kernel, ws::CpuCost::OneThread, "kernel vs 1 thread"},
          std::tuple{ws::GpuCost::Kernel, ws::CpuCost::AllCores, "kernel vs all cores"},
          std::tuple{ws::GpuCost::WithTransfers, ws::CpuCost::OneThread, "with copies vs 1 thread"},
          std::tuple{ws::GpuCost::WithTransfers, ws::CpuCost::AllCores,
                     "with copies vs all cores"}}) {
        const ws::Crossover x = ws::findCrossover(points, g, c);
        std::printf("crossover %s, %s: %s\n", what.c_str(), name, x.text().c_str());
        out[what]["crossover"][name] = {{"text", x.text()}, {"n", x.n}};
    }
}

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
            std::cerr << "usage: basics_bench [--json FILE] [--quick]\n";
            return 2;
        }
    }
    if (auto reason = ws::cudaUnavailableReason(); !reason.empty()) {
        std::cerr << "basics_bench: no CUDA device: " << reason << "\n";
        return 1;
    }
    nlohmann::json out;
    int failures = 0;
    auto fail = [&](const std::string& what, const std::string& why) {
        std::cerr << "basics_bench: " << what << ": " << why << "\n";
        ++failures;
    };

    // Bandwidth.
    auto bw = run("host-device-bandwidth", {quick ? "max_bytes=2^28" : "max_bytes=2^30"}, 20);
    if (!bw) {
        fail("bandwidth", bw.error());
    } else {
        if (!bw->verification.passed) fail("bandwidth", bw->verification.actual);
        auto points = ws::readTransfers(*bw);
        std::printf(
            "## Host-device bandwidth (%s)\n\n| series | bytes | median ms | min ms | max ms | "
            "GB/s |\n"
            "|---|---:|---:|---:|---:|---:|\n",
            bw->device.name.c_str());
        for (const auto& p : *points) {
            std::printf("| %s | %llu | %.4f | %.4f | %.4f | %.2f |\n",
                        ws::seriesName(p.direction, p.host).c_str(), (unsigned long long)p.bytes,
                        p.medianMs, p.minMs, p.maxMs, p.gbPerS());
            out["bandwidth"]["points"].push_back({{"series", ws::seriesName(p.direction, p.host)},
                                                  {"bytes", p.bytes},
                                                  {"medianMs", p.medianMs},
                                                  {"minMs", p.minMs},
                                                  {"maxMs", p.maxMs},
                                                  {"GBps", p.gbPerS()}});
        }
        out["bandwidth"]["figures"] = bw->figures;
        const bool full = !quick;
        const double htod = figure(*bw, "htodPinnedGBs"), dtoh = figure(*bw, "dtohPinnedGBs"),
                     ratio = figure(*bw, "dtodToCopyKernel");
        std::printf("\ngoal pinned HtoD at the largest size >= 50 GB/s: %.1f %s\n", htod,
                    !full        ? "(quick: not at 1 GiB)"
                    : htod >= 50 ? "met"
                                 : "NOT MET");
        std::printf("goal pinned DtoH at the largest size >= 50 GB/s: %.1f %s\n", dtoh,
                    !full        ? "(quick: not at 1 GiB)"
                    : dtoh >= 50 ? "met"
                                 : "NOT MET");
        std::printf("goal DtoD >= 0.95x the copy kernel: %.3fx %s\n", ratio,
                    ratio >= 0.95 ? "met" : "NOT MET");
        std::printf("latency floor: pinned HtoD fit %.1f us, smallest copy %.1f us\n",
                    figure(*bw, "htodPinnedLatencyUs"), figure(*bw, "htodPinnedSmallestUs"));
    }

    // set0.
    auto set0 = run("set0-mul24", {"n=2^28"}, 30);
    if (!set0) {
        fail("set0", set0.error());
    } else {
        if (!set0->verification.passed) fail("set0", set0->verification.note);
        std::printf(
            "\n## set0 on 2^28 elements, 30 interleaved launches each\n\n"
            "| version | median ms | min ms | max ms | cv %% |\n|---|---:|---:|---:|---:|\n");
        for (const char* v : {"mul24", "multiply"}) {
            const std::string k = v;
            std::printf("| %s | %.4f | %.4f | %.4f | %.2f |\n", v,
                        figure(*set0, (k + "Ms").c_str()), figure(*set0, (k + "MinMs").c_str()),
                        figure(*set0, (k + "MaxMs").c_str()),
                        figure(*set0, (k + "CvPercent").c_str()));
        }
        std::printf("multiply / __mul24: %.4f\n", figure(*set0, "multiplyToMul24"));
        out["set0"] = set0->figures;
        out["set0"]["sassNote"] = set0->texts.count("sass.note") ? set0->texts.at("sass.note") : "";
    }

    // CPU against GPU.
    auto va = run("vector-add", {"n=2^20", "launch=grid-block", "crossover_sweep=on"}, 10);
    if (!va)
        fail("vector-add crossover", va.error());
    else
        crossoverRows("vector add", *ws::readCrossover(*va), out);
    std::vector<ws::CostPoint> reduce;
    for (int k = 10; k <= (quick ? 24 : 26); k += 2) {
        auto r =
            run("reduce-ladder", {"variant=best", "type=float", "n=2^" + std::to_string(k)}, 10);
        if (!r) {
            fail("reduce-ladder", r.error());
            continue;
        }
        if (!r->verification.passed) fail("reduce-ladder", r->verification.note);
        reduce.push_back(ws::costPointOf(*r));
    }
    crossoverRows("reduction (best, float)", reduce, out);

    if (!jsonPath.empty()) {
        std::ofstream f(jsonPath);
        f << out.dump(1) << "\n";
    }
    return failures == 0 ? 0 : 1;
}
