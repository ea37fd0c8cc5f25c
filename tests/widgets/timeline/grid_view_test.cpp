#include "widgets/timeline/grid_view.h"

#include <gtest/gtest.h>

#include <QMouseEvent>

#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {
namespace {

class GridViewTest : public ::testing::Test {
protected:
    GridViewTest() {
        model.setRun(test::smallPrepared());
        view.resize(640, 360);
    }
    QColor centre(std::uint32_t block) {
        std::uint32_t col, row;
        EXPECT_TRUE(view.layout().tileOf(block, col, row));
        return test::render(view).pixelColor(view.tileRect(col, row).center().toPoint());
    }
    QApplication& m_app = test::app();  // before any widget
    PlaybackModel model;
    GridView view{&model};
};

TEST(GridViewMessage, ARunWithoutKernelsIsNotCalledNoRun) {
    test::app();
    PlaybackModel model;
    GridView view{&model};
    view.resize(640, 360);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();  // the probe reads what visible widgets paint
    const auto said = [&] {
        QString all;
        for (const auto& t : test::probeText(&view)) all += t.text + " ";
        return all;
    };
    EXPECT_TRUE(said().contains("No run loaded")) << said().toStdString();
    ws::Run cpu;  // a run of the CPU: timings, no launches
    cpu.experiment = "matmul";
    model.setRun(prepareRun(std::make_shared<const ws::Run>(cpu)));
    EXPECT_FALSE(said().contains("No run loaded")) << said().toStdString();
    EXPECT_TRUE(said().contains("no blocks to show")) << said().toStdString();
}

TEST(GridViewMessage, ALaunchWithoutBlockRecordsIsNotDrawnAsTiles) {
    // CUB's argmin: the library launches its own kernels, uninstrumented; the
    // view said "1 block of 1 threads" over one grey tile.
    test::app();
    PlaybackModel model;
    GridView view{&model};
    view.resize(640, 360);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    ws::Run run;
    run.experiment = "argmin";
    Launch l;
    l.kernel = "cub::DeviceReduce::ArgMin";
    run.launches.push_back(l);
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    QString all;
    for (const auto& t : test::probeText(&view)) all += t.text + " ";
    EXPECT_TRUE(all.contains("cub::DeviceReduce::ArgMin recorded no blocks")) << all.toStdString();
    EXPECT_FALSE(all.contains("1 block of")) << all.toStdString();
}

// In a laptop's narrow grid dock the title needs three lines; it was given
// two and lost its last word ("1 tile = 11").
TEST(GridViewTitle, TheTitleGetsTheLinesItWrapsTo) {
    test::app();
    PlaybackModel model;
    GridView view{&model};
    ws::Run run = test::smallRun();
    run.launches[0].grid = {4096, 1, 1};
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    for (const int width : {200, 260, 700}) {
        SCOPED_TRACE(width);
        view.resize(width, 300);
        const QFontMetrics fm(titleFont(view.font()));
        const QRect r = view.titleRect();
        const QRect needed =
            fm.boundingRect(QRect(0, 0, r.width(), 10000), Qt::TextWordWrap, view.title());
        EXPECT_GE(r.height(), needed.height()) << view.title().toStdString();
    }
}

TEST_F(GridViewTest, LaysOutTheGridDimensions) {
    const auto g = view.layout();
    EXPECT_EQ(g.cols, 8u);
    EXPECT_EQ(g.rows, 2u);
    EXPECT_EQ(g.blocksPerTile(), 1u);
}

TEST_F(GridViewTest, ColoursTilesByStateAtThePlaybackTime) {
    model.setSelected({});
    model.setTime(500);  // first wave running, second waiting
    EXPECT_TRUE(test::near(centre(0), palette::stateColour(BlockState::Running)));
    EXPECT_TRUE(test::near(centre(12), palette::stateColour(BlockState::Waiting)));
    model.setTime(950);
    EXPECT_TRUE(test::near(centre(3), palette::stateColour(BlockState::Done)));
    EXPECT_TRUE(test::near(centre(12), palette::stateColour(BlockState::Waiting)));
    model.setTime(1900);
    EXPECT_TRUE(test::near(centre(12), palette::stateColour(BlockState::Done)));
}

TEST_F(GridViewTest, ColoursBySmOnceABlockHasStarted) {
    view.setColouring(GridView::Colouring::BySm);
    model.setSelected({});
    model.setTime(500);
    EXPECT_TRUE(test::near(centre(6), palette::smColour(2)));
    EXPECT_TRUE(test::near(centre(13), palette::stateColour(BlockState::Waiting)));
}

TEST_F(GridViewTest, ClickSelectsTheBlock) {
    std::uint32_t col, row;
    ASSERT_TRUE(view.layout().tileOf(13, col, row));
    const QPointF at = view.tileRect(col, row).center();
    QMouseEvent press(QEvent::MouseButtonPress, at, view.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &press);
    EXPECT_EQ(model.selected(), (BlockRef{0, 13}));
    // The selected tile carries the selection outline.
    const QImage img = test::render(view);
    const QRectF r = view.tileRect(col, row);
    const QRect leftEdge(int(r.left()) - 4, int(r.center().y()) - 2, 8, 4);
    EXPECT_TRUE(test::anyNear(img, leftEdge, palette::selection()));
    // ...and no other tile does.
    ASSERT_TRUE(view.layout().tileOf(2, col, row));
    const QRectF other = view.tileRect(col, row);
    EXPECT_FALSE(test::anyNear(img, QRect(int(other.left()) + 4, int(other.center().y()) - 2, 8, 4),
                               palette::selection()));
}

TEST_F(GridViewTest, BinsAMillionBlocks) {
    ws::Run r = test::smallRun();
    r.launches[0].grid = {1'000'000, 1, 1};
    model.setRun(prepareRun(std::make_shared<const ws::Run>(std::move(r))));
    const auto g = view.layout();
    EXPECT_GT(g.blocksPerTile(), 1u);
    EXPECT_GE(g.tile, 6);
    const QImage img = test::render(view);
    EXPECT_FALSE(img.isNull());
}

}  // namespace
}  // namespace ws
