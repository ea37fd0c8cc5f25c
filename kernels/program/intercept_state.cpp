#include "kernels/program/intercept_state.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "core/program/launch_log.h"

namespace ws::program {

namespace {

InterceptSettings settingsFromEnvironment() {
    InterceptSettings s;
    if (const char* dir = std::getenv("WARPSCOPE_TRACE_DIR"); dir && *dir) {
        s.active = true;
        s.directory = dir;
    }
    if (const char* pid = std::getenv("WARPSCOPE_TRACE_PID"))
        if (std::strtoll(pid, nullptr, 10) != ::getpid()) s.active = false;
    if (const char* k = std::getenv("WARPSCOPE_TRACE_KERNELS")) s.kernels = k;
    if (const char* n = std::getenv("WARPSCOPE_TRACE_LAUNCHES"))
        s.recordedPerKernel = std::strtoull(n, nullptr, 10);
    if (const char* p = std::getenv("WARPSCOPE_TRACE_PROBES")) s.probe = std::string(p) != "0";
    if (const char* v = std::getenv("WARPSCOPE_TRACE_VERBOSE")) s.verbose = std::string(v) != "0";
    if (const char* t = std::getenv("WARPSCOPE_TRACE_TIMELINE")) s.timeline = std::string(t) != "0";
    return s;
}

}  // namespace

InterceptState& interceptState() {
    static InterceptState* state = [] {
        auto* s = new InterceptState;  // never destroyed: the driver may call in at exit
        s->settings = settingsFromEnvironment();
        s->book = LaunchBook(s->settings.recordedPerKernel);
        if (!s->settings.kernels.empty()) {
            try {
                s->kernelsFilter = std::regex(s->settings.kernels);
            } catch (const std::regex_error&) {
                s->kernelsFilterValid = false;
            }
        }
        return s;
    }();
    return *state;
}

void appendTo(const char* file, const std::string& lines) {
    const InterceptSettings& s = interceptState().settings;
    if (!s.active || lines.empty()) return;
    const std::string path = s.directory + "/" + file;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return;
    for (std::size_t at = 0; at < lines.size();) {
        const ssize_t written = ::write(fd, lines.data() + at, lines.size() - at);
        if (written <= 0) break;
        at += std::size_t(written);
    }
    ::close(fd);
}

void appendLog(const std::string& line) { appendTo(kLaunchLogFile, line); }

void disableProbes(const std::string& why) {
    InterceptState& state = interceptState();
    {
        std::lock_guard lock(state.lock);
        if (!state.settings.probe) return;
        state.settings.probe = false;
    }
    appendLog(noteLine("nothing is probed: " + why));
    sayVerbose("nothing is probed: " + why);
}

void sayVerbose(const std::string& text) {
    if (interceptState().settings.verbose)
        std::fprintf(stderr, "warpscope-intercept: %s\n", text.c_str());
}

}  // namespace ws::program
