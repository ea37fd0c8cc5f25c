#pragma once
// What the interception writes as a traced program runs: one JSON line per
// module loaded and per launch, appended to DIR/launches.jsonl as each
// happens (so a program that fails or is killed leaves what it did so far),
// and each recorded launch's probe records in DIR/launch-N.records beside
// it. `warpscope-record trace` turns them into traces; the window lists the
// launches from the same lines.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/demangle.h"
#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::program {

inline constexpr const char* kLaunchLogFile = "launches.jsonl";

struct LoggedModule {
    int module = 0;
    std::string image;    // "fatbin", "cubin", "ptx"
    std::string ptxArch;  // "compute_90" where it had PTX
    std::vector<std::string> kernels;
    std::vector<std::string> probed;  // of `kernels`
    std::string whyNotProbed;
};

struct LoggedLaunch {
    std::uint64_t launch = 0;        // of the program's, from 1
    std::uint64_t kernelLaunch = 0;  // of this kernel's, from 1
    std::string kernel;              // mangled, "" where the kernel was loaded unseen
    int module = 0;
    Dim3 grid, block;
    std::uint32_t sharedBytes = 0;
    std::uint64_t stream = 0;  // the CUstream's value: 0 the legacy default stream
    int device = 0;
    bool probed = false;    // the probed build ran
    bool recorded = false;  // and its records are in `records`
    std::string records;    // "launch-N.records", beside the log
    double ms = 0;          // between events around the launch; 0 where not measured
    std::string whyNotProbed;
};

struct LaunchLog {
    std::vector<LoggedModule> modules;
    std::vector<LoggedLaunch> launches;
    std::vector<std::string> notes;  // lines the interception had to say ("no PTX ...")
    std::string cutShort;            // a last line cut short by the program's end, said
};

std::string moduleLine(const LoggedModule& module);
std::string launchLine(const LoggedLaunch& launch);
std::string noteLine(const std::string& note);

// The launches in the program's order (the log holds them in the order
// they finished). Errors name the line ("launches.jsonl line 4: 'grid' is
// not three numbers").
// A last line without its newline is dropped and said in `cutShort`.
Result<LaunchLog> parseLaunchLog(std::string_view text);

}  // namespace ws::program
