// Argmin: the best variant against CUB and the best sum at 2^28 floats, in
// whole rounds so the ratios have a spread; the seed's CPU-against-GPU
// timing at 50,000 values and the size where the GPU starts to win; the CAS
// loops' attempts per thread.
#include <cmath>
#include <iostream>

#include "bench/gpu/bench_stats.h"
#include "bench/gpu_atomics/atomics_bench.h"
#include "core/catalog/catalog.h"
#include "kernels/atomics/argmin_input.h"
#include "kernels/common/launch_limits.h"
#include "kernels/reduction/reduction_runner.h"

namespace ws::bench {

namespace {

using ArgminInputRef = std::shared_ptr<atomics::ArgminInput>;

struct Timed {
    Spread spread;
    bool verified = false;
    std::string check;
    Run run;
};

AtomicsSettings argminParams(std::uint64_t n, const std::string& input, const std::string& variant,
                             std::uint32_t traced = 4) {
    auto p = atomicsSettings("argmin", {{"n", std::to_string(n)},
                                        {"input", input},
                                        {"variant", variant},
                                        {"traced_blocks", std::to_string(traced)}});
    return p ? *p : AtomicsSettings{};
}

Timed argmin(const ArgminInputRef& in, const std::string& variant, int reps, bool overhead,
             const DeviceInfo& device, int& failures) {
    Timed t;
    RunOptions o;
    o.repetitions = reps;
    o.measureOverhead = overhead;
    auto r = atomics::runArgmin(argminParams(in->n, in->input, variant), o, device, in.get());
    if (!r) {
        t.check = r.error();
        ++failures;
        std::cerr << "  " << variant << ": " << r.error() << "\n";
        return t;
    }
    t.run = r->run;
    t.verified = r->run.verification.passed;
    t.check = r->run.verification.actual + " (" + r->run.verification.note + ")";
    if (!t.verified) {
        ++failures;
        std::cerr << "  " << variant << " FAILED: " << t.check << "\n";
        return t;
    }
    t.spread = spreadOf(r->plainMs);
    return t;
}

nlohmann::json timedJson(const std::string& variant, const Timed& t, double bytes) {
    return {{"variant", variant},
            {"medianMs", t.spread.medianMs},
            {"minMs", t.spread.minMs},
            {"maxMs", t.spread.maxMs},
            {"stdevMs", t.spread.stdevMs},
            {"gbps", gigabytesPerSecond(bytes, t.spread.medianMs)},
            {"verified", t.verified},
            {"check", t.check},
            {"overheadPercent", t.run.timing.overheadPercent},
            {"figures", t.run.figures}};
}

// The best sum of the reduction lab on 2^k floats of its own input (the same
// size and type; a sum reads them as an argmin does).
Result<Timed> bestSum(const ReductionInput& input, int reps) {
    const ExperimentSpec* spec = findExperiment("reduce-ladder");
    auto params = resolveParams(
        *spec,
        std::vector<std::string>{"variant=best", "n=" + std::to_string(input.size()), "type=float",
                                 "block=256", "per_thread=32", "traced_blocks=0"});
    if (!params) return makeError(params.error());
    RunOptions o;
    o.repetitions = reps;
    o.measureOverhead = false;
    auto r = runReduction(*spec, *params, input, o);
    if (!r) return makeError(r.error());
    Timed t;
    t.run = r->run;
    t.verified = r->run.verification.passed;
    t.check = r->run.verification.actual;
    t.spread = spreadOf(r->plainMs);
    return t;
}

Result<ArgminInputRef> prepare(std::uint64_t n, const std::string& input) {
    RunOptions o;
    return atomics::prepareArgminInput(argminParams(n, input, "cub"), o);
}

nlohmann::json ratioSection(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    const std::uint64_t n = o.quick ? (1ull << 24) : (1ull << 28);
    std::cerr << "argmin at " << countText(n) << ": preparing ...\n";
    auto in = prepare(n, "blog");
    auto sumInput = ReductionInput::prepare(ElementKind::Float, n, 1);
    if (!in || !sumInput) {
        std::cerr << "argmin bench: " << (in ? sumInput.error() : in.error()) << "\n";
        ++failures;
        return {};
    }
    nlohmann::json rounds = nlohmann::json::array();
    std::vector<double> overCub, sumOverBest;
    Timed last[3];
    for (int r = 0; r < o.rounds; ++r) {
        last[0] = argmin(*in, "shuffle-atomicmin", o.repetitions, r == 0, device, failures);
        last[1] = argmin(*in, "cub", o.repetitions, false, device, failures);
        auto sum = bestSum(*sumInput, o.repetitions);
        if (!sum || !sum->verified) {
            std::cerr << "  best sum: " << (sum ? sum->check : sum.error()) << "\n";
            ++failures;
            return {};
        }
        last[2] = *sum;
        if (!last[0].verified || !last[1].verified) return {};
        overCub.push_back(last[1].spread.medianMs / last[0].spread.medianMs);
        sumOverBest.push_back(last[2].spread.medianMs / last[0].spread.medianMs);
        rounds.push_back({{"shuffleMs", last[0].spread.medianMs},
                          {"cubMs", last[1].spread.medianMs},
                          {"sumMs", last[2].spread.medianMs}});
        std::cerr << "  round " << r << ": shuffle " << fixed(last[0].spread.medianMs, 4)
                  << " ms, cub " << fixed(last[1].spread.medianMs, 4) << " ms, sum "
                  << fixed(last[2].spread.medianMs, 4) << " ms\n";
    }
    nlohmann::json rows = nlohmann::json::array();
    const double bytes = double(n) * 4;
    rows.push_back(timedJson("shuffle-atomicmin", last[0], bytes));
    rows.push_back(timedJson("cub", last[1], bytes));
    rows.push_back(timedJson("best sum (reduce-ladder)", last[2], bytes));
    for (const char* cas : {"cas-original", "cas-modified", "cas-modified-new"})
        rows.push_back(
            timedJson(cas, argmin(*in, cas, o.repetitions, false, device, failures), bytes));
    const Spread cub = spreadOf(overCub), sum = spreadOf(sumOverBest);
    std::cout << "\n## Argmin of " << countText(n) << " floats (the blog's values 0..10000), "
              << "median of " << o.repetitions << " runs per round, " << o.rounds << " rounds\n\n"
              << "| variant | median ms | min-max ms | GB/s | answer |\n|---|---|---|---|---|\n";
    for (const auto& r : rows)
        std::cout << "| " << r["variant"].get<std::string>() << " | " << fixed(r["medianMs"], 4)
                  << " | " << fixed(r["minMs"], 4) << "-" << fixed(r["maxMs"], 4) << " | "
                  << fixed(r["gbps"], 0) << " | " << (r["verified"].get<bool>() ? "" : "FAILED ")
                  << r["check"].get<std::string>() << " |\n";
    const bool cubGoal = cub.medianMs >= 1.0, sumGoal = sum.medianMs >= 0.95;
    std::cout << "\n- CUB ArgMin time / shuffle-atomicmin time: median " << fixed(cub.medianMs, 3)
              << " (rounds " << fixed(cub.minMs, 3) << "-" << fixed(cub.maxMs, 3)
              << "), goal >= 1.0: " << (cubGoal ? "met" : "MISSED")
              << "\n- best sum time / shuffle-atomicmin time: median " << fixed(sum.medianMs, 3)
              << " (rounds " << fixed(sum.minMs, 3) << "-" << fixed(sum.maxMs, 3)
              << "), goal >= 0.95 (within 5 %): " << (sumGoal ? "met" : "MISSED")
              << "\n- recording overhead of shuffle-atomicmin "
              << "(block records and one word per block): "
              << fixed(last[0].run.timing.overheadPercent, 2) << " %\n";
    failures += !cubGoal + !sumGoal;
    return {{"n", n},
            {"rows", rows},
            {"rounds", rounds},
            {"cubOverShuffle", {{"median", cub.medianMs}, {"min", cub.minMs}, {"max", cub.maxMs}}},
            {"sumOverShuffle", {{"median", sum.medianMs}, {"min", sum.minMs}, {"max", sum.maxMs}}},
            {"goalCub", cubGoal},
            {"goalSum", sumGoal}};
}

// The blog's table at 50,000 values and the sweep that finds where the GPU
// (timed as the blog timed it: word set, kernel, answer back) beats one core.
nlohmann::json blogSection(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    std::vector<std::uint64_t> sizes = {1 << 10, 1 << 12, 1 << 14, 50000,
                                        1 << 16, 1 << 18, 1 << 20};
    if (!o.quick) sizes.insert(sizes.end(), {1 << 22, 1 << 24});
    nlohmann::json sweep = nlohmann::json::array();
    std::cout << "\n## The seed's comparison: CPU loop against the GPU, the blog's values\n\n"
              << "| n | CPU 1 thread ms | CPU all cores ms | variant | kernel ms | GPU end to end "
                 "ms | index (CPU's) |\n|---|---|---|---|---|---|---|\n";
    struct Cross {
        std::string variant;
        double prevN = 0, prevRatio = 0, at = 0;
    };
    std::vector<Cross> crossings = {{"shuffle-atomicmin"}, {"cas-modified-new"}};
    for (std::uint64_t n : sizes) {
        auto in = prepare(n, "blog");
        if (!in) {
            ++failures;
            continue;
        }
        const bool blogSize = n == 50000;
        std::vector<std::string> variants = {"shuffle-atomicmin", "cas-modified-new"};
        if (blogSize)
            variants = {"cas-original", "cas-modified", "cas-modified-new", "shuffle-atomicmin",
                        "cub"};
        for (const auto& v : variants) {
            const Timed t = argmin(*in, v, o.repetitions, false, device, failures);
            if (!t.verified) continue;
            const double e2e = t.run.figures.at("gpuEndToEndMs");
            sweep.push_back({{"n", n},
                             {"variant", v},
                             {"cpuMs", (*in)->cpuMs},
                             {"cpuParallelMs", (*in)->cpuParallelMs},
                             {"cpuThreads", (*in)->cpuThreads},
                             {"kernelMs", t.spread.medianMs},
                             {"gpuEndToEndMs", e2e},
                             {"answer", t.run.verification.actual},
                             {"cpuIndex", (*in)->reference.index}});
            std::cout << "| " << n << " | " << fixed((*in)->cpuMs, 4) << " | "
                      << fixed((*in)->cpuParallelMs, 4) << " | " << v << " | "
                      << fixed(t.spread.medianMs, 4) << " | " << fixed(e2e, 4) << " | "
                      << t.run.verification.actual << " (" << (*in)->reference.index << ") |\n";
            for (Cross& c : crossings) {
                if (c.variant != v || c.at > 0) continue;
                const double ratio = std::log(e2e / (*in)->cpuMs);  // < 0: the GPU wins
                if (ratio < 0 && c.prevN > 0)
                    c.at = std::exp(std::log(c.prevN) + (std::log(double(n)) - std::log(c.prevN)) *
                                                            c.prevRatio / (c.prevRatio - ratio));
                else if (ratio < 0)
                    c.at = double(n);
                c.prevN = double(n);
                c.prevRatio = ratio;
            }
        }
    }
    nlohmann::json cross = nlohmann::json::object();
    std::cout << "\n";
    for (const Cross& c : crossings) {
        cross[c.variant] = c.at;
        std::cout << "- crossover, " << c.variant << " (GPU end to end) against one CPU core: "
                  << (c.at > 0 ? "about " + fixed(c.at, 0) + " floats" : "not within the sweep")
                  << "\n";
    }
    return {{"sweep", sweep}, {"crossoverElements", cross}};
}

nlohmann::json attemptsSection(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    nlohmann::json rows = nlohmann::json::array();
    std::cout << "\n## atomicCAS per thread (every thread of the grid)\n\n"
              << "| n | input | loop | mean | max | threads with a CAS | kernel ms | recording "
                 "overhead % |\n|---|---|---|---|---|---|---|---|\n";
    // Descending values make every warp's lanes fight (up to 32 rounds of CAS
    // each, all on one word): 2^18 of them are enough to see it and keep the
    // run short whatever one address's atomics cost.
    const std::uint64_t large = o.quick ? 1 << 20 : 1 << 24;
    for (std::uint64_t n : {std::uint64_t(50000), large})
        for (const char* input : {"blog", "distinct", "descending"}) {
            if (std::string(input) == "descending" && n == large) n = 1 << 18;
            auto in = prepare(n, input);
            if (!in) {
                ++failures;
                continue;
            }
            for (const char* loop : {"cas-original", "cas-modified", "cas-modified-new"}) {
                // The recording overhead where the records are a large share: small n.
                const Timed t = argmin(*in, loop, o.repetitions, n == 50000, device, failures);
                if (!t.verified) continue;
                const auto& f = t.run.figures;
                const double threads = double(t.run.launches[0].grid.count()) *
                                       double(t.run.launches[0].block.count());
                rows.push_back({{"n", n},
                                {"input", input},
                                {"loop", loop},
                                {"mean", f.at("casAttemptsMean")},
                                {"max", f.at("casAttemptsMax")},
                                {"threadsWithCas", f.at("casThreadsWithCas")},
                                {"threads", threads},
                                {"kernelMs", t.spread.medianMs},
                                {"overheadPercent", t.run.timing.overheadPercent}});
                std::cout << "| " << n << " | " << input << " | " << loop << " | "
                          << fixed(f.at("casAttemptsMean"), 4) << " | "
                          << fixed(f.at("casAttemptsMax"), 0) << " | "
                          << fixed(f.at("casThreadsWithCas"), 0) << " of " << fixed(threads, 0)
                          << " | " << fixed(t.spread.medianMs, 4) << " | "
                          << fixed(t.run.timing.overheadPercent, 1) << " |\n";
            }
        }
    return rows;
}

}  // namespace

nlohmann::json argminBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    return {{"ratio", ratioSection(o, device, failures)},
            {"blog", blogSection(o, device, failures)},
            {"attempts", attemptsSection(o, device, failures)}};
}

}  // namespace ws::bench
