#pragma once
// Splits [0, count) into contiguous chunks run on all cores with std::thread,
// for the CPU references and the CPU variants that must not be straw men.
#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace ws {

inline int hardwareThreads() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : int(n);
}

// Calls body(begin, end) on up to `threads` threads (all cores when <= 0),
// each with at least `grain` items; returns the number of threads used.
template <typename Body>
int parallelFor(std::size_t count, Body&& body, int threads = 0, std::size_t grain = 1) {
    if (threads <= 0) threads = hardwareThreads();
    const std::size_t most = std::max<std::size_t>(1, count / std::max<std::size_t>(grain, 1));
    const int used = int(std::min<std::size_t>(std::size_t(threads), most));
    if (used <= 1) {
        if (count) body(std::size_t(0), count);
        return 1;
    }
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(used));
    for (int t = 0; t < used; ++t) {
        const std::size_t begin = count * std::size_t(t) / std::size_t(used);
        const std::size_t end = count * std::size_t(t + 1) / std::size_t(used);
        pool.emplace_back([&body, begin, end] { body(begin, end); });
    }
    for (auto& th : pool) th.join();
    return used;
}

}  // namespace ws
