// `trace`: an unmodified CUDA program run with the interception loaded, its
// launches written as traces (docs/your-kernel.md, "A whole program").
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <regex>

#include "app/record/program/intercept_library.h"
#include "app/record/program/trace_command.h"
#include "app/record/program/traced_launches.h"
#include "core/program/launch_log.h"
#include "core/program/launch_run.h"
#include "core/program/timeline_run.h"
#include "core/trace/trace_io.h"
#include "kernels/concurrency/cupti_activity.h"
#include "kernels/device/device_query.h"

namespace ws::record {

namespace {

constexpr int kCannotTrace = 2;

// Removes what an earlier trace left in the folder (its own files only).
void clearEarlierTrace(const std::filesystem::path& folder) {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        const std::string name = entry.path().filename().string();
        const bool ours = name == program::kLaunchLogFile || name == program::kTimelineLogFile ||
                          name == program::kTimelineTraceFile ||
                          (name.rfind("launch-", 0) == 0 &&
                           (name.ends_with(".records") || name.ends_with(".wstrace")));
        if (ours) std::filesystem::remove(entry.path(), error);
    }
}

}  // namespace

int traceCommand(const std::vector<std::string>& command, const TraceFlags& flags,
                 std::ostream& err) {
    if (command.empty()) {
        err << "warpscope-record trace: give the program after --, as in "
               "trace -o DIR -- ./program args\n";
        return kCannotTrace;
    }
    try {
        (void)std::regex(flags.kernels);
    } catch (const std::regex_error& e) {
        err << "warpscope-record trace: --kernels '" << flags.kernels
            << "' is not a regular expression: " << e.what() << "\n";
        return kCannotTrace;
    }
    auto program = programOf(command[0]);
    if (!program) {
        err << "warpscope-record trace: " << program.error() << "\n";
        return kCannotTrace;
    }
    if (auto why = whyNotTraceable(*program)) {
        err << "warpscope-record trace: " << *why << "\n";
        return kCannotTrace;
    }
    auto library = interceptLibrary();
    if (!library) {
        err << "warpscope-record trace: " << library.error() << "\n";
        return kCannotTrace;
    }
    std::error_code error;
    std::filesystem::create_directories(flags.output, error);
    const std::filesystem::path folder = std::filesystem::absolute(flags.output, error);
    if (!std::filesystem::is_directory(folder)) {
        err << "warpscope-record trace: cannot make the folder " << flags.output.string() << "\n";
        return kCannotTrace;
    }
    clearEarlierTrace(folder);
    if (const char* other = std::getenv("CUDA_INJECTION64_PATH");
        flags.timeline && other && *other && library->string() != other)
        err << "warpscope-record trace: no timeline: CUDA_INJECTION64_PATH already names " << other
            << ", which the driver starts instead\n";

    const pid_t child = ::fork();
    if (child < 0) {
        err << "warpscope-record trace: cannot start " << command[0] << ": " << std::strerror(errno)
            << "\n";
        return kCannotTrace;
    }
    if (child == 0) {
        std::string preload = library->string();
        if (const char* earlier = std::getenv("LD_PRELOAD"); earlier && *earlier)
            preload += std::string(":") + earlier;
        ::setenv("LD_PRELOAD", preload.c_str(), 1);
        ::setenv("WARPSCOPE_TRACE_DIR", folder.c_str(), 1);
        ::setenv("WARPSCOPE_TRACE_KERNELS", flags.kernels.c_str(), 1);
        ::setenv("WARPSCOPE_TRACE_LAUNCHES", std::to_string(flags.launchesPerKernel).c_str(), 1);
        ::setenv("WARPSCOPE_TRACE_PROBES", flags.probes ? "1" : "0", 1);
        ::setenv("WARPSCOPE_TRACE_PID", std::to_string(::getpid()).c_str(), 1);
        // The driver calls the same library as cuInit runs, where CUPTI is
        // started; a program run with another injected tool keeps that one.
        ::setenv("WARPSCOPE_TRACE_TIMELINE", flags.timeline ? "1" : "0", 1);
        if (flags.timeline) {
            ::setenv("WARPSCOPE_TRACE_CUPTI", cupti::libraryPath().c_str(), 1);
            ::setenv("CUDA_INJECTION64_PATH", library->c_str(), 0);
        }
        if (!flags.directory.empty() && ::chdir(flags.directory.c_str()) != 0) {
            std::fprintf(stderr, "warpscope-record trace: cannot enter %s: %s\n",
                         flags.directory.c_str(), std::strerror(errno));
            std::_Exit(127);
        }
        if (flags.outputToStderr) ::dup2(2, 1);
        std::vector<char*> argv;
        for (const std::string& word : command) argv.push_back(const_cast<char*>(word.c_str()));
        argv.push_back(nullptr);
        ::execv(program->c_str(), argv.data());
        std::fprintf(stderr, "warpscope-record trace: cannot run %s: %s\n", command[0].c_str(),
                     std::strerror(errno));
        std::_Exit(127);
    }
    // Ctrl-C ends the program (it gets the signal too); the trace of what it
    // did so far is still written.
    struct sigaction ignore {
    }, oldInt{}, oldTerm{};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGINT, &ignore, &oldInt);
    ::sigaction(SIGTERM, &ignore, &oldTerm);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    ::sigaction(SIGINT, &oldInt, nullptr);
    ::sigaction(SIGTERM, &oldTerm, nullptr);
    int exitStatus = 0;
    if (WIFEXITED(status)) {
        exitStatus = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        exitStatus = 128 + WTERMSIG(status);
        err << "warpscope-record trace: " << command[0] << " was ended by signal "
            << WTERMSIG(status) << " (" << strsignal(WTERMSIG(status))
            << "); what it recorded so far is kept\n";
    }

    std::error_code here;
    const program::TracedCommand traced{command, std::filesystem::current_path(here).string()};
    auto summary = writeTracedLaunches(folder, traced, flags.tool,
                                       [](int device) { return cachedDeviceInfo(device); });
    if (!summary) {
        err << "warpscope-record trace: " << summary.error() << "\n";
        return exitStatus;
    }
    err << "warpscope-record trace: " << describeTrace(*summary) << "warpscope-record trace: "
        << "traces in " << folder.string() << " (warpscope --trace-folder " << flags.output.string()
        << ")\n";
    return exitStatus;
}

