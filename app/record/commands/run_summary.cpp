#include "app/record/commands/run_summary.h"

#include <cstdio>

#include "core/figures/overhead_text.h"

namespace ws::record {

std::string paramsText(const ParamValues& params) {
    std::string s;
    for (const auto& [name, value] : params) s += (s.empty() ? "" : " ") + name + "=" + value;
    return s;
}

std::string runSummaryLine(const Run& run) {
    char buffer[256];
    const auto& t = run.timing;
    // Traces recorded before the spread was kept say only "median".
    char spread[64] = "";
    if (!t.kernelSamplesMs.empty())
        std::snprintf(spread, sizeof spread, " ± %.1f %%", t.kernelCvPercent);
    // FLOP-bound experiments say GFLOP/s, those that move bytes GB/s; a run
    // that times neither (greetings, counters) has no rate to print.
    char rate[64] = "";
    if (t.flops > 0)
        std::snprintf(rate, sizeof rate, ", %.1f GFLOP/s", t.gflopPerS());
    else if (t.bytesMoved > 0)
        // Three significant digits below 1 GB/s: a 5-element add moves 60
        // bytes, which "0.0 GB/s" would hide.
        std::snprintf(rate, sizeof rate, t.gbPerS() < 1 ? ", %.3g GB/s" : ", %.1f GB/s",
                      t.gbPerS());
    std::snprintf(buffer, sizeof buffer, "%.4f ms%s (median%s of %d)%s, recording overhead ",
                  t.kernelMs, spread, spread[0] ? " ± CV" : "", t.repetitions, rate);
    std::string verdict = !run.verification.checked ? "not verified"
                          : run.verification.passed ? "verified against the CPU"
                                                    : "FAILED verification";
    return std::string(buffer) + recordingOverheadText(t) + ", " + verdict;
}

}  // namespace ws::record
