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
}  // namespace ws::record
