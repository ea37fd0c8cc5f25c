// memory-latency on the GPU: every load path's chase ends where the CPU
// says, set by set; a set in L1 costs fewer cycles per load than one in HBM.
#include <algorithm>

#include "core/memkinds/chase_reference.h"
#include "tests/kernels/memkinds/memkinds_gpu.h"

namespace ws {
namespace {

TEST(MemkindsLatency, EveryPathEndsWhereTheCpuSays) {
    WS_REQUIRE_GPU();
    for (const char* path : {"global", "ldg", "cg", "shared", "constant", "texture"}) {
        SCOPED_TRACE(path);
        auto run = memkinds::runLatency(
            test::memkindsParams("memory-latency",
                                 {std::string("path=") + path, "min_bytes=1024", "max_bytes=65536",
                                  "stride=128", "loads=1024", "points_per_octave=1"}),
            test::memkindsOptions(), test::memkindsDevice());
        test::expectVerifiedWithRecords(run);
        if (!run.ok()) continue;
        auto points = memkinds::readLatency(*run);
        ASSERT_TRUE(points.ok()) << points.error();
        ASSERT_EQ(points->size(), 7u);  // 1, 2, 4 ... 64 KiB
        for (const auto& p : *points) {
            EXPECT_EQ(p.finalIndex, p.expectedIndex) << p.workingSetBytes;
            EXPECT_GT(p.cyclesPerLoad, 1.0) << p.workingSetBytes;
            EXPECT_GT(p.nsPerLoad, 0.0) << p.workingSetBytes;
        }
        EXPECT_EQ(run->launches.front().grid.count(), 1u);
    }
}

TEST(MemkindsLatency, OddStridesAndOneSet) {
    WS_REQUIRE_GPU();
    for (const char* stride : {"4", "64", "4096"}) {
        SCOPED_TRACE(stride);
        auto run = memkinds::runLatency(
            test::memkindsParams(
                "memory-latency",
                {std::string("stride=") + stride, "min_bytes=8192", "max_bytes=8192", "loads=256"}),
            test::memkindsOptions(), test::memkindsDevice());
        test::expectVerifiedWithRecords(run);
    }
}

TEST(MemkindsLatency, AnL1SetIsNearerThanAnHbmSet) {
    WS_REQUIRE_GPU();
    auto run = memkinds::runLatency(
        test::memkindsParams("memory-latency", {"path=global", "min_bytes=16384",
                                                "max_bytes=268435456", "loads=2048"}),
        test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(run);
    if (!run.ok()) return;
    auto points = memkinds::readLatency(*run);
    ASSERT_TRUE(points.ok()) << points.error();
    const double l1 = points->front().cyclesPerLoad;  // 16 KiB
    const double hbm = points->back().cyclesPerLoad;  // 256 MiB
    EXPECT_GT(hbm, 3 * l1) << "16 KiB: " << l1 << " cycles, 256 MiB: " << hbm << " cycles";
    ::testing::Test::RecordProperty("l1_cycles", std::to_string(l1));
    ::testing::Test::RecordProperty("hbm_cycles", std::to_string(hbm));
    EXPECT_TRUE(run->figures.count("l1_cycles")) << "no L1 plateau found";
    EXPECT_TRUE(run->figures.count("hbm_cycles")) << "no HBM plateau found";
    if (run->figures.count("l1_cycles") && run->figures.count("l2_cycles"))
        EXPECT_LT(run->figures.at("l1_cycles"), run->figures.at("l2_cycles"));
}

TEST(MemkindsLatency, SharedMemoryIsNearerThanL2) {
    WS_REQUIRE_GPU();
    auto shared = memkinds::runLatency(
        test::memkindsParams("memory-latency",
                             {"path=shared", "min_bytes=4096", "max_bytes=4096", "loads=2048"}),
        test::memkindsOptions(), test::memkindsDevice());
    auto cg = memkinds::runLatency(
        test::memkindsParams("memory-latency",
                             {"path=cg", "min_bytes=4096", "max_bytes=4096", "loads=2048"}),
        test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(shared);
    test::expectVerifiedWithRecords(cg);
    if (!shared.ok() || !cg.ok()) return;
    EXPECT_LT(shared->figures.at("largest_set_cycles"), cg->figures.at("largest_set_cycles"));
}

TEST(MemkindsLatency, ThroughTheRunner) {
    WS_REQUIRE_GPU();
    RunOptions o = test::memkindsOptions();
    o.timeCpu = true;  // the lab has no CPU counterpart: the runner leaves the run alone
    auto run = runExperiment(*findExperiment("memory-latency"),
                             {{"max_bytes", "65536"}, {"loads", "256"}}, o);
    test::expectVerifiedWithRecords(run);
    if (run.ok()) EXPECT_EQ(run->experiment, "memory-latency");
}

}  // namespace
}  // namespace ws
