#include "app/record/run_summary.h"

#include <cstdio>

namespace ws::record {

std::string paramsText(const ParamValues& params) {
    std::string s;
    for (const auto& [name, value] : params) s += (s.empty() ? "" : " ") + name + "=" + value;
    return s;
}

std::string runSummaryLine(const Run& run) {
    char buffer[256];
    const auto& t = run.timing;
    std::snprintf(buffer, sizeof buffer, "%.4f ms, %.1f GB/s, recording overhead %+.2f %%",
                  t.kernelMs, t.gbPerS(), t.overheadPercent);
    std::string verdict = !run.verification.checked ? "not verified"
                          : run.verification.passed ? "verified against the CPU"
                                                    : "FAILED verification";
    return std::string(buffer) + ", " + verdict;
}

}  // namespace ws::record
