#pragma once
// A child process with its stdin and stdout on pipes and its stderr in a
// file, for tests that talk to `warpscope-record serve` over time or watch
// several recorders contend for one GPU lock.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace ws::test {

class ChildProcess {
public:
    // argv[0] is a path; `env` entries ("NAME=value") are added to ours.
    ChildProcess(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                 const std::string& stderrFile);
    ~ChildProcess();  // kills the child if it still runs
    bool started() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; }

    void writeLine(const std::string& line);
    void closeInput();
    // The next line of stdout, or nullopt after `timeout` or at its end.
    std::optional<std::string> readLine(std::chrono::milliseconds timeout);
    // Waits for the child to exit; its status, or -1 after `timeout`.
    int wait(std::chrono::milliseconds timeout);

private:
    pid_t m_pid = -1;
    int m_in = -1, m_out = -1;
    std::string m_buffer;
    bool m_exited = false;
    int m_status = -1;
};

std::string readFile(const std::string& path);
std::string uniqueName(const std::string& stem);  // stem-<pid>-<counter>

}  // namespace ws::test
