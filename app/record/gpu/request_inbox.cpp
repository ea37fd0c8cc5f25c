#include "app/record/gpu/request_inbox.h"

#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <string>

namespace ws::record {

namespace {

// Lines from file descriptor 0 read with read(2). Reading std::cin would go
// through stdio, and a reader blocked there holds stdin's FILE lock: newer
// C libraries take every stream's lock in exit(), so a worker told to quit
// while its reader waits for the next line would never end.
bool nextStdinLine(std::string& buffer, std::string& line) {
    for (;;) {
        if (const auto end = buffer.find('\n'); end != std::string::npos) {
            line.assign(buffer, 0, end);
            buffer.erase(0, end + 1);
            return true;
        }
        char chunk[4096];
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (buffer.empty()) return false;
            line.swap(buffer);  // a last line without its newline
            buffer.clear();
            return true;
        }
        buffer.append(chunk, std::size_t(n));
    }
}

}  // namespace

RequestInbox::RequestInbox(std::istream& in)
    : m_shared(std::make_shared<Shared>()), m_readsStdin(&in == &std::cin) {
    m_reader = std::thread([shared = m_shared, &in, fromStdin = m_readsStdin] {
        std::string buffer;
        auto nextLine = [&](std::string& line) -> bool {
            if (fromStdin) return nextStdinLine(buffer, line);
            return bool(std::getline(in, line));
        };
        for (std::string line; nextLine(line);) {
            if (line.empty()) continue;
            auto request = nlohmann::json::parse(line, nullptr, false);
            std::lock_guard lock(shared->mutex);
            shared->pending.push_back(std::move(request));
            ++shared->seen;
            shared->arrived.notify_all();
        }
        std::lock_guard lock(shared->mutex);
        shared->ended = true;
        shared->arrived.notify_all();
    });
}

RequestInbox::~RequestInbox() {
    // A reader blocked on the process's stdin cannot be woken; the process is
    // ending, and the reader holds only shared state (no stdio lock, see
    // nextStdinLine), so it is let go. Any other stream (tests) ends at its
    // last line, so the reader finishes.
    if (m_readsStdin)
        m_reader.detach();
    else
        m_reader.join();
}

std::optional<nlohmann::json> RequestInbox::next() {
    std::unique_lock lock(m_shared->mutex);
    m_shared->arrived.wait(lock, [&] { return !m_shared->pending.empty() || m_shared->ended; });
    if (m_shared->pending.empty()) return std::nullopt;
    auto request = std::move(m_shared->pending.front());
    m_shared->pending.pop_front();
    return request;
}

void RequestInbox::waitForMore(std::chrono::milliseconds timeout) {
    std::unique_lock lock(m_shared->mutex);
    const std::size_t before = m_shared->seen;
    // After the input ended nothing more arrives: the whole timeout passes.
    m_shared->arrived.wait_for(lock, timeout, [&] { return m_shared->seen != before; });
}

std::vector<nlohmann::json> RequestInbox::takeIf(
    const std::function<bool(const nlohmann::json&)>& wanted) {
    std::lock_guard lock(m_shared->mutex);
    std::vector<nlohmann::json> taken;
    auto& q = m_shared->pending;
    for (auto it = q.begin(); it != q.end();) {
        if (wanted(*it)) {
            taken.push_back(std::move(*it));
            it = q.erase(it);
        } else {
            ++it;
        }
    }
    return taken;
}

bool RequestInbox::anyPending(const std::function<bool(const nlohmann::json&)>& test) {
    std::lock_guard lock(m_shared->mutex);
    for (const auto& r : m_shared->pending)
        if (test(r)) return true;
    return false;
}

}  // namespace ws::record
