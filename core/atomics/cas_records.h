#pragma once
// The records of the argmin experiment's CAS loops (docs/trace-format.md,
// "Atomics lab"): per traced thread how many atomicCAS it made, per traced
// warp when it ran its loop and how many CAS its lanes made, and a histogram
// of attempts over every thread of the grid. Read, checked against the launch,
// and summarised for the views, the recorder's `info` and the benchmark.
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

inline constexpr const char* kCasThreadsTable = "casThreads";
inline constexpr const char* kCasWarpsTable = "casWarps";
inline constexpr const char* kCasHistogramTable = "casHistogram";
inline constexpr const char* kBlockMinsTable = "blockMins";
// Attempts 0 .. kCasHistogramBins - 2 have a bin each; the last bin holds
// every thread with kCasHistogramBins - 1 attempts or more.
inline constexpr std::uint32_t kCasHistogramBins = 64;

// Which blocks record their threads: every `stride`-th block from block 0 and
// the last block, `count` at most (all blocks when the grid is that small).
// The kernels find their slot from the stride, so the rule lives here once.
struct CasSample {
    std::uint32_t stride = 1;
    std::vector<std::uint32_t> blocks;  // ascending
    // Slot of `block` in `blocks`, or -1 when it is not traced.
    int slotOf(std::uint32_t block, std::uint32_t grid) const;
};
CasSample casSample(std::uint32_t grid, std::uint32_t count);
// "every block" or "blocks 0, 512, 1024, ... and 4095 (32 of 4096)".
std::string casSampleText(const CasSample& sample, std::uint32_t grid);

struct CasWarp {
    std::uint32_t block = 0, warp = 0;
    std::uint64_t startNs = 0, endNs = 0;
    std::uint32_t attemptsSum = 0, attemptsMax = 0;
};

struct CasRecords {
    std::vector<CasWarp> warps;
    // Per traced thread, in (block, thread) order.
    std::vector<std::uint32_t> threadBlock, thread, threadAttempts, threadElements;
    std::vector<std::uint64_t> histogram;  // threads by attempts, kCasHistogramBins bins
};

// The tables of a launch, checked: blocks below the grid, threads below the
// block size, warps below its warp count, start not after end, the warp's
// sum and maximum equal to its threads' where those are traced, and a
// histogram of the right length. Tables that are absent stay empty.
Result<CasRecords> readCasRecords(const Launch& launch, int launchIndex);
// Whether any launch of the run carries one of the tables above: the CUB and
// shuffle variants of argmin have no CAS loop, and nothing to show there.
bool hasCasRecords(const Run& run);

struct CasStatistics {
    std::uint64_t threads = 0;         // threads in the histogram
    std::uint64_t threadsWithCas = 0;  // made at least one attempt
    double meanAttempts = 0;           // over all threads (the open bin counts as its lower bound)
    std::uint32_t maxAttempts = 0;     // highest bin with threads (a lower bound if the open one)
    bool maxIsLowerBound = false;
};
CasStatistics casStatistics(const std::vector<std::uint64_t>& histogram);

}  // namespace ws
