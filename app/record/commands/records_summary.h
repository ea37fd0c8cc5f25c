#pragma once
// What `info` says about the records beside the blocks: the run's figures,
// the CUDA operations and host calls CUPTI recorded (by kind, with bytes and
// time), the clock alignment, device-launched grids by depth and mode, and the
// record tables; empty for runs that have none of them.
#include <nlohmann/json.hpp>
#include <string>

#include "core/run/run.h"

namespace ws::record {

std::string recordsSummary(const Run& run);
nlohmann::json recordsSummaryJson(const Run& run);

}  // namespace ws::record
