#include "core/trace/trace_upgrade.h"

#include "core/common/output_path.h"
#include "core/trace/run_compare.h"
#include "core/trace/trace_io.h"

namespace ws {

Result<TraceUpgrade> upgradeTraceFile(const std::filesystem::path& path) {
    const std::string name = quotedPath(path);
    // Read through a link as any file is; writeTraceBytes saves to its target.
    auto old = readTraceBytes(path);
    if (!old) return makeError(old.error());
    auto run = decodeTrace(*old);
    if (!run) return makeError(name + ": " + run.error());
    const std::vector<std::uint8_t> bytes = encodeTrace(*run);
    auto again = decodeTrace(bytes);
    if (!again)
        return makeError("not upgrading " + name +
                         ": the re-encoded trace does not load: " + again.error());
    const auto differences = runDifferences(*run, *again, 3);
    if (!differences.empty()) {
        std::string list;
        for (const auto& d : differences) list += (list.empty() ? "" : "; ") + d;
        return makeError("not upgrading " + name +
                         ": the re-encoded trace would not hold the same values (first: as read, "
                         "second: re-encoded): " +
                         list);
    }
    TraceUpgrade result{run->formatVersion, old->size(), bytes.size(), false};
    if (bytes == *old) return result;
    if (Status s = writeTraceBytes(bytes, path); !s) return makeError(s.error());
    result.rewritten = true;
    return result;
}

}  // namespace ws
