#pragma once
// The CPU variants of the matrix multiply lab, C = A * B for n x n row-major
// floats. cpu-naive is the seed's host_matmul (i, j, k loops, a double
// accumulator, one thread): the 2 GFLOPS of the course. cpu-blocked is what
// a CPU does when it is not a straw man: blocks of B that stay in cache, a
// 4 x 16 tile of C in registers (vector FMAs where the CPU has them) and
// every core, so the GPU's speed-up is measured against a fair opponent.
#include <cstdint>

namespace ws {

void cpuNaiveMatmul(const float* a, const float* b, float* c, std::uint32_t n);

// Returns the number of threads it used (all cores when threads <= 0).
int cpuBlockedMatmul(const float* a, const float* b, float* c, std::uint32_t n, int threads = 0);

// Sizes the catalog lets each CPU variant run: a few seconds at most on the
// GPU machine (cpu-naive at about 1 GFLOP/s, cpu-blocked on 16 cores).
inline constexpr std::uint32_t kCpuNaiveMaxN = 1024;
inline constexpr std::uint32_t kCpuBlockedMaxN = 4096;

}  // namespace ws
