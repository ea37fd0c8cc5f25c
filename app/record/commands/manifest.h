#pragma once
// manifest.json beside a set of traces: what each file holds, so the GUI can
// offer recorded runs without opening every file.
#include <filesystem>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::record {

// Adds or replaces the entry for `file` (a name inside `dir`) in dir/manifest.json.
Status updateManifest(const std::filesystem::path& dir, const std::string& file, const Run& run);

// A folder that `sweep` and `record-lesson` fill: made if missing, and its
// manifest checked writable before the first run, so no measurement is lost.
Status prepareTraceFolder(const std::filesystem::path& dir);
// Writes `run` as dir/file and lists it in dir/manifest.json.
Status saveIntoFolder(const std::filesystem::path& dir, const std::string& file, const Run& run);

}  // namespace ws::record
