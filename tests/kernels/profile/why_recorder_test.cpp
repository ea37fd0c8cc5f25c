// A run with why: counters and stall samples of the timed kernel, on the GPU
// (skipped with the reason without one). Checked against what the kernels
// must do: the naive transpose reads its 64 MiB input from DRAM, the
// bank-probe at stride 32 conflicts and at stride 1 does not, every sample
// lands in the kernel that was timed, at an instruction of its listing.
#include "kernels/profile/why_recorder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <numeric>

#include "core/catalog/catalog.h"
#include "core/profile/occupancy_prediction.h"
#include "kernels/profile/cubin_store.h"
#include "kernels/profile/cubin_symbols.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/profile/resource_probe_kernel.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws {
namespace {

// Before main, so before any CUDA call, as warpscope-record does at its start.
[[maybe_unused]] const bool kPrepared = (profile::prepareWhyProfiling(), true);

Result<Run> runWithWhy(const std::string& id, const std::vector<std::string>& params) {
    const ExperimentSpec* spec = findExperiment(id);
    if (!spec) return makeError("no experiment " + id);
    auto resolved = resolveParams(*spec, params);
    if (!resolved) return makeError(resolved.error());
    RunOptions options;
    options.repetitions = 5;
    options.measureOverhead = false;
    options.timeCpu = false;
    options.why = WhyMode::Always;
    return runExperiment(*spec, *resolved, options);
}

double counter(const RunProfile& p, const std::string& metric) {
    for (const auto& c : p.counters)
        if (c.metric == metric) return c.value;
    ADD_FAILURE() << "no counter " << metric;
    return -1;
}

// Samples per reason name, all functions together, "not issued" variants left out.
std::map<std::string, std::uint64_t> samplesByReason(const RunProfile& p) {
    std::map<std::string, std::uint64_t> out;
    for (std::size_t i = 0; i < p.stalls.size(); ++i) {
        const std::string& name = p.stallReasons.at(p.stalls.reason[i]);
        if (name.ends_with("_not_issued")) continue;
        out[name] += p.stalls.samples[i];
    }
    return out;
}

void print(const RunProfile& p) {
    std::cout << "counters (" << p.counterPasses << " passes):\n";
    for (const auto& c : p.counters) std::cout << "  " << c.metric << " = " << c.value << "\n";
    std::vector<std::pair<std::uint64_t, std::string>> reasons;
    for (const auto& [name, n] : samplesByReason(p)) reasons.push_back({n, name});
    std::sort(reasons.rbegin(), reasons.rend());
    std::cout << "samples " << p.totalSamples << " (dropped " << p.droppedSamples << "), period 2^"
              << p.samplingPeriodLog2 << ", " << p.sampledLaunches << " launches, "
              << p.sampledKernelMs << " ms sampled vs " << p.unsampledKernelMs << " ms\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(5, reasons.size()); ++i)
        std::cout << "  " << reasons[i].second << " " << reasons[i].first << "\n";
    for (const auto& f : p.functions)
        std::cout << "  function " << f.displayName << " in " << f.sourceFile << ", "
                  << f.pcOffset.size() << " instructions\n";
    if (!p.stallsUnavailable.empty()) std::cout << "stalls: " << p.stallsUnavailable << "\n";
    if (!p.countersUnavailable.empty()) std::cout << "counters: " << p.countersUnavailable << "\n";
}

class WhyRecorder : public test::GpuTest {};

TEST_F(WhyRecorder, TheNaiveTransposeReadsItsInputAndWaitsOnMemory) {
    auto run = runWithWhy("transpose-f32", {"variant=naive", "width=4096", "height=4096"});
    ASSERT_TRUE(run.ok()) << run.error();
    const RunProfile& p = run->profile;
    print(p);
    EXPECT_TRUE(p.requested);
    ASSERT_TRUE(p.hasCounters()) << p.countersUnavailable;
    const double input = 4096.0 * 4096 * 4;
    EXPECT_GE(counter(p, "dram__bytes_read.sum"), 0.98 * input);
    EXPECT_LE(counter(p, "dram__bytes_read.sum"), 1.5 * input);
    // Writes reach DRAM as L2 evicts them: at the kernel's end up to the
    // L2's size may still be dirty in it (Nsight Compute counts 60 MB of the
    // 67 MB output on an H200); nothing else may be written back during it,
    // as the flush inside each pass leaves no dirty line of earlier work.
    const double l2 = double(run->device.l2CacheBytes);
    EXPECT_GE(counter(p, "dram__bytes_write.sum"), 0.98 * input - l2);
    EXPECT_LE(counter(p, "dram__bytes_write.sum"), 1.02 * input);
    EXPECT_EQ(counter(p, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 0);

    ASSERT_TRUE(p.hasStalls()) << p.stallsUnavailable;
    EXPECT_GT(p.totalSamples, 1000u);
    ASSERT_EQ(p.functions.size(), 1u);  // only the timed (plain) kernel ran while sampled
    const ProfiledFunction& f = p.functions[0];
    EXPECT_NE(f.displayName.find("transposeNaive"), std::string::npos) << f.displayName;
    EXPECT_EQ(f.sourceFile, "kernels/memory/memory_transpose_f32.cu");
    EXPECT_TRUE(p.sources.count(f.sourceFile));
    // Every sampled PC is an instruction of the listing, and most have a line.
    std::uint64_t onLines = 0, all = 0;
    for (std::size_t i = 0; i < p.stalls.size(); ++i) {
        const auto at = std::find(f.pcOffset.begin(), f.pcOffset.end(), p.stalls.pcOffset[i]);
        ASSERT_NE(at, f.pcOffset.end()) << "pc " << p.stalls.pcOffset[i];
        all += p.stalls.samples[i];
        if (f.line[std::size_t(at - f.pcOffset.begin())] > 0) onLines += p.stalls.samples[i];
    }
    EXPECT_GT(double(onLines), 0.9 * double(all));
    // Its registers came with it from the cubin, so the counters view can
    // set the occupancy calculator's ceiling beside the achieved occupancy,
    // which stays under it.
    EXPECT_GT(f.registersPerThread, 0u);
    const auto ceiling = predictedOccupancy(*run);
    ASSERT_TRUE(ceiling);
    std::cout << describeOccupancyPrediction(*ceiling) << ", achieved "
              << counter(p, kAchievedOccupancyMetric) << " %\n";
    EXPECT_LE(counter(p, kAchievedOccupancyMetric), ceiling->occupancy.occupancy * 100 + 1);
    EXPECT_GT(counter(p, kAchievedOccupancyMetric), 0);
    // A memory-bound kernel's warps wait on memory most of the time.
    const auto reasons = samplesByReason(p);
    const auto top = std::max_element(reasons.begin(), reasons.end(),
                                      [](auto& a, auto& b) { return a.second < b.second; });
    ASSERT_NE(top, reasons.end());
    EXPECT_TRUE(top->first.ends_with("long_scoreboard") || top->first.ends_with("lg_throttle"))
        << top->first;
}

// What the cubin says a kernel holds is what the runtime says: the test's
// own kernel, its cubin kept as the driver loaded it.
TEST_F(WhyRecorder, TheCubinsRegistersAndSharedMemoryAreTheRuntimes) {
    auto probe = test::launchProbeKernel();
    ASSERT_TRUE(probe.ok()) << probe.error();
    const auto cubin = profile::CubinStore::instance().cubinDefining(probe->mangledName);
    ASSERT_TRUE(cubin) << "no cubin kept for " << probe->mangledName;
    const auto found = profile::findFunctionResources(*cubin, probe->mangledName);
    ASSERT_TRUE(found) << probe->mangledName;
    std::cout << probe->mangledName << ": " << found->registersPerThread << " registers, "
              << found->staticSharedBytes << " bytes of static shared memory\n";
    EXPECT_EQ(int(found->registersPerThread), probe->registers);
    EXPECT_EQ(found->staticSharedBytes, probe->staticSharedBytes);
    EXPECT_EQ(found->staticSharedBytes, 32u * 33u * 4u);
}

TEST_F(WhyRecorder, BankConflictsAreCountedWhereTheStrideMakesThem) {
    auto conflicting = runWithWhy("bank-probe", {"stride=32", "width=4"});
    ASSERT_TRUE(conflicting.ok()) << conflicting.error();
    print(conflicting->profile);
    auto clean = runWithWhy("bank-probe", {"stride=1", "width=4"});
    ASSERT_TRUE(clean.ok()) << clean.error();
    ASSERT_TRUE(conflicting->profile.hasCounters()) << conflicting->profile.countersUnavailable;
    const std::string ld = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
    EXPECT_GT(counter(conflicting->profile, ld), 0);
    EXPECT_EQ(counter(clean->profile, ld), 0);
}

TEST_F(WhyRecorder, AReductionsSamplesAndTheirCost) {
    auto run =
        runWithWhy("reduce-ladder", {"variant=interleaved-divergent", "n=2^24", "type=float"});
    ASSERT_TRUE(run.ok()) << run.error();
    const RunProfile& p = run->profile;
    print(p);
    ASSERT_TRUE(p.hasStalls()) << p.stallsUnavailable;
    EXPECT_GT(p.sampledLaunches, 3);
    EXPECT_GT(p.unsampledKernelMs, 0);
    EXPECT_GT(p.sampledKernelMs, 0);
    // It writes a partial sum per block (256 KiB): DRAM sees little more,
    // not the earlier work's dirty lines (28 MB on an H200 when the L2 was
    // emptied before the profiler started instead of after).
    ASSERT_TRUE(p.hasCounters()) << p.countersUnavailable;
    EXPECT_LE(counter(p, "dram__bytes_write.sum"), 0.1 * 4.0 * (1 << 24));
    // Samples add up to the total the profile states (the samples placed in
    // the work's kernels: CUPTI's own count includes the cache flush's).
    std::uint64_t sum = 0;
    for (const auto& [name, n] : samplesByReason(p)) sum += n;
    EXPECT_EQ(sum, p.totalSamples);
}

TEST_F(WhyRecorder, ByDefaultAShortKernelIsProfiled) {
    const ExperimentSpec* spec = findExperiment("transpose-f32");
    ASSERT_NE(spec, nullptr);
    RunOptions options;
    options.repetitions = 3;
    options.timeCpu = false;
    options.why = WhyMode::WhenCheap;
    auto run = runExperiment(
        *spec, *resolveParams(*spec, std::vector<std::string>{"width=1024", "height=1024"}),
        options);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->profile.requested);
    EXPECT_TRUE(run->profile.hasCounters()) << run->profile.countersUnavailable;
    EXPECT_TRUE(run->profile.hasStalls()) << run->profile.stallsUnavailable;
}

TEST_F(WhyRecorder, ARunWithoutWhyHasNoProfile) {
    const ExperimentSpec* spec = findExperiment("transpose-f32");
    ASSERT_NE(spec, nullptr);
    RunOptions options;
    options.repetitions = 2;
    options.timeCpu = false;
    auto run = runExperiment(
        *spec, *resolveParams(*spec, std::vector<std::string>{"width=256", "height=256"}), options);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_FALSE(run->profile.requested);
    EXPECT_FALSE(run->profile.hasCounters());
    EXPECT_FALSE(run->profile.hasStalls());
}

}  // namespace
}  // namespace ws
