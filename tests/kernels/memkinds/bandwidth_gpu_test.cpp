// memory-bandwidth on the GPU: every point's checksum is the CPU's, for
// block sizes that divide nothing evenly too; a set in L1 is read faster
// than one in HBM, and HBM's figure is one an HBM GPU can reach.
#include "tests/kernels/memkinds/memkinds_gpu.h"

namespace ws {
namespace {

std::vector<memkinds::BandwidthPoint> pointsOf(const Run& run) {
    auto points = memkinds::readBandwidth(run);
    EXPECT_TRUE(points.ok()) << points.error();
    return points.ok() ? *points : std::vector<memkinds::BandwidthPoint>{};
}

TEST(MemkindsBandwidth, EveryPointVerified) {
    WS_REQUIRE_GPU();
    for (const char* block : {"256", "96", "1024"}) {
        SCOPED_TRACE(std::string("block ") + block);
        auto run = memkinds::runBandwidth(
            test::memkindsParams("memory-bandwidth", {"min_bytes=16384", "max_bytes=4194304",
                                                      std::string("block=") + block}),
            test::memkindsOptions(), test::memkindsDevice());
        test::expectVerifiedWithRecords(run);
        if (!run.ok()) continue;
        const auto points = pointsOf(*run);
        // 16 KiB .. 4 MiB with plain loads, again through L2 only, then shared memory.
        ASSERT_EQ(points.size(), 9u + 9u + 1u);
        for (const auto& p : points) {
            EXPECT_TRUE(p.verified) << p.workingSetBytes;
            EXPECT_GT(p.gbPerS, 0) << p.workingSetBytes;
            // Passes enough for about 2 ms a launch: the launch's start is lost in it.
            EXPECT_GT(p.ms, 0.5) << p.workingSetBytes;
        }
        EXPECT_EQ(points.back().level, memkinds::BandwidthLevel::Shared);
    }
}

TEST(MemkindsBandwidth, HbmBetweenOneAndFiveTerabytesAndL1Faster) {
    WS_REQUIRE_GPU();
    auto run = memkinds::runBandwidth(
        test::memkindsParams("memory-bandwidth",
                             {"min_bytes=32768", "max_bytes=1073741824", "block=512"}),
        test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(run);
    if (!run.ok()) return;
    const auto points = pointsOf(*run);
    ASSERT_GE(points.size(), 3u);
    std::vector<memkinds::BandwidthPoint> global;
    for (const auto& p : points)
        if (p.level == memkinds::BandwidthLevel::Global) global.push_back(p);
    ASSERT_GE(global.size(), 2u);
    const auto& l1 = global.front();  // 32 KiB
    const auto& hbm = global.back();  // 1 GiB
    const auto& shared = points.back();
    ASSERT_EQ(hbm.workingSetBytes, std::uint64_t(1) << 30);
    EXPECT_GT(hbm.gbPerS, 1000);
    EXPECT_LT(hbm.gbPerS, 5000);
    EXPECT_GT(l1.gbPerS, 2 * hbm.gbPerS);
    EXPECT_GT(shared.gbPerS, hbm.gbPerS);
    EXPECT_NEAR(run->figures.at("hbm_gbs"), hbm.gbPerS, 1e-9);
    // L2 alone (the ld.global.cg series) between the two.
    ASSERT_TRUE(run->figures.count("l2_gbs"));
    EXPECT_GT(run->figures.at("l2_gbs"), 2 * hbm.gbPerS);
    EXPECT_LT(run->figures.at("l2_gbs"), l1.gbPerS);
    ::testing::Test::RecordProperty("hbm_gbs", std::to_string(hbm.gbPerS));
    ::testing::Test::RecordProperty("l1_gbs", std::to_string(l1.gbPerS));
    ::testing::Test::RecordProperty("shared_gbs", std::to_string(shared.gbPerS));
    // The run's timing is the largest set's launch.
    EXPECT_NEAR(run->timing.bytesMoved, double(hbm.bytesRead), 1);
}

}  // namespace
}  // namespace ws
