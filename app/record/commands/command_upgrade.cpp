// `upgrade`: trace files rewritten in the newest format, each only after its
// new bytes were read back to the very run the old ones held.
#include <algorithm>
#include <ostream>

#include "app/record/commands/record_commands.h"
#include "core/common/output_path.h"
#include "core/run/run.h"
#include "core/trace/trace_upgrade.h"

namespace ws::record {

int upgradeCommand(const std::vector<std::filesystem::path>& files, std::ostream& out,
                   std::ostream& err) {
    std::size_t failed = 0, repeated = 0;
    std::uintmax_t before = 0, after = 0;
    std::vector<std::filesystem::path> done;
    for (const auto& file : files) {
        // A file named twice (b.wstrace ./b.wstrace, a link to it) is upgraded
        // and counted once.
        if (std::any_of(done.begin(), done.end(),
                        [&](const std::filesystem::path& d) { return sameFile(d, file); })) {
            out << file.string() << ": named before, skipped\n";
            ++repeated;
            continue;
        }
        done.push_back(file);
        auto upgraded = upgradeTraceFile(file);
        if (!upgraded) {
            err << "warpscope-record: " << upgraded.error() << "\n";
            ++failed;
            continue;
        }
        before += upgraded->oldBytes;
        after += upgraded->newBytes;
        out << file.string() << ": ";
        if (!upgraded->rewritten) {
            out << "already format version " << kTraceFormatVersion << ", left as it was\n";
            continue;
        }
        out << "format version " << upgraded->fromVersion << ", " << upgraded->oldBytes
            << " bytes -> version " << kTraceFormatVersion << ", " << upgraded->newBytes
            << " bytes\n";
    }
    // The totals count the files that were read; the others are named above.
    const std::size_t distinct = files.size() - repeated;
    if (distinct > 1) {
        out << distinct - failed << " of " << distinct << " files: " << before << " bytes -> "
            << after << " bytes";
        if (failed) out << "; " << failed << " could not be upgraded";
        out << "\n";
    }
    return failed ? kFailed : kOk;
}

}  // namespace ws::record
