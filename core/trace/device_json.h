#pragma once
// DeviceInfo as JSON, exactly as the trace file stores it (docs/trace-format.md):
// the recorder's `device --json`, its `info --json` and the worker's hello use
// the same object.
#include <nlohmann/json.hpp>

#include "core/run/run.h"

namespace ws {
nlohmann::json deviceToJson(const DeviceInfo& device);
}
