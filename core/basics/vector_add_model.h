#pragma once
// The adding-two-arrays experiment on the CPU: the launch shape its
// parameters ask for (the seed's <<<2, (size + 1) / 2>>> or a grid and a
// block), the inputs (the seed's {1, 2, 3, 4, 5} + {10, 20, 30, 40, 50},
// continued), the index every thread computes, and the guard zones that
// catch the writes of a kernel without the bounds check.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

struct VectorAddShape {
    std::uint64_t n = 0;
    std::uint64_t grid = 0, block = 0;
    bool seedLaunch = false;
    bool boundsCheck = true;
    std::uint64_t threads() const { return grid * block; }
    // Threads whose index is past the end: masked off by the check, or
    // writing past the end without it.
    std::uint64_t extraThreads() const { return threads() > n ? threads() - n : 0; }
};
// Made from a run's parameters by basicsSettings (core/basics/basics_settings.h);
// the device's limits are checked by the launcher (kernels/basics/basics_vector_add.cu).
// "<<<2, (5 + 1) / 2>>> = <<<2, 3>>>: 6 threads for 5 elements".
std::string launchText(const VectorAddShape& shape);

// The seed's a = {1, 2, 3, 4, 5} and b = {10, 20, 30, 40, 50}, continued
// with a period of 100000 so sums stay far from overflow at any size.
std::int32_t vectorAddA(std::uint64_t i);
std::int32_t vectorAddB(std::uint64_t i);
void fillVectorAddInputs(std::span<std::int32_t> a, std::span<std::int32_t> b);
// c[i] = a[i] + b[i], on the CPU.
void addArrays(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
               std::span<std::int32_t> c);

// blockIdx.x * blockDim.x + threadIdx.x.
inline std::uint64_t globalIndex(std::uint64_t block, std::uint64_t blockDim,
                                 std::uint64_t thread) {
    return block * blockDim + thread;
}

// Blocks that record their threads: the first half of `count` from the
// start of the grid, the rest from its end (where the bounds check bites).
std::vector<std::uint32_t> vectorAddTracedBlocks(std::uint64_t grid, std::uint32_t count);

// One traced thread (the launch's "threads" table).
struct ThreadIndex {
    std::uint32_t block = 0, thread = 0;
    std::uint32_t index = 0;  // as the device computed it
    std::uint8_t wrote = 0;   // 1 when the thread stored c[index]
    std::int32_t value = 0;   // what it stored (a[index] + b[index] read by the thread)
};
inline constexpr const char* kThreadsTable = "threads";
RecordTable threadsTable(const std::vector<ThreadIndex>& rows);
// Columns present and typed, block and thread inside the launch, index equal
// to blockIdx.x * blockDim.x + threadIdx.x, wrote 0 or 1.
Result<std::vector<ThreadIndex>> readThreads(const Launch& launch);

// Guard zones: every array is allocated with `guard` elements before and
// after it, filled with kCanary. A thread without the bounds check reads
// a[i] and b[i] from the guards (canaries) and writes their sum into c's
// guard, inside the allocation: the run survives and the write shows.
inline constexpr std::int32_t kCanary = 0x2A5A5A5A;
std::uint64_t guardElements(const VectorAddShape& shape);

struct Overrun {
    std::uint64_t index = 0;  // element of c, >= n (or < 0 as a negative offset; never here)
    std::uint32_t block = 0, thread = 0;
    std::int32_t value = 0;
};
inline constexpr const char* kOverrunsTable = "overruns";
// `cWithGuards` is c with its guards: guard + n + guard elements.
struct GuardReport {
    std::vector<Overrun> overruns;  // writes after the end, in index order
    std::uint64_t before = 0;       // changed elements of the guard before c
    bool inputsIntact = true;       // the guards of a and b still hold the canary
    bool clean() const { return overruns.empty() && before == 0 && inputsIntact; }
};
GuardReport scanGuards(std::span<const std::int32_t> cWithGuards, std::uint64_t guard,
                       std::uint64_t n, std::uint64_t blockDim);
RecordTable overrunsTable(const std::vector<Overrun>& overruns);
Result<std::vector<Overrun>> readOverruns(const Run& run);  // empty when the run has none

// c against the CPU and the guards: the run's Verification.
Verification verifyVectorAdd(std::span<const std::int32_t> gpu, const GuardReport& guards,
                             const VectorAddShape& shape);

}  // namespace ws
