// `upgrade`: trace files rewritten in the newest format, each only after its
// new bytes were read back to the very run the old ones held.
#include <ostream>

#include "app/record/record_commands.h"
#include "core/run.h"
#include "core/trace_upgrade.h"

namespace ws::record {

int upgradeCommand(const std::vector<std::filesystem::path>& files, std::ostream& out,
                   std::ostream& err) {
    std::size_t failed = 0;
    std::uintmax_t before = 0, after = 0;
    for (const auto& file : files) {
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
    if (files.size() > 1) {
        out << files.size() - failed << " of " << files.size() << " files: " << before
            << " bytes -> " << after << " bytes";
        if (failed) out << "; " << failed << " could not be upgraded";
        out << "\n";
    }
    return failed ? kFailed : kOk;
}

}  // namespace ws::record
