// constant-memory on the GPU: every lane of every path and distinct count
// sums what the CPU says; 32 distinct indices cost the constant cache more
// than one broadcast.
#include "core/memkinds/constant_broadcast.h"
#include "tests/kernels/memkinds/memkinds_gpu.h"

namespace ws {
namespace {

TEST(MemkindsConstant, EveryLaneOfEveryPathVerified) {
    WS_REQUIRE_GPU();
    for (const char* distinct : {"1", "4", "32"}) {
        SCOPED_TRACE(distinct);
        auto run = memkinds::runConstant(
            test::memkindsParams("constant-memory",
                                 {std::string("distinct=") + distinct, "loads=1024"}),
            test::memkindsOptions(), test::memkindsDevice());
        test::expectVerifiedWithRecords(run);
        if (!run.ok()) continue;
        auto points = memkinds::readConstant(*run);
        ASSERT_TRUE(points.ok()) << points.error();
        EXPECT_EQ(points->size(), 3 * memkinds::distinctCounts().size());
        for (const auto& p : *points) EXPECT_TRUE(p.verified);
        EXPECT_EQ(run->figures.at("constant_passes"), std::stod(distinct));
    }
}

TEST(MemkindsConstant, ThirtyTwoDistinctIndicesAreSlowerThanOne) {
    WS_REQUIRE_GPU();
    auto run = memkinds::runConstant(
        test::memkindsParams("constant-memory", {"distinct=32", "loads=4096"}),
        test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(run);
    if (!run.ok()) return;
    const double one = run->figures.at("constant_cycles_1");
    const double all = run->figures.at("constant_cycles_32");
    EXPECT_GT(all, 2 * one) << "1 distinct: " << one << " cycles, 32: " << all;
    // Passes grow with the distinct count.
    EXPECT_LE(one, run->figures.at("constant_cycles_4"));
    EXPECT_LE(run->figures.at("constant_cycles_4"), all);
    ::testing::Test::RecordProperty("constant_cycles_1", std::to_string(one));
    ::testing::Test::RecordProperty("constant_cycles_32", std::to_string(all));
    ::testing::Test::RecordProperty("global_cycles_32",
                                    std::to_string(run->figures.at("global_cycles_32")));
}

}  // namespace
}  // namespace ws
