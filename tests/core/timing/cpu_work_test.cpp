// The CPU's side of CPU against GPU: every parallel version gives what the
// references give, the thread count respects the grain, the chunks cover
// the work once, and the timer returns a median of real runs.
#include "core/timing/cpu_work.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "core/memory/memory_reference.h"
#include "core/reduction/reduction_reference.h"
#include "core/timing/cpu_timing.h"

namespace ws {
namespace {

TEST(CpuWork, SumsAndCompositionsMatchTheReferences) {
    for (std::size_t n : {0ul, 1ul, 7ul, 1000ul, 100003ul}) {
        const auto ints = makeIntInput(n, 3);
        EXPECT_EQ(cpuSum(ints), referenceSum(ints)) << n;
        EXPECT_EQ(cpuSumParallel(ints, 5), referenceSum(ints)) << n;
        const auto maps = makeAffineInput(n, 3);
        EXPECT_EQ(cpuCompose(maps), referenceCompose(maps)) << n;
        EXPECT_EQ(cpuComposeParallel(maps, 7), referenceCompose(maps)) << n;
        const auto floats = makeFloatInput(n, 3);
        const FloatReference exact = referenceSum(floats);
        const double bound = floatSumTolerance(exact.sumOfMagnitudes, n / 8 + 16);
        EXPECT_NEAR(cpuSum(floats), exact.sum, bound) << n;
        EXPECT_NEAR(cpuSumParallel(floats, 3), exact.sum, bound + 3 * 1e-7 * exact.sum) << n;
    }
}

TEST(CpuWork, ArraysTransposesAndAxisSums) {
    const std::size_t n = 10007;
    std::vector<std::int32_t> a(n), b(n), c(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        a[i] = int(i);
        b[i] = int(2 * i);
    }
    cpuAddParallel(a, b, c, 4);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(c[i], int(3 * i));
    std::vector<std::uint32_t> z(n, 9);
    cpuZeroParallel(z, 3);
    EXPECT_EQ(std::count(z.begin(), z.end(), 0u), long(n));

    const std::size_t w = 70, h = 45;
    const auto image = makeImageU8(w, h, 5);
    std::vector<std::uint8_t> t(w * h);
    cpuTransposeParallel<std::uint8_t>(image, t, w, h, 4);
    EXPECT_EQ(t, transposeReference<std::uint8_t>(image, w, h));
    std::vector<std::uint32_t> cols(w), rows(h);
    cpuColumnSums(image, w, h, cols, 0, w);
    cpuRowSums(image, w, rows, 0, h);
    const auto refCols = columnSumsReference(image, w, h);
    const auto refRows = rowSumsReference(image, w, h);
    for (std::size_t x = 0; x < w; ++x) EXPECT_EQ(double(cols[x]), refCols[x]);
    for (std::size_t y = 0; y < h; ++y) EXPECT_EQ(double(rows[y]), refRows[y]);
}

TEST(CpuTiming, ThreadsChunksAndMedian) {
    const int hardware = int(std::max(1u, std::thread::hardware_concurrency()));
    EXPECT_EQ(cpuThreadsFor(10), 1);
    EXPECT_EQ(cpuThreadsFor(std::uint64_t(1) << 40), hardware);
    EXPECT_EQ(cpuThreadsFor(4 * 1000, 1000), std::min(4, hardware));
    std::vector<std::atomic<int>> hits(1000);
    parallelChunks(1000, 6, [&](std::uint64_t b, std::uint64_t e, int) {
        for (auto i = b; i < e; ++i) hits[i]++;
    });
    for (auto& h : hits) ASSERT_EQ(h.load(), 1);
    int calls = 0;
    const double ms = timeCpuMs(
        [&] {
            ++calls;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        },
        {3, 5, 1000});
    EXPECT_GE(ms, 1.9);
    EXPECT_LT(ms, 200);
    EXPECT_GE(calls, 3);
    EXPECT_LE(calls, 6);  // the warm-up and at most maxRuns
}

}  // namespace
}  // namespace ws
