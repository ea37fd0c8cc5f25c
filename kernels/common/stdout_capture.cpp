#include "kernels/common/stdout_capture.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>

namespace ws {

namespace {

std::string errnoText(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// fd 1 pointed at a temporary file until restore() or destruction.
class Redirect {
public:
    Status begin() {
        std::fflush(stdout);
        m_file = std::tmpfile();
        if (!m_file) return makeError(errnoText("cannot create a file for the kernel's printf"));
        m_saved = ::dup(STDOUT_FILENO);
        if (m_saved < 0) return makeError(errnoText("cannot duplicate stdout"));
        if (::dup2(fileno(m_file), STDOUT_FILENO) < 0)
            return makeError(errnoText("cannot point stdout at the capture file"));
        m_redirected = true;
        return {};
    }
    Status restore() {
        if (!m_redirected) return {};
        std::fflush(stdout);
        m_redirected = false;
        if (::dup2(m_saved, STDOUT_FILENO) < 0)
            return makeError(errnoText("cannot restore stdout"));
        return {};
    }
    Result<std::string> read() {
        std::string text;
        if (std::fseek(m_file, 0, SEEK_SET) != 0) return makeError(errnoText("cannot rewind"));
        char buffer[1 << 14];
        while (std::size_t n = std::fread(buffer, 1, sizeof buffer, m_file)) text.append(buffer, n);
        if (std::ferror(m_file)) return makeError(errnoText("cannot read the captured output"));
        return text;
    }
    ~Redirect() {
        (void)restore();
        if (m_saved >= 0) ::close(m_saved);
        if (m_file) std::fclose(m_file);
    }

private:
    std::FILE* m_file = nullptr;
    int m_saved = -1;
    bool m_redirected = false;
};

}  // namespace

Result<CapturedOutput> captureStdout(const std::function<Status()>& work) {
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    Redirect redirect;
    if (Status s = redirect.begin(); !s) return makeError(s.error());
    CapturedOutput out;
    out.status = work();
    if (Status s = redirect.restore(); !s) return makeError(s.error());
    auto text = redirect.read();
    if (!text) return makeError(text.error());
    out.text = std::move(*text);
    return out;
}

}  // namespace ws
