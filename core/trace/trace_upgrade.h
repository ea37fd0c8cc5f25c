#pragma once
// Re-encoding a trace file in the newest format, for `warpscope-record
// upgrade`: smaller files for traces recorded by older builds, with proof
// that nothing recorded was lost on the way.
#include <cstdint>
#include <filesystem>

#include "core/common/result.h"

namespace ws {

struct TraceUpgrade {
    int fromVersion = 0;
    std::uintmax_t oldBytes = 0;
    std::uintmax_t newBytes = 0;
    bool rewritten = false;  // false: the file already held exactly these bytes
};

// Reads the trace at `path`, encodes its run in the newest format, decodes
// those bytes again and compares that run with the one read, field by field
// (runDifferences). Only when they are the same is the file replaced: written
// to a temporary file in its folder and renamed over it. A symbolic link is
// followed, so the file it points to is the one replaced. On any error the
// file is left as it was, and the message names it.
Result<TraceUpgrade> upgradeTraceFile(const std::filesystem::path& path);

}  // namespace ws
