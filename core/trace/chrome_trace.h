#pragma once
// Export to the Chrome Trace Event format (JSON), which Perfetto and
// chrome://tracing open. One process per launch; one thread (track) per
// (SM, residency slot), so blocks resident together on an SM never overlap.
#include <filesystem>
#include <string>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

std::string chromeTraceJson(const Run& run);
Status writeChromeTrace(const Run& run, const std::filesystem::path& path);

}  // namespace ws
