// l2-distance on the GPU: every SM the census finds measured once, in id
// order, each chase ending where the CPU says on the SM it was sent to.
#include "core/memkinds/l2_partitions.h"
#include "tests/kernels/memkinds/memkinds_gpu.h"

namespace ws {
namespace {

TEST(MemkindsL2Distance, EverySmMeasuredOnce) {
    WS_REQUIRE_GPU();
    const DeviceInfo device = test::memkindsDevice();
    auto run = memkinds::runL2Distance(
        test::memkindsParams("l2-distance", {"bytes=4096", "stride=128", "loads=512"}),
        test::memkindsOptions(), device);
    test::expectVerifiedWithRecords(run);
    if (!run.ok()) return;
    auto points = memkinds::readSmLatency(*run);
    ASSERT_TRUE(points.ok()) << points.error();
    EXPECT_EQ(points->size(), std::size_t(device.smCount)) << run->texts["placement"];
    EXPECT_EQ(run->figures.at("sms_missed"), 0.0) << run->texts["placement"];
    for (std::size_t i = 0; i < points->size(); ++i) {
        const auto& p = (*points)[i];
        if (i > 0) EXPECT_GT(p.sm, (*points)[i - 1].sm);
        EXPECT_EQ(p.finalIndex, p.expectedIndex) << "SM " << p.sm;
        // An L2 hit: more than an L1 hit, less than a trip to HBM and back.
        EXPECT_GT(p.cyclesPerLoad, 50) << "SM " << p.sm;
        EXPECT_LT(p.cyclesPerLoad, 2000) << "SM " << p.sm;
    }
    const memkinds::L2Split split = memkinds::splitL2Partitions(*points);
    ::testing::Test::RecordProperty("l2_near_cycles", std::to_string(split.nearCycles));
    ::testing::Test::RecordProperty("l2_far_cycles", std::to_string(split.farCycles));
    // The recorded launch: one block per SM, the measuring one among them.
    EXPECT_EQ(run->launches.front().grid.count(), std::uint64_t(device.smCount));
}

TEST(MemkindsL2Distance, MegabytesAndOddStrides) {
    WS_REQUIRE_GPU();
    auto run = memkinds::runL2Distance(
        test::memkindsParams("l2-distance", {"bytes=1048576", "stride=64", "loads=256"}),
        test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(run);
}

}  // namespace
}  // namespace ws
