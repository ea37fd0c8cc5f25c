#pragma once
// Where the GPU locks live: one folder that every user's worker on this
// machine can write, so students' runs queue behind each other whoever
// started them. $WARPSCOPE_LOCK_DIR, else /run/warpscope (the package makes
// it at boot), else /tmp/warpscope-locks, made world-writable and sticky.
#include <filesystem>

#include "core/common/result.h"

namespace ws::record {

Result<std::filesystem::path> lockDirectory();

// Makes `dir` (one level) world-writable and sticky, like /tmp: everyone can
// add entries, only their owners can remove them. Existing folders are used
// as they are when they are writable.
Status ensureSharedFolder(const std::filesystem::path& dir);

}  // namespace ws::record
