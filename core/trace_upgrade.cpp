#include "core/trace_upgrade.h"

#include "core/output_path.h"
#include "core/run_compare.h"
#include "core/trace_io.h"

namespace ws {

Result<TraceUpgrade> upgradeTraceFile(const std::filesystem::path& path) {
    const std::string name = quotedPath(path);
    std::error_code ec;
    const auto target =
        std::filesystem::is_symlink(path, ec) ? std::filesystem::canonical(path, ec) : path;
    if (ec) return makeError("cannot open " + name + ": " + ec.message());
    auto old = readTraceBytes(target);
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
    if (Status s = writeTraceBytes(bytes, target); !s) return makeError(s.error());
    result.rewritten = true;
    return result;
}

}  // namespace ws
