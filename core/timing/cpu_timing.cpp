#include "core/timing/cpu_timing.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace ws {

namespace {
std::atomic<std::uint64_t> g_sink{0};

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}
}  // namespace

void keepResult(std::uint64_t value) { g_sink.fetch_xor(value, std::memory_order_relaxed); }

double timeCpuMs(const std::function<void()>& work, const CpuTimingBudget& budget) {
    std::vector<double> samples;
    auto first = std::chrono::steady_clock::now();
    work();
    const double firstMs = msSince(first);
    if (firstMs >= budget.budgetMs / 10) samples.push_back(firstMs);
    double spent = firstMs;
    while (int(samples.size()) < budget.maxRuns &&
           (int(samples.size()) < budget.minRuns || spent < budget.budgetMs)) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const double ms = msSince(start);
        samples.push_back(ms);
        spent += ms;
    }
    std::sort(samples.begin(), samples.end());
    const std::size_t m = samples.size() / 2;
    return samples.size() % 2 ? samples[m] : (samples[m - 1] + samples[m]) / 2;
}

int cpuThreadsFor(std::uint64_t items, std::uint64_t grain) {
    const std::uint64_t hardware = std::max(1u, std::thread::hardware_concurrency());
    const std::uint64_t byWork =
        std::max<std::uint64_t>(1, items / std::max<std::uint64_t>(1, grain));
    return int(std::min(hardware, byWork));
}

void parallelChunks(std::uint64_t items, int threads,
                    const std::function<void(std::uint64_t, std::uint64_t, int)>& chunk) {
    threads = std::max(1, threads);
    auto bounds = [&](int t) { return items * std::uint64_t(t) / std::uint64_t(threads); };
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(threads - 1));
    for (int t = 1; t < threads; ++t) pool.emplace_back(chunk, bounds(t), bounds(t + 1), t);
    chunk(bounds(0), bounds(1), 0);
    for (auto& th : pool) th.join();
}

}  // namespace ws
