// Every matrix multiply trace bundled in resources/traces against the model:
// it loads and validates, its check passed (the printed kernel's failed),
// its traced blocks' phases are the tiles the model says, its traced warp's
// shared reads the model's addresses, and the tile walk reads it.
#include <gtest/gtest.h>

#include <cstdlib>

#include "app/gui/common/bundled_traces.h"
#include "core/matmul/matmul_records.h"
#include "core/matmul/matmul_traffic.h"
#include "core/trace/trace_io.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/matmul/tile_walk_data.h"

namespace ws {
namespace {

TEST(BundledMatmul, EveryTraceMatchesTheModel) {
    test::app();
    const std::string manifest =
        std::string(std::getenv("WARPSCOPE_SOURCE_DIR")) + "/resources/traces/manifest.json";
    auto bundled = BundledTraces::load(QString::fromStdString(manifest));
    ASSERT_TRUE(bundled.ok()) << bundled.error();
    const auto traces = bundled->forExperiment("matmul");
    if (traces.empty())
        GTEST_SKIP() << "no matmul traces bundled yet (scripts/record-bundled-traces.sh)";
    for (const BundledTrace* t : traces) {
        SCOPED_TRACE(t->file.toStdString());
        auto run = loadTrace(t->file.toStdString());
        ASSERT_TRUE(run.ok()) << run.error();
        ASSERT_TRUE(validateMatmulRun(*run).ok()) << validateMatmulRun(*run).error();
        auto shape = matmulRunShape(*run);
        ASSERT_TRUE(shape.ok());
        const bool buggy = shape->variant == MatmulVariant::SeedTiledBug;
        EXPECT_EQ(run->verification.passed, !(buggy && shape->n > shape->blockDim));
        if (!shape->tiling || run->launches.empty()) continue;
        const Launch& l = run->launches[0];
        EXPECT_EQ(l.blocks.size(), l.grid.count());
        auto phases = readMatmulPhases(*shape, l);
        ASSERT_TRUE(phases.ok());
        for (const MatmulPhase& p : *phases) {
            const PhaseTiles want = phaseTiles(*shape->tiling, shape->n, p.block, p.phase, buggy);
            EXPECT_EQ(p.a, want.a) << "block " << p.block << " phase " << p.phase;
            EXPECT_EQ(p.b, want.b) << "block " << p.block << " phase " << p.phase;
        }
        if (shape->tiling->tileK == 0) continue;
        const auto model =
            shape->tiling->warptile
                ? warptileSharedReads(*shape->tiling->warptile, 0, kMatmulTracedKSteps)
                : matmulSharedReads(shape->variant, shape->blockDim, 0, kMatmulTracedKSteps,
                                    std::min(shape->tiling->tileK, shape->n));
        const auto& s = l.sharedAccesses;
        for (std::size_t i = 0; i < s.size(); ++i)
            for (int lane = 0; lane < 32; ++lane)
                ASSERT_EQ(s.address[i * 32 + lane], model[i % model.size()].access.address[lane]);
        const auto prepared = prepareRun(std::make_shared<const ws::Run>(*run));
        EXPECT_TRUE(TileWalkData::build(prepared.get()).valid());
    }
}

}  // namespace
}  // namespace ws
