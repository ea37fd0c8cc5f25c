// local-memory on the GPU: the three variants' results equal the CPU's, the
// registers variant keeps its array in registers and the others use local
// memory; in the occupancy sweep every SM held as many blocks as the
// occupancy API predicts.
#include "kernels/memkinds/local_kernels.h"
#include "tests/kernels/memkinds/memkinds_gpu.h"

namespace ws {
namespace {

TEST(MemkindsLocal, VariantsExactAndWhereTheirArrayLives) {
    WS_REQUIRE_GPU();
    for (const char* block : {"256", "96"}) {
        SCOPED_TRACE(std::string("block ") + block);
        auto run = memkinds::runLocal(
            test::memkindsParams("local-memory", {"n=65536", std::string("block=") + block}),
            test::memkindsOptions(), test::memkindsDevice());
        test::expectVerifiedWithRecords(run);
        if (!run.ok()) continue;
        auto rows = memkinds::readLocal(*run);
        ASSERT_TRUE(rows.ok()) << rows.error();
        ASSERT_EQ(rows->size(), 3u);
        for (const auto& r : *rows) {
            EXPECT_TRUE(r.verified) << memkinds::localKindName(r.kind);
            if (r.kind == memkinds::LocalKind::Registers)
                EXPECT_EQ(r.localBytesPerThread, 0u);
            else
                EXPECT_GT(r.localBytesPerThread, 0u) << memkinds::localKindName(r.kind);
            if (r.kind == memkinds::LocalKind::Spilled)
                EXPECT_LE(r.registersPerThread, memkinds::kSpilledRegisters);
            ::testing::Test::RecordProperty(
                std::string(memkinds::localKindName(r.kind)) + " registers/local bytes",
                std::to_string(r.registersPerThread) + "/" + std::to_string(r.localBytesPerThread));
        }
    }
}

void expectMeasuredAsPredicted(const Run& run, std::size_t atLeast) {
    auto points = memkinds::readOccupancy(run);
    ASSERT_TRUE(points.ok()) << points.error();
    EXPECT_GE(points->size(), atLeast);
    for (const auto& p : *points) {
        EXPECT_GT(p.predictedBlocksPerSm, 0u);
        EXPECT_EQ(p.measuredBlocksPerSm, p.predictedBlocksPerSm)
            << p.registersPerThread << " registers, " << p.threadsPerBlock << " threads, "
            << p.sharedBytesPerBlock << " B shared";
    }
}

TEST(MemkindsLocal, OccupancySweepMeasuredAsPredicted) {
    WS_REQUIRE_GPU();
    auto run = memkinds::runLocal(test::memkindsParams("local-memory", {"n=4096", "block=256"}),
                                  test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(run);
    if (!run.ok()) return;
    expectMeasuredAsPredicted(*run, memkinds::occupancyCaps().size());
    // Fewer registers, more blocks: the sweep's predictions never fall.
    auto points = memkinds::readOccupancy(*run);
    ASSERT_TRUE(points.ok());
    for (std::size_t i = 1; i < points->size(); ++i)
        EXPECT_GE((*points)[i].predictedBlocksPerSm, (*points)[i - 1].predictedBlocksPerSm);
    EXPECT_GT(points->back().predictedBlocksPerSm, points->front().predictedBlocksPerSm);
}

TEST(MemkindsLocal, OccupancySweepWithSharedMemoryAndLargeBlocks) {
    WS_REQUIRE_GPU();
    auto shared = memkinds::runLocal(
        test::memkindsParams("local-memory", {"n=4096", "block=128", "shared_kib=100"}),
        test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(shared);
    if (shared.ok()) {
        expectMeasuredAsPredicted(*shared, memkinds::occupancyCaps().size());
        auto points = memkinds::readOccupancy(*shared);
        ASSERT_TRUE(points.ok());
        for (const auto& p : *points) EXPECT_LE(p.predictedBlocksPerSm, 2u);
    }
    // 1024 threads: the caps above 64 registers fit no block, and say so.
    auto large = memkinds::runLocal(test::memkindsParams("local-memory", {"n=4096", "block=1024"}),
                                    test::memkindsOptions(), test::memkindsDevice());
    test::expectVerifiedWithRecords(large);
    if (large.ok()) {
        expectMeasuredAsPredicted(*large, 1);
        EXPECT_TRUE(large->texts.count("occupancy-skipped"));
    }
}

}  // namespace
}  // namespace ws
