// The tile walk: its geometry alone, the phases it picks from the records or
// the model, and its pixels: the phase's tiles where the tiling puts them,
// the printed kernel's A tile that stays at k = 0 beside the corrected one,
// and a click on C selecting that block.
#include <gtest/gtest.h>

#include <QMouseEvent>

#include "tests/widgets/matmul/matmul_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/matmul/tile_walk_colours.h"
#include "widgets/matmul/tile_walk_view.h"

namespace ws {
namespace {

namespace tc = tile_walk_colours;

TEST(TileWalkLayout, ThreeSquaresAndTheirInverse) {
    const TileWalkLayout l = TileWalkLayout::fit(QRectF(0, 0, 420, 400), 100, 20);
    EXPECT_DOUBLE_EQ(l.c.width(), 190);
    EXPECT_DOUBLE_EQ(l.a.top(), l.c.top());
    EXPECT_DOUBLE_EQ(l.b.left(), l.c.left());
    EXPECT_LT(l.a.right(), l.c.left());
    const QRectF tile = l.on(TileMatrix::C, {32, 64, 32, 32});
    EXPECT_DOUBLE_EQ(tile.left(), l.c.left() + 64 * 1.9);
    const auto hit = l.hit(l.on(TileMatrix::C, {48, 80, 1, 1}).center());
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->matrix, TileMatrix::C);
    EXPECT_EQ(hit->row, 48u);
    EXPECT_EQ(hit->col, 80u);
    EXPECT_FALSE(l.hit(l.corner.center()));
    // In a view wider than tall the squares are centred: the free room above
    // A reaches the left edge, all of it for the text beside B.
    const TileWalkLayout wide = TileWalkLayout::fit(QRectF(10, 0, 600, 300), 100, 20);
    EXPECT_DOUBLE_EQ(wide.corner.left(), 10);
    EXPECT_DOUBLE_EQ(wide.corner.right(), wide.a.right());
    EXPECT_GT(wide.corner.width(), wide.a.width() + 100);
}

TEST(TileWalkData, RecordedPhasesOfTracedBlocksAndTheModelForOthers) {
    test::app();
    auto prepared = test::preparedMatmulRun(
        {{"variant", "shared-tiling"}, {"n", "100"}, {"traced_blocks", "2"}}, 0.01);
    const TileWalkData d = TileWalkData::build(prepared.get());
    ASSERT_TRUE(d.valid()) << d.problem();
    EXPECT_EQ(d.tracedBlocks(), (std::vector<std::uint32_t>{0, 15}));
    const TileWalkBlock last = d.walk(15);
    ASSERT_EQ(last.phases.size(), 4u);
    EXPECT_EQ(last.c, (MatrixRect{96, 96, 4, 4}));
    EXPECT_EQ(last.phaseAt(last.startNs - 1), -1);
    EXPECT_EQ(last.phaseAt(last.endNs), 3);
    const double second = last.phases[1].startNs;
    EXPECT_EQ(last.phaseAt(second), 1);
    // Block 5 was not traced: the model's four phases, spread over its time.
    const TileWalkBlock other = d.walk(5);
    ASSERT_EQ(other.phases.size(), 4u);
    EXPECT_FALSE(other.measured);
    EXPECT_EQ(other.phases[2].tiles.a, (MatrixRect{32, 64, 32, 32}));
}

QPoint centreOf(const TileWalkView& v, TileMatrix m, const MatrixRect& r) {
    return v.layout().on(m, r).center().toPoint();
}

TEST(TileWalkView, DrawsThePhasesTilesWhereTheTilingPutsThem) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMatmulRun({{"variant", "shared-tiling"}, {"n", "128"}}, 0.01));
    TileWalkView view(&model);
    view.resize(900, 760);
    const TileWalkBlock w = view.shownWalk();
    ASSERT_EQ(w.block, 0u);
    ASSERT_EQ(w.phases.size(), 4u);
    model.setTime((w.phases[1].startNs + w.phases[2].startNs) / 2);  // inside phase 2 of 4
    EXPECT_EQ(view.shownPhase(w), 1);
    const QImage image = test::render(view);
    EXPECT_TRUE(test::near(image.pixelColor(centreOf(view, TileMatrix::A, {0, 32, 32, 32})),
                           tc::tileA(), 40));
    EXPECT_TRUE(test::near(image.pixelColor(centreOf(view, TileMatrix::B, {32, 0, 32, 32})),
                           tc::tileB(), 40));
    // A lesson can point at a phase, whatever the time.
    Highlight h;
    h.step = 3;
    model.setHighlight(h);
    EXPECT_EQ(view.shownPhase(w), 3);
}

