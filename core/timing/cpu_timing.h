#pragma once
// Timing the CPU doing a GPU run's work, so a student can weigh the two:
// the median of repeated runs with a steady clock, and the same work split
// over the machine's cores with std::thread (the threads' start and join are
// part of the cost, as they are for any program that parallelises this way).
#include <cstdint>
#include <functional>
#include <vector>

namespace ws {

struct CpuTimingBudget {
    int minRuns = 3;
    int maxRuns = 11;
    double budgetMs = 400;  // stop repeating after this much time (after minRuns)
};

// Median milliseconds of `work`. A first, untimed run warms caches and pages
// when it is cheap (under a tenth of the budget); an expensive first run is
// kept as a sample rather than doubling the cost.
double timeCpuMs(const std::function<void()>& work, const CpuTimingBudget& budget = {});

// Threads worth starting for `items` of work: the hardware's concurrency,
// but no thread with fewer than `grain` items. At least 1.
int cpuThreadsFor(std::uint64_t items, std::uint64_t grain = 1u << 15);

// Calls chunk(begin, end, t) for `threads` contiguous slices of [0, items)
// on that many threads (the caller's thread does slice 0) and joins them.
void parallelChunks(std::uint64_t items, int threads,
                    const std::function<void(std::uint64_t, std::uint64_t, int)>& chunk);

// Keeps a result alive so the compiler cannot drop the work that made it.
void keepResult(std::uint64_t value);

}  // namespace ws
