// Every bundled trace of the atomics lab held against the CPU side: the
// work queue's items never overlap more than the slots allow (the run's
// makespan is at least the ideal) and the schedule figures follow from the
// items; argmin's answer is the CPU's where it must be, and its histogram
// counts every thread of the grid once; contention's curve checks out.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <numeric>

#include "core/atomics/cas_records.h"
#include "core/atomics/contention_model.h"
#include "core/atomics/work_queue_records.h"
#include "core/trace/trace_io.h"

namespace ws {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> atomicsTraces() {
    std::vector<fs::path> out;
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    if (!src) return out;
    for (const auto& e : fs::directory_iterator(fs::path(src) / "resources" / "traces")) {
        const std::string name = e.path().filename().string();
        if (e.path().extension() == ".wstrace" &&
            (name.starts_with("work-queue__") || name.starts_with("argmin__") ||
             name.starts_with("atomic-contention__")))
            out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

void checkQueue(const Run& run) {
    const int li = queueLaunchIndex(run);
    ASSERT_GE(li, 0);
    auto items = readQueueItems(run.launches[std::size_t(li)], li);
    ASSERT_TRUE(items.ok()) << items.error();
    EXPECT_EQ(items->size(), std::size_t(std::stoul(run.params.at("items"))));
    const auto slots = std::uint32_t(run.figures.at("slots"));
    const QueueAnalysis a = analyzeQueue(run.launches[std::size_t(li)], *items, slots);
    EXPECT_GE(a.makespanNs, a.idealNs * 0.999) << "more items ran at once than there are slots";
    EXPECT_GE(a.imbalance, 1.0);
    EXPECT_NEAR(run.figures.at("imbalance"), a.imbalance, 1e-9);
    EXPECT_NEAR(run.figures.at("tailNs"), a.tailNs, 1e-6);
}

void checkArgmin(const Run& run) {
    const std::string variant = run.params.at("variant");
    if (variant != "cas-original" && variant != "cas-modified") {
        ASSERT_TRUE(run.figures.count("cpuIndex"));
        EXPECT_NE(run.verification.actual.find(
                      ", " + std::to_string(std::uint64_t(run.figures.at("cpuIndex"))) + ")"),
                  std::string::npos)
            << run.verification.actual;
    }
    if (variant.starts_with("cas-")) {
        auto cas = readCasRecords(run.launches[0], 0);
        ASSERT_TRUE(cas.ok()) << cas.error();
        const std::uint64_t threads = run.launches[0].grid.count() * run.launches[0].block.count();
        EXPECT_EQ(std::accumulate(cas->histogram.begin(), cas->histogram.end(), std::uint64_t(0)),
                  threads);
        EXPECT_LE(casStatistics(cas->histogram).threadsWithCas, threads);
    }
}

void checkContention(const Run& run) {
    auto curve = readContentionCurve(run);
    ASSERT_TRUE(curve.ok()) << curve.error();
    ASSERT_FALSE(curve->empty());
    EXPECT_EQ(curve->back().threads, std::stoul(run.params.at("threads")));
    EXPECT_EQ(curve->front().threads, 32u);
}

TEST(AtomicsBundledTraces, HoldAgainstTheCpuSide) {
    const auto files = atomicsTraces();
    if (files.empty())
        GTEST_SKIP() << "no atomics traces in resources/traces yet: "
                        "scripts/record-bundled-traces.sh records them on a GPU";
    for (const auto& file : files) {
        SCOPED_TRACE(file.filename().string());
        auto run = loadTrace(file);
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_TRUE(run->verification.passed) << run->verification.note;
        if (run->experiment == "work-queue") checkQueue(*run);
        if (run->experiment == "argmin") checkArgmin(*run);
        if (run->experiment == "atomic-contention") checkContention(*run);
    }
}

}  // namespace
}  // namespace ws
