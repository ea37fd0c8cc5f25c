#pragma once
// warpscope-record run as a user runs it, for the run-kernel tests.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ws::test {

struct ToolOutcome {
    int status = -1;
    std::string output;  // stdout and stderr together
};

// `environment`: "NAME=value " words put before the command.
inline ToolOutcome runRecorder(const std::string& args, const std::string& environment = {}) {
    const char* bin = std::getenv("WARPSCOPE_BINARY_DIR");
    const std::string command = environment + std::string(bin ? bin : ".") +
                                "/app/record/warpscope-record " + args + " 2>&1";
    ToolOutcome o;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return o;
    std::array<char, 4096> buffer;
    while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
        o.output.append(buffer.data(), n);
    const int raw = pclose(pipe);
    o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return o;
}

inline std::string sourcePath(const std::string& relative) {
    const char* root = std::getenv("WARPSCOPE_SOURCE_DIR");
    return std::string(root ? root : ".") + "/" + relative;
}

}  // namespace ws::test
