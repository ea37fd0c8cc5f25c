#pragma once
// One-line and multi-line summaries of a Run, shared by run, sweep and info.
#include <string>

#include "core/run/run.h"

namespace ws::record {
std::string paramsText(const ParamValues& params);
std::string runSummaryLine(const Run& run);
}  // namespace ws::record
