// `export-chrome`: a trace as Chrome Trace Event JSON for Perfetto.
#include <ostream>

#include "app/record/record_commands.h"
#include "core/chrome_trace.h"
#include "core/output_path.h"
#include "core/trace_io.h"

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
    return kOk;
}

}  // namespace ws::record
