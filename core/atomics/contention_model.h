#pragma once
// The atomic-contention experiment on the CPU: what every counter must hold
// and what the values atomicAdd returned must add up to (each address hands
// out 0, 1, ..., c-1 exactly once when its c additions are atomic), and the
// throughput curve the run keeps in Run::tables "curve".
#include <cstdint>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

inline constexpr const char* kContentionCurveTable = "curve";

// Additions counter a receives: per_thread for each thread t < threads with
// t % addresses == a.
std::uint64_t expectedCount(std::uint64_t address, std::uint64_t threads, std::uint64_t addresses,
                            std::uint64_t perThread);
// Sum over addresses of c (c - 1) / 2, mod 2^64.
std::uint64_t expectedTicketSum(std::uint64_t threads, std::uint64_t addresses,
                                std::uint64_t perThread);

// Counters (one per address) and the sum of every returned value.
Verification verifyContention(const std::vector<std::uint32_t>& counters, std::uint64_t ticketSum,
                              std::uint64_t threads, std::uint64_t perThread);

// 32, 64, 128, ... below `threads`, then `threads` itself.
std::vector<std::uint32_t> curveThreadCounts(std::uint32_t threads);

struct ContentionPoint {
    std::uint32_t threads = 0;
    double atomicsPerSecond = 0;  // threads * per_thread / median time
    double medianMs = 0, minMs = 0, maxMs = 0;
};

// Run::tables "curve": threads ascending, times positive and ordered
// (min <= median <= max). Empty when the run has no curve.
Result<std::vector<ContentionPoint>> readContentionCurve(const Run& run);
RecordTable contentionCurveTable(const std::vector<ContentionPoint>& points);

}  // namespace ws
