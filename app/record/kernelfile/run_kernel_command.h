#pragma once
// `warpscope-record run-kernel`: a kernel file of one's own compiled, probed,
// run, checked and written as a trace, or run under compute-sanitizer
// (docs/your-kernel.md).
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "app/record/commands/record_commands.h"

namespace ws::record {

struct KernelCommandFlags {
    bool checkOnly = false;  // parse, resolve and compile; run nothing
    double timeLimitSeconds = 10;
    bool warps = false;  // probe each warp, not only each block
    // A compute-sanitizer tool (memcheck, racecheck, initcheck, synccheck):
    // run the file under it instead and print its report; no trace is kept.
    std::string sanitizer;
};
// `run-kernel FILE.cu [name=value ...] -o RUN.wstrace`. Exit status 2 for a
// file that does not compile or describe itself, 3 for a launch that never
// ended, 1 for a failed check or a sanitizer's errors.
int runKernelCommand(const std::filesystem::path& file, const std::vector<std::string>& params,
                     const std::filesystem::path& output, const KernelCommandFlags& kernelFlags,
                     int repetitions, std::ostream& out, std::ostream& err, RecordFlags flags = {});

}  // namespace ws::record
