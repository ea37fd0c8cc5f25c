#pragma once
// The interception's one state in the traced program: its settings (from
// the environment warpscope-record trace sets), the book of modules, kernels
// and launches, and the log, behind one lock (a program may load and launch
// from several threads).
#include <cstdint>
#include <deque>
#include <mutex>
#include <regex>
#include <string>

#include "core/program/launch_book.h"

namespace ws::program {

struct InterceptSettings {
    // WARPSCOPE_TRACE_DIR set, in the process trace started (its pid is
    // WARPSCOPE_TRACE_PID): a child it starts runs untraced rather than
    // writing over its launches.
    bool active = false;
    std::string directory;  // WARPSCOPE_TRACE_DIR
    std::string kernels;    // WARPSCOPE_TRACE_KERNELS: a regex of mangled or plain names
    std::uint64_t recordedPerKernel = 10;  // WARPSCOPE_TRACE_LAUNCHES
    bool probe = true;     // WARPSCOPE_TRACE_PROBES=0: times only, the modules as built
    bool verbose = false;  // WARPSCOPE_TRACE_VERBOSE=1: each call said on stderr
    bool timeline = true;  // WARPSCOPE_TRACE_TIMELINE=0: no CUPTI timeline
};

struct InterceptState {
    InterceptSettings settings;
    std::mutex lock;
    LaunchBook book{10};
    std::deque<std::string> loadedImages;  // the probed PTX the driver may read later
    bool kernelsFilterValid = true;
    std::regex kernelsFilter;
    int nextModule = 1;
};

// Made on first use from the environment.
InterceptState& interceptState();

// Appends whole lines to DIR/`file` (one write, so lines of threads do not
// interleave).
void appendTo(const char* file, const std::string& lines);

// Appends one line to DIR/launches.jsonl.
void appendLog(const std::string& line);

// Probes nothing loaded from now on, and says why in the log.
void disableProbes(const std::string& why);

// On stderr when WARPSCOPE_TRACE_VERBOSE is set.
void sayVerbose(const std::string& text);

}  // namespace ws::program