Result<Run> retraceLaunch(const Run& traced, const std::string& tool, std::ostream& err) {
    auto command = program::tracedCommandOf(traced);
    const auto number = traced.params.find("launch");
    if (!command || number == traced.params.end() || traced.launches.empty())
        return makeError("not a traced program's launch");
    char folderTemplate[] = "/tmp/warpscope-retrace-XXXXXX";
    if (!::mkdtemp(folderTemplate)) return makeError("cannot make a temporary folder");
    const std::filesystem::path folder = folderTemplate;
    TraceFlags flags;
    flags.output = folder;
    flags.launchesPerKernel = 1000000;
    flags.directory = command->directory;
    flags.outputToStderr = true;
    flags.tool = tool;
    std::vector<std::string> argv = command->argv;
    const int status = traceCommand(argv, flags, err);
    const auto cleanUp = [&] {
        std::error_code ignored;
        std::filesystem::remove_all(folder, ignored);
    };
    if (status != 0) {
        cleanUp();
        return makeError(command->text() + " (in " + command->directory + ") ended with status " +
                         std::to_string(status));
    }
    auto run = loadTrace(folder / ("launch-" + number->second + ".wstrace"));
    cleanUp();
    if (!run)
        return makeError(command->text() + " made no recorded launch " + number->second +
                         " this time: " + run.error());
    if (run->launches.empty() || run->launches[0].kernel != traced.launches[0].kernel)
        return makeError(command->text() + "'s launch " + number->second + " is of " +
                         (run->launches.empty() ? "nothing" : run->launches[0].kernel) +
                         " this time, not " + traced.launches[0].kernel);
    return run;
}

}  // namespace ws::record
