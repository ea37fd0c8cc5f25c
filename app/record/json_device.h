#pragma once
// DeviceInfo as JSON, for `device --json` and the worker's hello.
#include <nlohmann/json.hpp>

#include "core/run.h"

namespace ws::record {
nlohmann::json deviceToJson(const DeviceInfo& device);
}
