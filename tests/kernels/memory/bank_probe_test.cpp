// The probe's measured cycles follow the passes core/access/bank_conflicts.h
// predicts, and its records are the pattern it was given.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/access/bank_conflicts.h"
#include "core/memory/memory_reference.h"
#include "tests/kernels/memory/memory_gpu.h"

namespace ws {
namespace {

Result<memory::ProbeRun> probe(const std::vector<std::string>& assignments) {
    RunOptions o = test::quickOptions();
    o.repetitions = 5;
    return memory::runBankProbe(test::memorySettingsFor("bank-probe", assignments), o,
                                test::deviceLimits());
}

TEST(MemoryBankProbe, MorePredictedPassesNeverMeasureFaster) {
    WS_REQUIRE_GPU();
    for (const char* width : {"4", "8", "16"}) {
        std::vector<std::pair<std::uint32_t, double>> points;
        for (int stride : {0, 1, 2, 4, 8, 16, 32, 33}) {
            auto r = probe({"stride=" + std::to_string(stride), std::string("width=") + width});
            ASSERT_TRUE(r.ok()) << r.error();
            EXPECT_TRUE(r->timed.run.verification.passed) << r->timed.run.verification.note;
            points.emplace_back(r->predictedPasses, r->loadCyclesPerAccess);
        }
        // Allow 1.5 cycles of noise per access between any two patterns.
        for (auto [pa, ca] : points)
            for (auto [pb, cb] : points)
                if (pa < pb) {
                    EXPECT_GE(cb, ca - 1.5)
                        << "width " << width << ": " << pb << " passes measured " << cb
                        << " cycles, " << pa << " passes " << ca;
                }
        const auto [fewest, most] = std::minmax_element(points.begin(), points.end());
        EXPECT_GT(most->second, fewest->second) << "a conflict must cost something";
    }
}

TEST(MemoryBankProbe, StrideThirtyTwoCostsFarMoreThanStrideOne) {
    WS_REQUIRE_GPU();
    auto one = probe({"stride=1"}), thirtyTwo = probe({"stride=32"}), odd = probe({"stride=33"});
    ASSERT_TRUE(one.ok() && thirtyTwo.ok() && odd.ok());
    EXPECT_GT(thirtyTwo->loadCyclesPerAccess, one->loadCyclesPerAccess + 20);
    EXPECT_LT(odd->loadCyclesPerAccess, one->loadCyclesPerAccess + 3);
}

TEST(MemoryBankProbe, RecordsThePatternItWasGiven) {
    WS_REQUIRE_GPU();
    auto r = probe({"tile=32x32", "padding=4", "pattern=column"});
    ASSERT_TRUE(r.ok()) << r.error();
    const auto& s = r->timed.run.launches[0].sharedAccesses;
    ASSERT_EQ(s.size(), 2u);  // the load and the store instruction
    const WarpAccess expected = tileColumnAccess(32, 32, 4, 4);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const WarpAccess a = test::recordedShared(s, i);
        EXPECT_EQ(a.address, expected.address);
        EXPECT_EQ(analyzeBanks(a).passes, r->predictedPasses);
    }
    EXPECT_EQ(r->predictedPasses, 1u);
    test::expectCompleteBlocks(r->timed.run.launches[0]);
}

TEST(MemoryBankProbe, RunsThroughTheDispatch) {
    WS_REQUIRE_GPU();
    auto run = runMemoryExperiment(test::memorySpec("bank-probe"),
                                   test::memoryParams("bank-probe", {"stride=2", "width=8"}),
                                   test::quickOptions(), DeviceInfo{});
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_EQ(run->experiment, "bank-probe");
    EXPECT_TRUE(run->verification.passed);
}

}  // namespace
}  // namespace ws
