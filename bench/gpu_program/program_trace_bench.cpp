// program_trace_bench: what tracing costs a whole program, by turns. Each
// round runs the program plain, with the interception probing, recording and
// keeping CUPTI's timeline (as warpscope-record trace does), the same
// without the timeline (--no-timeline), and with the interception loaded but
// the probes and the timeline off (--no-probes --no-timeline: the modules as
// built, each launch timed). Printed: the median wall time of each, and for
// each launch the median of its probed time against its unprobed time.
//
//   program_trace_bench [--rounds R] [--launches N] -- PROGRAM ARGS
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/program/launch_log.h"
#include "core/timing/timing_stats.h"

namespace {

// Seconds the program took, run with `environment` added; -1 where it failed.
double runOnce(const std::vector<std::string>& command,
               const std::vector<std::pair<std::string, std::string>>& environment) {
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        for (const auto& [name, value] : environment) setenv(name.c_str(), value.c_str(), 1);
        if (!environment.empty())
            setenv("WARPSCOPE_TRACE_PID", std::to_string(getpid()).c_str(), 1);
        if (!freopen("/dev/null", "w", stdout)) _exit(126);
        std::vector<char*> argv;
        for (const std::string& w : command) argv.push_back(const_cast<char*>(w.c_str()));
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? s : -1;
}

std::vector<ws::program::LoggedLaunch> launchesIn(const std::string& dir) {
    std::ifstream in(dir + "/launches.jsonl");
    std::stringstream text;
    text << in.rdbuf();
    auto log = ws::program::parseLaunchLog(text.str());
    return log ? log->launches : std::vector<ws::program::LoggedLaunch>{};
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 10;
    std::string launches = "10";
    std::vector<std::string> command;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--launches") && i + 1 < argc)
            launches = argv[++i];
        else if (!std::strcmp(argv[i], "--")) {
            command.assign(argv + i + 1, argv + argc);
            break;
        }
    }
    if (command.empty()) {
        std::fprintf(stderr, "usage: program_trace_bench [--rounds R] [--launches N] -- PROGRAM\n");
        return 2;
    }
    const std::string dir =
        (std::filesystem::temp_directory_path() / ("ws-trace-bench-" + std::to_string(getpid())))
            .string();
    std::vector<double> plain, traced, untimelined, unprobed;
    std::map<std::uint64_t, std::vector<double>> probedMs, plainMs;
    std::map<std::uint64_t, std::string> names;
    for (int r = 0; r < rounds; ++r) {
        for (int mode = 0; mode < 4; ++mode) {
            std::filesystem::remove_all(dir);
            std::filesystem::create_directories(dir);
            std::vector<std::pair<std::string, std::string>> env;
            if (mode > 0)
                env = {{"LD_PRELOAD", WS_INTERCEPT_LIBRARY},
                       {"WARPSCOPE_TRACE_DIR", dir},
                       {"WARPSCOPE_TRACE_LAUNCHES", launches},
                       {"WARPSCOPE_TRACE_PROBES", mode < 3 ? "1" : "0"},
                       {"WARPSCOPE_TRACE_TIMELINE", mode == 1 ? "1" : "0"}};
            if (mode == 1) env.emplace_back("CUDA_INJECTION64_PATH", WS_INTERCEPT_LIBRARY);
            const double s = runOnce(command, env);
            if (s < 0) {
                std::fprintf(stderr, "program_trace_bench: the program failed (mode %d)\n", mode);
                return 1;
            }
            (mode == 0   ? plain
             : mode == 1 ? traced
             : mode == 2 ? untimelined
                         : unprobed)
                .push_back(s);
            for (const auto& l : launchesIn(dir)) {
                names[l.launch] = ws::demangled(l.kernel);
                if (mode == 1 && l.recorded) probedMs[l.launch].push_back(l.ms);
                if (mode == 3) plainMs[l.launch].push_back(l.ms);
            }
        }
    }
    std::filesystem::remove_all(dir);
    std::printf("program: %s (%d rounds by turns)\n", command[0].c_str(), rounds);
    const double base = ws::medianMs(plain);
    const auto ratio = [&](const std::vector<double>& v) { return ws::medianMs(v) / base; };
    std::printf(
        "wall time: plain %.1f ms, traced %.1f ms (%.3fx), traced without the timeline %.1f ms "
        "(%.3fx), interception without probes or timeline %.1f ms (%.3fx)\n",
        base * 1e3, ws::medianMs(traced) * 1e3, ratio(traced), ws::medianMs(untimelined) * 1e3,
        ratio(untimelined), ws::medianMs(unprobed) * 1e3, ratio(unprobed));
    std::printf("%-8s %-40s %12s %12s %9s\n", "launch", "kernel", "probed ms", "unprobed ms",
                "cost %");
    for (const auto& [launch, ms] : probedMs) {
        const double p = ws::medianMs(ms), u = ws::medianMs(plainMs[launch]);
        std::printf("%-8llu %-40s %12.4f %12.4f %+9.2f\n", (unsigned long long)launch,
                    names[launch].substr(0, 40).c_str(), p, u, u > 0 ? (p - u) / u * 100 : 0.0);
    }
    return 0;
}