TEST(TileWalkView, ThePrintedKernelsATileStaysAtTheStart) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMatmulRun(
        {{"variant", "seed-tiled-bug"}, {"n", "40"}, {"block_dim", "8"}}, 0.01));
    TileWalkView view(&model);
    view.resize(900, 760);
    ASSERT_TRUE(view.data().showsCorrection());
    EXPECT_GT(view.data().wrongEntries(), 0u);
    const TileWalkBlock w = view.shownWalk();
    ASSERT_EQ(w.phases.size(), 5u);
    model.setTime(w.phases[3].startNs + 1);  // phase 4: B rows 24..31, A still k 0..7
    const QImage image = test::render(view);
    EXPECT_TRUE(
        test::near(image.pixelColor(centreOf(view, TileMatrix::A, {0, 0, 8, 8})), tc::tileA(), 40));
    EXPECT_TRUE(test::near(image.pixelColor(centreOf(view, TileMatrix::B, {24, 0, 8, 8})),
                           tc::tileB(), 40));
    // The corrected kernel's tile (k 24..31) is outlined, dashed, in vermillion.
    const QRect right = view.layout().on(TileMatrix::A, {0, 24, 8, 8}).toRect();
    EXPECT_TRUE(test::anyNear(image, right.adjusted(-3, -3, 3, 3), tc::correction(), 40));
    // The wrong entries are crossed in C.
    const MatmulMismatch& m = view.data().mismatches().front();
    const QRect cell = view.layout().on(TileMatrix::C, {m.row, m.col, 1, 1}).toRect();
    EXPECT_TRUE(test::anyNear(image, cell.adjusted(-3, -3, 3, 3), tc::wrong(), 40));
}

TEST(TileWalkData, ACorruptPhasesTableFallsBackToTheModelAndSaysWhy) {
    test::app();
    ws::Run run = modelledMatmulRun({{"variant", "shared-tiling"}, {"n", "100"}}, 0.01);
    for (auto& t : run.launches[0].tables)
        if (t.name == "phases") std::get<std::vector<std::uint32_t>>(t.columns[0].data)[0] = 99;
    const auto prepared = prepareRun(std::make_shared<const ws::Run>(run));
    const TileWalkData d = TileWalkData::build(prepared.get());
    ASSERT_TRUE(d.valid());
    EXPECT_NE(d.problem().find("block 99 is not below the grid size 16"), std::string::npos)
        << d.problem();
    EXPECT_EQ(d.walk(0).phases.size(), 4u);  // the model's
    EXPECT_FALSE(d.walk(0).measured);
}

TEST(TileWalkView, ClickingCSelectsThatBlock) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMatmulRun({{"variant", "coalesced"}, {"n", "100"}}, 0.01));
    TileWalkView view(&model);
    view.resize(900, 760);
    test::render(view);
    // C rows 40, column 70: block (x 2, y 1) of a 4-wide grid, linear 6.
    const QPointF at = view.layout().on(TileMatrix::C, {40, 70, 1, 1}).center();
    QMouseEvent press(QEvent::MouseButtonPress, at, view.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&view, &press);
    EXPECT_EQ(view.shownBlock(), 6u);
}

TEST(TileWalkView, RunsWithoutTilesStillPaint) {
    test::app();
    for (const char* variant : {"cpu-blocked", "cublas", "seed-naive"}) {
        PlaybackModel model;
        model.setRun(test::preparedMatmulRun({{"variant", variant}, {"n", "64"}}, 0.01));
        TileWalkView view(&model);
        view.resize(600, 500);
        model.setTime(model.duration() / 2);
        const QImage image = test::render(view);
        EXPECT_FALSE(image.isNull()) << variant;
        EXPECT_TRUE(view.data().valid()) << variant;
    }
}

}  // namespace
}  // namespace ws
