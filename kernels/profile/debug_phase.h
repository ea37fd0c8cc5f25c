#pragma once
// With WARPSCOPE_PROFILE_DEBUG set, how long each part of a profile took
// (wall clock, on stderr): where the time of asking why goes.
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace ws::profile {

class DebugPhase {
public:
    explicit DebugPhase(const char* what)
        : what_(what),
          on_(std::getenv("WARPSCOPE_PROFILE_DEBUG") != nullptr),
          start_(std::chrono::steady_clock::now()) {}
    ~DebugPhase() {
        if (!on_) return;
        const std::chrono::duration<double, std::milli> ms =
            std::chrono::steady_clock::now() - start_;
        std::fprintf(stderr, "profile phase %s: %.1f ms\n", what_, ms.count());
    }
    DebugPhase(const DebugPhase&) = delete;
    DebugPhase& operator=(const DebugPhase&) = delete;

private:
    const char* what_;
    bool on_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace ws::profile
