// The counts every counter must hold and the values atomicAdd hands out,
// against counting them one by one; the curve table read and rejected.
#include "core/atomics/contention_model.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(ContentionModel, CountsAndTicketsAgainstBruteForce) {
    for (std::uint64_t threads : {32ull, 33ull, 1000ull})
        for (std::uint64_t addresses : {1ull, 7ull, 32ull})
            for (std::uint64_t perThread : {1ull, 3ull}) {
                std::vector<std::uint64_t> counter(addresses, 0);
                std::uint64_t tickets = 0;
                for (std::uint64_t k = 0; k < perThread; ++k)
                    for (std::uint64_t t = 0; t < threads; ++t) tickets += counter[t % addresses]++;
                for (std::uint64_t a = 0; a < addresses; ++a)
                    EXPECT_EQ(expectedCount(a, threads, addresses, perThread), counter[a]);
                EXPECT_EQ(expectedTicketSum(threads, addresses, perThread), tickets);
            }
}

TEST(ContentionModel, VerificationFindsALostUpdate) {
    // 64 threads over 2 addresses, 3 additions each: 32 x 3 per address.
    std::vector<std::uint32_t> counters = {96, 96};
    const std::uint64_t sum = expectedTicketSum(64, 2, 3);
    EXPECT_TRUE(verifyContention(counters, sum, 64, 3).passed);
    counters[1] = 95;
    const Verification lost = verifyContention(counters, sum, 64, 3);
    EXPECT_FALSE(lost.passed);
    EXPECT_EQ(lost.note, "counter 1 holds 95, expected 96");
    EXPECT_FALSE(verifyContention({96, 96}, sum - 1, 64, 3).passed);
}

TEST(ContentionModel, CurveThreadCounts) {
    EXPECT_EQ(curveThreadCounts(32), (std::vector<std::uint32_t>{32}));
    EXPECT_EQ(curveThreadCounts(100), (std::vector<std::uint32_t>{32, 64, 100}));
    EXPECT_EQ(curveThreadCounts(256), (std::vector<std::uint32_t>{32, 64, 128, 256}));
}

TEST(ContentionModel, CurveTableRoundTripAndCorruption) {
    ws::Run run;
    run.tables.push_back(
        contentionCurveTable({{32, 1e9, 0.5, 0.4, 0.6}, {64, 2e9, 0.5, 0.5, 0.7}}));
    auto curve = readContentionCurve(run);
    ASSERT_TRUE(curve.ok()) << curve.error();
    ASSERT_EQ(curve->size(), 2u);
    EXPECT_EQ((*curve)[1].atomicsPerSecond, 2e9);
    std::get<std::vector<std::uint32_t>>(run.tables[0].columns[0].data)[1] = 32;
    auto bad = readContentionCurve(run);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error(), "table 'curve', row 1: threads 32 does not increase on the row before");
    run.tables[0] = contentionCurveTable({{32, 1e9, 0.5, 0.6, 0.7}});
    EXPECT_FALSE(readContentionCurve(run).ok());  // min above the median
    EXPECT_TRUE(readContentionCurve(ws::Run{})->empty());
}

}  // namespace
}  // namespace ws
