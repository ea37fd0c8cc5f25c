// The tensor tile view: each variant's split into warpgroups or warps and
// instructions, what an instruction covers and which elements thread 0's
// accumulators hold (the PTX ISA's D fragment), the instruction playback
// reaches from the pipeline's steps, its pixels, and cuBLAS's sentence; and
// the BF16 ladder's bars as % of cuBLAS and of the tensor peak.
#include <gtest/gtest.h>

#include "app/gui/tensorcore/tensorcore_series.h"
#include "core/tensorcore/tensorcore_variants.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/tensorcore/tensorcore_test_runs.h"
#include "widgets/tensorcore/tensor_tile_view.h"

namespace ws {
namespace {

TEST(TensorTileShape, WarpgroupsAndInstructionsOfEachRung) {
    const auto tma = tensorTileShape(TensorCoreVariant::WarpSpecialized);
    ASSERT_TRUE(tma);
    EXPECT_EQ(tma->instruction, "wgmma.mma_async m64n256k16");
    EXPECT_EQ(tma->units(), 2u);
    EXPECT_EQ(tma->perPhase(), 4u);  // 64 deep in k16 steps
    EXPECT_EQ(tma->accumulatorsPerThread, 128u);
    EXPECT_TRUE(tma->producer);
    EXPECT_FALSE(tensorTileShape(TensorCoreVariant::WgmmaTma)->producer);
    EXPECT_EQ(tensorTileShape(TensorCoreVariant::Wgmma)->accumulatorsPerThread, 64u);
    const auto mma = tensorTileShape(TensorCoreVariant::MmaSync);
    EXPECT_EQ(mma->units(), 8u);
    EXPECT_EQ(mma->perPhase(), 2u * 4u * 4u);  // 2 k16 steps of 4 x 4 m16n8 tiles
    EXPECT_EQ(mma->accumulatorsPerThread, 64u);
    EXPECT_FALSE(tensorTileShape(TensorCoreVariant::Wmma)->layoutKnown);
    EXPECT_FALSE(tensorTileShape(TensorCoreVariant::Cublas));
}

TEST(TensorTileShape, AnInstructionsSlabsAndThreadZerosAccumulators) {
    const TensorTileShape s = *tensorTileShape(TensorCoreVariant::WgmmaTma);
    // Warpgroup 1's third k16 step: rows 64..127, k 32..47.
    const TensorInstruction in = tensorInstruction(s, 1, 2);
    EXPECT_EQ(in.a, (MatrixRect{64, 32, 64, 16}));
    EXPECT_EQ(in.b, (MatrixRect{32, 0, 16, 256}));
    EXPECT_EQ(in.c, (MatrixRect{64, 0, 64, 256}));
    const auto cells = accumulatorCells(s, in, 0);
    ASSERT_EQ(cells.size(), 128u);
    EXPECT_EQ(cells[0], (TileCell{64, 0}));
    EXPECT_EQ(cells[1], (TileCell{64, 1}));
    EXPECT_EQ(cells[2], (TileCell{72, 0}));
    EXPECT_EQ(cells[4], (TileCell{64, 8}));
    EXPECT_EQ(cells.back(), (TileCell{72, 249}));
    // Thread 37 (warp 1, lane 5): rows 16 + 1, columns 2 and 3 of each 8.
    EXPECT_EQ(accumulatorCells(s, in, 37)[0], (TileCell{64 + 17, 2}));
    // mma-sync: warp 5 (row 1, column 1 of warps), its instruction 6 of 32
    // is k16 step 0, tile row 1, column 2 of its 4 x 4.
    const TensorTileShape m = *tensorTileShape(TensorCoreVariant::MmaSync);
    const TensorInstruction mi = tensorInstruction(m, 5, 6);
    EXPECT_EQ(mi.c, (MatrixRect{64 + 16, 32 + 16, 16, 8}));
    EXPECT_EQ(accumulatorCells(m, mi, 0),
              (std::vector<TileCell>{{80, 48}, {80, 49}, {88, 48}, {88, 49}}));
}

TEST(TensorTileView, PlaybackStepsThroughAPhasesInstructions) {
    test::app();
    PlaybackModel model;
    TensorTileView view(&model);
    view.resize(900, 620);
    model.setRun(test::preparedTc(test::tensorCoreRun("wgmma-tma", 1024, 1)));
    ASSERT_TRUE(view.data().valid()) << view.data().message();
    ASSERT_EQ(view.data().spans().size(), 16u);
    const TensorPhaseSpan& step3 = view.data().spans()[3];
    // Three quarters into step 3's wgmma: its fourth instruction.
    model.setTime(step3.start + 0.8 * (step3.end - step3.start));
    const TensorTilePosition p = view.data().positionAt(model.time());
    EXPECT_EQ(p.step, 3);
    EXPECT_EQ(p.index, 3u);
    EXPECT_EQ(view.shownInstruction().a, (MatrixRect{0, 48, 64, 16}));
    EXPECT_TRUE(view.captionLines()
                    .join(QLatin1Char(' '))
                    .contains(QStringLiteral(
                        "thread 0 (•): rows 0 and 8, columns 0, 1, 8, 9, 16, 17, …, 249")))
        << view.captionLines().join(QLatin1Char('\n')).toStdString();
    const QImage image = test::render(view);
    const TensorTileLayout l = view.layout();
    EXPECT_TRUE(test::anyNear(image, l.onA(view.shownInstruction().a).toRect(),
                              QColor(0x00, 0x72, 0xB2), 60));
    EXPECT_TRUE(test::anyNear(image, l.onC(view.shownInstruction().c).toRect(),
                              QColor(QRgb(0xD55E00)), 20));
}

TEST(TensorTileView, CublasHasNoTileOfOurs) {
    test::app();
    PlaybackModel model;
    TensorTileView view(&model);
    model.setRun(test::preparedTc(test::tensorCoreRun("cublas")));
    EXPECT_FALSE(view.data().valid());
    EXPECT_NE(view.data().message().find("cuBLAS's own kernel"), std::string::npos);
}

TEST(TensorCoreLadder, RungsAsShareOfCublasAndOfTheTensorPeak) {
    const ws::Run shown = test::tensorCoreRun("wgmma-tma", 4096, 0);
    TensorCoreSources s;
    for (const auto& [variant, tflops] :
         {std::pair{"wmma", 165.0}, {"wgmma-tma", 600.0}, {"cublas", 750.0}, {"mma-sync", 300.0}})
        s.session.push_back({variant, 4096, tflops * 1000, shown.device.name, true});
    s.session.push_back({"wmma", 2048, 100000, shown.device.name, true});
    const LadderData d = tensorCoreLadder(&shown, s);
    EXPECT_EQ(d.title, QStringLiteral("Tensor-core ladder (BF16), n = 4096"));
    EXPECT_DOUBLE_EQ(d.peakGBs, 750);  // TFLOP/s
    EXPECT_EQ(d.unit, QStringLiteral("TFLOP/s"));
    ASSERT_EQ(d.bars.size(), 4u);  // in ladder order
    EXPECT_EQ(d.bars[0].label, QStringLiteral("wmma"));
    EXPECT_EQ(d.bars[1].label, QStringLiteral("mma-sync"));
    EXPECT_EQ(d.bars[2].label, QStringLiteral("wgmma-tma"));
    EXPECT_TRUE(d.bars[2].current);
    EXPECT_DOUBLE_EQ(d.bars[2].gbps, 600);
    // 132 SMs x 4096 x 1.755 GHz = 948.9 TFLOP/s: 600 is 63 %.
    EXPECT_EQ(d.bars[2].note, QStringLiteral("63 % of BF16 peak"));
    RooflineData r;
    // What the matrix multiply's roofline said of a run not its own.
    r.note = QStringLiteral("the run on show (matmul-tc) is not one of them");
    addTensorCoreRoof(r, &shown, s);
    EXPECT_NEAR(r.tensorPeakGflops, 132 * 4096 * 1.755, 1);
    EXPECT_TRUE(r.note.isEmpty()) << r.note.toStdString();
    ASSERT_TRUE(r.current);
    EXPECT_NEAR(r.current->intensity, 128.0 * 256 / (128 + 256), 1e-9);
    EXPECT_EQ(r.points.size(), 4u);  // every rung but cuBLAS, whose tiles are unknown
}

// The throughput plot of a matmul-tc run: TFLOP/s against n with the BF16
// tensor peak and cuBLAS in BF16, not GB/s against the memory's peak.
TEST(TensorCoreThroughput, TeraflopsAgainstTheBf16Peak) {
    const ws::Run shown = test::tensorCoreRun("persistent", 4096, 0);
    TensorCoreSources s;
    s.session.push_back({"persistent", 2048, 500000, shown.device.name, true});
    s.session.push_back({"cublas", 4096, 750000, shown.device.name, true});
    s.session.push_back({"cublas", 4096, 700000, "another GPU", true});
    const ThroughputData d = tensorCoreThroughput(shown, s);
    EXPECT_EQ(d.unit, QStringLiteral("TFLOP/s"));
    EXPECT_NEAR(d.peakGBs, 132 * 4096 * 1.755 / 1000, 0.01);  // 948.9 TFLOP/s
    ASSERT_EQ(d.points.size(), 1u);
    EXPECT_EQ(d.points[0].series, QStringLiteral("persistent"));
    EXPECT_DOUBLE_EQ(d.points[0].gbps, 500);
    ASSERT_EQ(d.vendor.size(), 1u);  // the other GPU's cuBLAS is left out
    EXPECT_DOUBLE_EQ(d.vendor[0].gbps, 750);
    ASSERT_TRUE(d.current);
    EXPECT_DOUBLE_EQ(d.current->x, 4096);
    EXPECT_GT(d.current->gbps, 0);
}

}  // namespace
}  // namespace ws
