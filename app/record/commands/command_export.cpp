// `export-chrome`: a trace as Chrome Trace Event JSON for Perfetto.
#include <ostream>

#include "app/record/commands/record_commands.h"
#include "core/common/output_path.h"
#include "core/trace/chrome_trace.h"
#include "core/trace/trace_io.h"

namespace ws::record {

int exportChromeCommand(const std::filesystem::path& file, const std::filesystem::path& output,
                        std::ostream& err) {
    if (Status writable = checkOutputPath(output, {file}); !writable) {
        err << "warpscope-record: " << writable.error() << "\n";
        return kUsage;
    }
    auto run = loadTrace(file);
    if (!run) {
        err << "warpscope-record: " << run.error() << "\n";
        return kUsage;
    }
    if (Status s = writeChromeTrace(*run, output); !s) {
        err << "warpscope-record: " << s.error() << "\n";
        return kFailed;
    }
    // Written all the same (a script may export a whole folder), but an empty
    // timeline in Perfetto is explained here.
    std::size_t blocks = 0;
    for (const Launch& l : run->launches) blocks += l.blocks.size();
    if (blocks == 0 && run->operations.size() == 0)
        err << "warpscope-record: note: " << quotedPath(file)
            << " holds no block records and no recorded operations (the run launched no "
               "kernel of warpscope's own: a vendor library, the CPU or copies), so the Chrome "
               "trace has no events\n";
    return kOk;
}

}  // namespace ws::record
