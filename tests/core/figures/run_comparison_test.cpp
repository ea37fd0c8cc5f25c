// compareRuns: the figures of two runs side by side, each ratio right over
// left, and the GPU's state in words that tell an old trace from a quiet GPU.
#include "core/figures/run_comparison.h"

#include <gtest/gtest.h>

#include <string>

namespace ws {
namespace {

const ComparedFigure& row(const std::vector<ComparedFigure>& rows, const std::string& name) {
    for (const auto& r : rows)
        if (r.name == name) return r;
    ADD_FAILURE() << "no row '" << name << "'";
    static const ComparedFigure none;
    return none;
}

Run timedRun(double kernelMs, double bytesMoved) {
    Run r;
    r.timing.kernelMs = kernelMs;
    r.timing.bytesMoved = bytesMoved;
    r.verification.checked = true;
    r.verification.passed = true;
    return r;
}

TEST(RunComparison, RatiosAreRightOverLeft) {
    const ws::Run fast = timedRun(0.0124, 2.0736e6 * 2);
    const ws::Run slow = timedRun(0.0255, 2.0736e6 * 2);
    const auto rows = compareRuns(fast, slow);
    EXPECT_EQ(row(rows, "kernel time").left, "0.0124 ms");
    EXPECT_EQ(row(rows, "kernel time").right, "0.0255 ms");
    EXPECT_EQ(row(rows, "kernel time").ratio, "2.06×");
    EXPECT_EQ(row(rows, "throughput").left, "334.5 GB/s");
    EXPECT_EQ(row(rows, "throughput").ratio, "0.49×");
    EXPECT_EQ(row(rows, "verified").right, "yes");
}

TEST(RunComparison, LargeCountsHaveTheirDigitsGrouped) {
    // "16436489" bank conflicts beside "130375909" read like a glitch.
    ws::Run a = timedRun(1.0, 1), b = timedRun(2.0, 1);
    a.timing.kernelCvPercent = 12345.96;  // rounded where it is printed
    const auto rows = compareRuns(a, b);
    EXPECT_EQ(row(rows, "spread (CV)").left, "12,346.0 %");
    ws::Run big = timedRun(1.0, 1e12);
    EXPECT_EQ(row(compareRuns(big, b), "throughput").left, "1,000,000.0 GB/s");
    // A ratio far below 1 keeps three significant digits, not "0.00×".
    ws::Run slow = timedRun(500.0, 1), fast = timedRun(1.0, 1);
    EXPECT_EQ(row(compareRuns(slow, fast), "kernel time").ratio, "0.002×");
}

TEST(RunComparison, ArithmeticRatesInGflopsOrTensorCoreTflops) {
    ws::Run a = timedRun(1.0, 1), b = timedRun(2.0, 1);
    a.timing.flops = b.timing.flops = 2.0 * 1024 * 1024 * 1024;  // 2 GFLOP
    auto rows = compareRuns(a, b);
    EXPECT_EQ(row(rows, "throughput").left, "2147.5 GFLOP/s");
    // 4096^3 in 0.18 ms: the tensor cores' rate, read in TFLOP/s on both sides.
    a.timing.flops = b.timing.flops = 2.0 * 4096 * 4096 * 4096;
    a.timing.kernelMs = 0.18;
    b.timing.kernelMs = 0.36;
    rows = compareRuns(a, b);
    EXPECT_EQ(row(rows, "throughput").left, "763.5 TFLOP/s");
    EXPECT_EQ(row(rows, "throughput").right, "381.8 TFLOP/s");
    EXPECT_EQ(row(rows, "throughput").ratio, "0.50×");
}

// Two loops that keep different ones of eight tied minima: the table says
// which index each found. Equal answers add no row.
TEST(RunComparison, DifferentAnswersAreShownSideBySide) {
    ws::Run modified = timedRun(0.058, 2e5), modifiedNew = timedRun(0.056, 2e5);
    modified.verification.actual = "(0, 3442)";
    modifiedNew.verification.actual = "(0, 1657)";
    const auto rows = compareRuns(modified, modifiedNew);
    EXPECT_EQ(row(rows, "GPU result").left, "(0, 3442)");
    EXPECT_EQ(row(rows, "GPU result").right, "(0, 1657)");
    modified.verification.actual = "(0, 1657)";
    for (const auto& r : compareRuns(modified, modifiedNew)) EXPECT_NE(r.name, "GPU result");
}

// The overhead row judges as the run panel does: within the launches'
// spread below zero is none measurable, not "-1.2 %".
TEST(RunComparison, OverheadIsJudgedAsInTheRunPanel) {
    ws::Run noisy = timedRun(0.0422, 1e6);
    noisy.timing.recordedKernelMs = 0.0417;
    noisy.timing.overheadPercent = -1.2;
    noisy.timing.kernelCvPercent = 1.3;
    noisy.timing.kernelSamplesMs = {0.042, 0.0425};
    ws::Run costly = noisy;
    costly.timing.overheadPercent = 36.1;
    const auto rows = compareRuns(noisy, costly);
    EXPECT_EQ(row(rows, "recording overhead").left, "none measurable");
    EXPECT_EQ(row(rows, "recording overhead").right, "+36.1 %");
}

TEST(RunComparison, AFigureARunLacksIsADashWithoutRatio) {
    const auto rows = compareRuns(timedRun(0.5, 1e6), ws::Run{});
    EXPECT_EQ(row(rows, "kernel time").right, "—");
    EXPECT_EQ(row(rows, "kernel time").ratio, "");
    EXPECT_EQ(row(rows, "waves").left, "—");  // no block records
    EXPECT_EQ(row(rows, "verified").right, "not checked");
}

TEST(RunComparison, GpuStateTellsAnOldTraceFromAQuietGpu) {
    ws::Run old = timedRun(1, 1e6);  // recorded before the GPU's state was
    ws::Run quiet = timedRun(1, 1e6);
    quiet.environment.queried = true;
    quiet.environment.smClockMHz = quiet.environment.maxSmClockMHz = 1980;
    ws::Run shared = quiet;
    shared.environment.otherPids = {4242};
    ws::Run unknown = timedRun(1, 1e6);
    unknown.environment.unavailableReason = "libnvidia-ml.so.1 not found";

    const auto rows = compareRuns(old, quiet);
    EXPECT_EQ(row(rows, "GPU state").left, "not recorded");
    EXPECT_EQ(row(rows, "GPU state").right, "not shared, not throttled");
    const auto more = compareRuns(shared, unknown);
    EXPECT_EQ(row(more, "GPU state").left, "shared GPU: timings may be disturbed");
    EXPECT_EQ(row(more, "GPU state").right, "GPU state unknown");
}

// What reads the same on both sides folds into one line, so that the rows
// left are what differs; the headline figures keep their rows even when
// equal, and a figure both runs lack is not "alike".
TEST(RunComparison, AlikeFiguresFoldIntoOneLine) {
    ws::Run a = timedRun(0.0422, 1e6), b = timedRun(0.0422, 2e6);
    a.environment.queried = b.environment.queried = true;
    const auto folded = foldAlikeFigures(compareRuns(a, b));
    std::vector<std::string> names;
    for (const auto& f : folded.rows) names.push_back(f.name);
    // Without block records or repetitions both sides read "—": that says
    // what the runs lack, and keeps its row.
    EXPECT_EQ(names, (std::vector<std::string>{"kernel time", "throughput", "spread (CV)", "waves",
                                               "blocks per SM"}));
    EXPECT_EQ(folded.alike,
              "recording overhead: not measured; verified: yes; GPU state: not shared, not "
              "throttled");

    b.verification.passed = false;
    const auto differing = foldAlikeFigures(compareRuns(a, b));
    EXPECT_EQ(row(differing.rows, "verified").right, "NO");
    EXPECT_EQ(differing.alike.find("verified"), std::string::npos);
}

}  // namespace
}  // namespace ws
