// Every argmin variant against the CPU over sizes 1, 31, 32, 33, 50,000,
// 2^20+7 and 2^24, with ties (the blog's input) and without (a unique
// minimum); the CAS records consistent with the launch.
#include <numeric>

#include "core/atomics/cas_records.h"
#include "kernels/atomics/argmin_input.h"
#include "tests/kernels/atomics/atomics_gpu.h"

namespace ws {
namespace {

const char* const kVariants[] = {"cas-original", "cas-modified", "cas-modified-new",
                                 "shuffle-atomicmin", "cub"};

TEST(ArgminKernels, EveryVariantAgreesWithTheCpuOverAwkwardSizes) {
    WS_REQUIRE_GPU();
    const DeviceInfo device = test::device();
    for (std::uint64_t n : {1ull, 31ull, 32ull, 33ull, 50000ull, (1ull << 20) + 7, 1ull << 24})
        for (const char* input : {"blog", "distinct"}) {
            const auto base = test::atomicsParams(
                "argmin", {"n=" + std::to_string(n), std::string("input=") + input});
            auto prepared = atomics::prepareArgminInput(base, test::quickOptions());
            ASSERT_TRUE(prepared.ok()) << prepared.error();
            for (const char* variant : kVariants) {
                SCOPED_TRACE(std::string(variant) + " " + input + " n=" + std::to_string(n));
                ParamValues params = base.resolved;
                params["variant"] = variant;
                auto p = atomicsSettings("argmin", params);
                ASSERT_TRUE(p.ok()) << p.error();
                auto run = atomics::runArgmin(*p, test::quickOptions(), device, prepared->get());
                ASSERT_TRUE(run.ok()) << run.error();
                const Verification& v = run->run.verification;
                EXPECT_TRUE(v.passed) << v.actual << " vs " << v.expected << ": " << v.note;
                const std::string cpu = ", " + std::to_string((*prepared)->reference.index) + ")";
                if (std::string(variant) != "cas-original" &&
                    std::string(variant) != "cas-modified")
                    EXPECT_NE(v.actual.find(cpu), std::string::npos) << v.actual;
            }
        }
}

TEST(ArgminKernels, CasRecordsCountEveryThreadAndMatchTheWarps) {
    WS_REQUIRE_GPU();
    for (const char* variant : {"cas-original", "cas-modified", "cas-modified-new"})
        for (const char* input : {"blog", "descending"}) {
            SCOPED_TRACE(std::string(variant) + " " + input);
            auto run = atomics::runArgmin(
                test::atomicsParams("argmin", {"n=100000", std::string("variant=") + variant,
                                               std::string("input=") + input, "traced_blocks=16"}),
                test::quickOptions(), test::device());
            ASSERT_TRUE(run.ok()) << run.error();
            const Launch& l = run->run.launches[0];
            auto cas = readCasRecords(l, 0);  // also checks warps against their threads
            ASSERT_TRUE(cas.ok()) << cas.error();
            EXPECT_EQ(cas->warps.size(), 16u * 8u);
            const std::uint64_t threads = l.grid.count() * l.block.count();
            EXPECT_EQ(
                std::accumulate(cas->histogram.begin(), cas->histogram.end(), std::uint64_t(0)),
                threads);
            EXPECT_GE(run->run.figures.at("casAttemptsTotal"), 1.0);  // someone wrote the word
            ASSERT_EQ(l.blocks.size(), l.grid.count());
            for (std::size_t b = 0; b < l.blocks.size(); ++b) ASSERT_EQ(l.blocks.block[b], b);
        }
}

// The blog's point, on one element: the original loop's winning CAS returns
// the old, larger word, so it loops once more; the Modified loops stop.
TEST(ArgminKernels, TheOriginalLoopAlwaysMakesTwoCas) {
    WS_REQUIRE_GPU();
    for (auto [variant, expected] :
         {std::pair{"cas-original", 2.0}, {"cas-modified", 1.0}, {"cas-modified-new", 1.0}}) {
        auto run = atomics::runArgmin(
            test::atomicsParams("argmin", {"n=1", std::string("variant=") + variant}),
            test::quickOptions(), test::device());
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_EQ(run->run.figures.at("casAttemptsTotal"), expected) << variant;
        EXPECT_EQ(run->run.figures.at("casThreadsWithCas"), 1.0) << variant;
    }
}

TEST(ArgminKernels, TheShuffleVariantMakesOneAtomicPerBlock) {
    WS_REQUIRE_GPU();
    auto run = atomics::runArgmin(
        test::atomicsParams("argmin", {"n=2^22", "variant=shuffle-atomicmin", "input=blog"}),
        test::quickOptions(), test::device());
    ASSERT_TRUE(run.ok()) << run.error();
    const RecordTable* mins = findTable(run->run.launches[0].tables, kBlockMinsTable);
    ASSERT_NE(mins, nullptr);
    EXPECT_EQ(mins->rows(), run->run.launches[0].grid.count());
    EXPECT_GE(run->run.figures.at("blocksLowered"), 1.0);
}

TEST(ArgminKernels, RefusesABlockTheDeviceCannotRun) {
    WS_REQUIRE_GPU();
    DeviceInfo small = test::device();
    small.maxThreadsPerBlock = 128;
    auto run = atomics::runArgmin(test::atomicsParams("argmin", {"block=256"}),
                                  test::quickOptions(), small);
    ASSERT_FALSE(run.ok());
    EXPECT_NE(run.error().find("block=256"), std::string::npos) << run.error();
}

}  // namespace
}  // namespace ws
