// What the recording builds write: a record for every block, the tiles of
// every phase of the traced blocks as the model says (the printed kernel's A
// tile stuck at k = 0), and the traced warp's shared reads at the model's
// addresses.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/matmul/matmul_records.h"
#include "core/matmul/matmul_traffic.h"
#include "core/trace/trace_io.h"
#include "kernels/common/event_timing.h"
#include "tests/kernels/matmul/matmul_gpu.h"

namespace ws {
namespace {

void expectRecordsMatchTheModel(const std::string& variant, std::uint32_t n,
                                const std::string& blockDim) {
    SCOPED_TRACE(variant + " n=" + std::to_string(n) + " BLOCK_DIM " + blockDim);
    auto run = test::runVariant(variant, n, blockDim, "2");
    ASSERT_TRUE(run.ok()) << run.error();
    const Run& r = run->run;
    ASSERT_TRUE(validateRun(r).ok()) << validateRun(r).error();
    ASSERT_TRUE(validateMatmulRun(r).ok()) << validateMatmulRun(r).error();
    ASSERT_EQ(r.launches.size(), 1u);
    const Launch& l = r.launches[0];
    ASSERT_EQ(l.blocks.size(), l.grid.count());
    for (std::size_t i = 0; i < l.blocks.size(); ++i) {
        ASSERT_EQ(l.blocks.block[i], i) << "block " << i << " never finished";
        // The start is stored as the block begins, the end as it finishes.
        ASSERT_NE(l.blocks.startNs[i], 0u) << "block " << i << " has no start";
        ASSERT_LE(l.blocks.startNs[i], l.blocks.endNs[i]) << "block " << i;
        ASSERT_LE(l.blocks.startClock[i], l.blocks.endClock[i]) << "block " << i;
        // %smid need not number the SMs 0..count-1; the reduction tests' bound.
        ASSERT_LT(l.blocks.sm[i], std::uint32_t(std::max(4 * r.device.smCount, 256)))
            << "block " << i;
    }

    auto shape = matmulRunShape(r);
    ASSERT_TRUE(shape.ok()) << shape.error();
    auto phases = readMatmulPhases(*shape, l);
    ASSERT_TRUE(phases.ok()) << phases.error();
    const std::uint32_t count = phaseCount(*shape->tiling, n);
    const std::uint32_t last = std::uint32_t(l.grid.count() - 1);
    const bool buggy = shape->variant == MatmulVariant::SeedTiledBug;
    for (std::uint32_t block : {0u, last}) {
        const auto mine = phasesOfBlock(*phases, block);
        ASSERT_EQ(mine.size(), count) << "block " << block;
        for (const MatmulPhase* p : mine) {
            const PhaseTiles want = phaseTiles(*shape->tiling, n, block, p->phase, buggy);
            EXPECT_EQ(p->a.row, want.a.row);
            EXPECT_EQ(p->a.col, want.a.col) << "phase " << p->phase;
            EXPECT_EQ(p->b.row, want.b.row);
            EXPECT_EQ(p->b.col, want.b.col);
        }
    }
    const auto model =
        shape->tiling->warptile
            ? warptileSharedReads(*shape->tiling->warptile, 0, kMatmulTracedKSteps)
            : matmulSharedReads(shape->variant, shape->blockDim, 0, kMatmulTracedKSteps,
                                std::min(shape->tiling->tileK, n));
    const auto& s = l.sharedAccesses;
    ASSERT_EQ(s.size(), 2 * model.size());  // two traced blocks
    for (std::size_t i = 0; i < s.size(); ++i) {
        const MatmulSharedRead& m = model[i % model.size()];
        EXPECT_EQ(s.widthBytes[i], m.access.widthBytes) << m.what;
        for (int lane = 0; lane < 32; ++lane)
            ASSERT_EQ(s.address[i * 32 + lane], m.access.address[lane])
                << m.what << " lane " << lane;
        EXPECT_GT(s.cycles[i], 0) << m.what;
    }
}

TEST(MatmulRecordsGpu, TiledVariantsRecordWhatTheModelSays) {
    WS_REQUIRE_GPU();
    for (const char* variant :
         {"shared-tiling", "blocktile-1d", "blocktile-2d", "vectorized", "warptile", "warptile-db"})
        expectRecordsMatchTheModel(variant, 300, "8");
    for (const char* bd : {"8", "16", "32"}) {
        expectRecordsMatchTheModel("seed-tiled", 100, bd);
        expectRecordsMatchTheModel("seed-tiled-bug", 100, bd);
    }
}

TEST(MatmulRecordsGpu, UntiledVariantsRecordBlocksOnly) {
    WS_REQUIRE_GPU();
    for (const char* variant : {"seed-naive", "coalesced"}) {
        auto run = test::runVariant(variant, 70);
        ASSERT_TRUE(run.ok()) << run.error();
        const Launch& l = run->run.launches.at(0);
        EXPECT_EQ(l.blocks.size(), l.grid.count());
        EXPECT_EQ(findTable(l.tables, "phases"), nullptr);
        EXPECT_EQ(l.sharedAccesses.size(), 0u);
    }
}

TEST(MatmulRecordsGpu, OverheadIsMeasured) {
    WS_REQUIRE_GPU();
    RunOptions o = test::matmulOptions();
    o.repetitions = 5;
    o.measureOverhead = true;
    auto run = matmul::runMatmul({{"variant", "warptile"}, {"n", "1024"}}, o, test::matmulDevice(),
                                 &test::matmulInputs(1024));
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_EQ(run->recordedMs.size(), run->plainMs.size());
    EXPECT_GT(run->run.timing.recordedKernelMs, 0);
    EXPECT_TRUE(run->run.verification.passed);
}

// The recording overhead is measured by turns: a plain run, then the
// recording one after its preparation, then the other way round, and so on;
// a warm-up pair first (recording first, as every odd pair).
TEST(MatmulMeasure, ThePlainAndRecordingBuildsAreTimedByTurns) {
    WS_REQUIRE_GPU();
    std::string order;
    auto turns = timeRunsByTurns(
        3, nullptr,
        [&]() -> Status {
            order += 'p';
            return {};
        },
        [&]() -> Status {
            order += 'r';
            return {};
        },
        [&]() -> Status {
            order += 'b';
            return {};
        });
    ASSERT_TRUE(turns.ok()) << turns.error();
    EXPECT_EQ(order, "brppbrbrppbr");
    EXPECT_EQ(turns->first.size(), 3u);
    EXPECT_EQ(turns->second.size(), 3u);
    // A failing run stops the measurement with its reason.
    auto failed = timeRunsByTurns(
        2, nullptr, []() -> Status { return {}; },
        []() -> Status { return makeError("the recording launch failed"); });
    ASSERT_FALSE(failed.ok());
    EXPECT_NE(failed.error().find("the recording launch failed"), std::string::npos);
}

}  // namespace
}  // namespace ws
