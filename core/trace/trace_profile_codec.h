#pragma once
// A run's profile in the trace file (format version 4; docs/trace-format.md,
// "profile"): one map under the top-level key `profile`, read back with every
// value checked, and held to its own rules of lengths and indices.
#include <nlohmann/json.hpp>

#include "core/common/result.h"
#include "core/run/run_profile.h"

namespace ws {

// Files of earlier versions have no profile.
inline constexpr int kFirstVersionWithProfile = 4;

// False for a profile that was not asked for and holds nothing: such a run
// writes no `profile` key, as the files of earlier versions do.
bool profileWorthWriting(const RunProfile& profile);

nlohmann::json profileToJson(const RunProfile& profile);

// Reads the `profile` map of a file of format `version` (4 or later). A wrong
// type or an integer out of range throws trace_reading::DecodeFailure naming
// the place (core/trace/trace_map_reader.h), as every reader of the file does.
RunProfile readProfile(const nlohmann::json& value, int version);

// What validateRun asks of a profile: arrays of one record as long as each
// other, indices below what they index, counters finite and not negative.
Status checkProfile(const RunProfile& profile);

}  // namespace ws
