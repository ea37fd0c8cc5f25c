#pragma once
// The worker's requests, read from its input on a thread of their own: while
// a run waits for the GPU, `serve` must still see a `cancel` or a newer run
// that replaces it. Lines are parsed as they arrive and kept in order.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <istream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

namespace ws::record {

class RequestInbox {
public:
    explicit RequestInbox(std::istream& in);
    ~RequestInbox();

    // The next request in order; nullopt once the input has ended and every
    // request was taken. A line that is not JSON comes as a discarded value.
    std::optional<nlohmann::json> next();

    // Waits up to `timeout` for a request to arrive (or the input to end).
    void waitForMore(std::chrono::milliseconds timeout);

    // Takes out, in order, the requests `wanted` selects; the rest keep their places.
    std::vector<nlohmann::json> takeIf(const std::function<bool(const nlohmann::json&)>& wanted);

    // Whether a later request satisfies `test`, without taking it.
    bool anyPending(const std::function<bool(const nlohmann::json&)>& test);

private:
    struct Shared {
        std::mutex mutex;
        std::condition_variable arrived;
        std::deque<nlohmann::json> pending;
        bool ended = false;
        std::size_t seen = 0;  // requests ever received, to wake waitForMore
    };
    std::shared_ptr<Shared> m_shared;
    std::thread m_reader;
    bool m_readsStdin;
};

}  // namespace ws::record
