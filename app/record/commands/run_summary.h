#pragma once
// One-line and multi-line summaries of a Run, shared by run, sweep and info.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws::record {
std::string paramsText(const ParamValues& params);
std::string runSummaryLine(const Run& run);

// What `info` says of a run's profile (trace format version 4): its stall
// samples (total, dropped, functions, the three reasons that drew the most),
// its counters, or the sentences saying why either is missing. No lines for
// a run that asked for no profile and holds none; the JSON form is then null.
std::vector<std::string> profileSummaryLines(const RunProfile& profile);
nlohmann::json profileSummaryJson(const RunProfile& profile);

// The achieved occupancy the counters measured beside the occupancy
// calculator's ceiling (core/profile/occupancy_prediction.h): "  occupancy:
// achieved 46.8 %, at most 50 %: 4 blocks of 256 threads an SM, limited by
// registers per SM (...)"; nothing where either is missing. The JSON form
// (`info --json`'s `predictedCounters`) is every predicted counter.
std::vector<std::string> occupancySummaryLines(const Run& run);
nlohmann::json predictedCountersJson(const Run& run);
}  // namespace ws::record
