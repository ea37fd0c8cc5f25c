#pragma once
// `warpscope-record trace -o DIR [--kernels REGEX] [--launches N] -- PROGRAM ARGS`:
// an unmodified CUDA program run with the interception loaded
// (kernels/program), its output and exit status its own, and each recorded
// launch written as DIR/launch-N.wstrace beside the log of every launch, and
// the whole program's timeline as DIR/timeline.wstrace (docs/your-kernel.md,
// "A whole program").
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::record {

struct TraceFlags {
    std::filesystem::path output;
    std::string kernels;                   // a regex of the kernels to probe; all where empty
    std::uint64_t launchesPerKernel = 10;  // recorded launches of each kernel; the rest timed
    bool probes = true;                    // false: times only, the modules as built
    bool timeline = true;                  // CUPTI's timeline of the whole program
    std::string directory;                 // where the program runs; here where empty
    std::string tool;  // what the traces say recorded them ("warpscope-record 0.1.0")
    // The program's stdout on stderr (record-lesson's stdout is its list).
    bool outputToStderr = false;
};

// The program's exit status (128 + the signal where one ended it), or 2
// where it could not be traced at all (no PTX, a bad --kernels, no
// interception library), before it ran.
int traceCommand(const std::vector<std::string>& command, const TraceFlags& flags,
                 std::ostream& err);

// A traced launch's program run again under trace (record-lesson), in the
// folder it ran in, with its words, every launch recorded; the launch of
// the same number read back, checked to be of the same kernel.
Result<Run> retraceLaunch(const Run& traced, const std::string& tool, std::ostream& err);

}  // namespace ws::record
