// Contention on the GPU: every counter exact and every value handed out
// once, for one address and many, both spacings; the curve measured and
// checked point by point.
#include "core/atomics/contention_model.h"
#include "tests/kernels/atomics/atomics_gpu.h"

namespace ws {
namespace {

TEST(ContentionKernels, CountersExactAndTicketsUnique) {
    WS_REQUIRE_GPU();
    for (const char* threads : {"32", "1000", "65536"})
        for (const char* addresses : {"1", "7", "32"})
            for (const char* spacing : {"word", "line"}) {
                SCOPED_TRACE(std::string(threads) + " threads, " + addresses + " " + spacing);
                auto run = atomics::runContention(
                    test::atomicsParams(
                        "atomic-contention",
                        {std::string("threads=") + threads, std::string("addresses=") + addresses,
                         std::string("spacing=") + spacing, "per_thread=5"}),
                    test::quickOptions(), test::device());
                ASSERT_TRUE(run.ok()) << run.error();
                EXPECT_TRUE(run->run.verification.passed) << run->run.verification.note;
                auto curve = readContentionCurve(run->run);
                ASSERT_TRUE(curve.ok()) << curve.error();
                EXPECT_EQ(curve->size(), curveThreadCounts(std::stoul(threads)).size());
                EXPECT_GT(run->run.figures.at("atomicsPerSecond"), 0);
            }
}

TEST(ContentionKernels, ManyAddressesOutrunOne) {
    WS_REQUIRE_GPU();
    auto one = atomics::runContention(
        test::atomicsParams("atomic-contention", {"threads=262144", "addresses=1"}),
        test::quickOptions(), test::device());
    auto many = atomics::runContention(
        test::atomicsParams("atomic-contention",
                            {"threads=262144", "addresses=65536", "spacing=line"}),
        test::quickOptions(), test::device());
    ASSERT_TRUE(one.ok()) << one.error();
    ASSERT_TRUE(many.ok()) << many.error();
    EXPECT_GT(many->run.figures.at("atomicsPerSecond"), one->run.figures.at("atomicsPerSecond"));
}

}  // namespace
}  // namespace ws
