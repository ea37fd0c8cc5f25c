#include "app/record/kernelfile/sanitizer_run.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <regex>

extern char** environ;

namespace ws::record {

namespace fs = std::filesystem;

std::optional<fs::path> findComputeSanitizer() {
    if (const char* given = std::getenv("WARPSCOPE_COMPUTE_SANITIZER")) {
        if (*given && ::access(given, X_OK) == 0) return fs::path(given);
        return std::nullopt;
    }
    std::vector<fs::path> places;
    if (const char* path = std::getenv("PATH")) {
        std::string dirs = path;
        for (std::size_t at = 0; at <= dirs.size();) {
            const std::size_t colon = std::min(dirs.find(':', at), dirs.size());
            if (colon > at) places.push_back(fs::path(dirs.substr(at, colon - at)));
            at = colon + 1;
        }
    }
    if (const char* cuda = std::getenv("CUDA_HOME")) places.push_back(fs::path(cuda) / "bin");
    places.push_back("/usr/local/cuda/bin");
    for (const fs::path& dir : places) {
        const fs::path candidate = dir / "compute-sanitizer";
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return std::nullopt;
}

bool isSanitizerTool(const std::string& tool) {
    return tool == "memcheck" || tool == "racecheck" || tool == "initcheck" || tool == "synccheck";
}

Result<SanitizerReport> runUnderSanitizer(const fs::path& sanitizer, const std::string& tool,
                                          const std::vector<std::string>& command) {
    std::vector<std::string> args = {sanitizer.string(), "--tool", tool, "--print-limit", "20"};
    if (tool == "racecheck") args.insert(args.end(), {"--racecheck-report", "hazard"});
    args.insert(args.end(), command.begin(), command.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    // Close-on-exec: the child keeps only the write end it is given as its
    // stdout and stderr, so the read below ends when it does.
    int pipeEnds[2];
    if (::pipe2(pipeEnds, O_CLOEXEC) != 0)
        return makeError("cannot make a pipe for compute-sanitizer");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0]);
    pid_t child = 0;
    const int spawned = posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeEnds[1]);
    if (spawned != 0) {
        ::close(pipeEnds[0]);
        return makeError("cannot start " + sanitizer.string());
    }
    SanitizerReport report;
    std::array<char, 4096> buffer;
    for (;;) {
        const ssize_t n = ::read(pipeEnds[0], buffer.data(), buffer.size());
        if (n > 0) {
            report.output.append(buffer.data(), std::size_t(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        break;
    }
    ::close(pipeEnds[0]);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    report.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    static const std::regex summary(R"(ERROR SUMMARY: (\d+) error)");
    std::smatch m;
    if (std::regex_search(report.output, m, summary)) report.errors = std::stoi(m[1].str());
    return report;
}

}  // namespace ws::record
