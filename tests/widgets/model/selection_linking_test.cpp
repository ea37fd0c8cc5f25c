// One PlaybackModel shared by every view: a selection made in one view is
// what every other view shows.
#include <gtest/gtest.h>

#include <QMouseEvent>

#include "tests/widgets/support/qt_test_support.h"
#include "widgets/reduction/warp_view.h"
#include "widgets/timeline/grid_view.h"
#include "widgets/timeline/timeline_view.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

TEST(SelectionLinking, GridClickMovesTimelineAndWarpView) {
    test::app();
    PlaybackModel model;
    model.setRun(test::smallPrepared());
    GridView grid(&model);
    TimelineView timeline(&model);
    WarpView warps(&model);
    grid.resize(640, 360);
    timeline.resize(900, 480);
    warps.resize(600, 300);
    ASSERT_TRUE(warps.table().traced());  // block 0, the traced one, is selected first

    std::uint32_t col, row;
    ASSERT_TRUE(grid.layout().tileOf(6, col, row));
    const QPointF at = grid.tileRect(col, row).center();
    QMouseEvent press(QEvent::MouseButtonPress, at, grid.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&grid, &press);

    EXPECT_EQ(model.selected(), (BlockRef{0, 6}));
    EXPECT_EQ(warps.table().block, (BlockRef{0, 6}));
    EXPECT_FALSE(warps.table().traced());
    const QImage img = test::render(timeline);
    const QPointF c = timeline.pointOf({0, 6});
    EXPECT_TRUE(
        test::anyNear(img, QRect(int(c.x()) - 2, int(c.y()) - 60, 4, 120), palette::selection()));
}

TEST(SelectionLinking, HoverInTheTimelineHighlightsInTheGrid) {
    test::app();
    PlaybackModel model;
    model.setRun(test::smallPrepared());
    GridView grid(&model);
    TimelineView timeline(&model);
    grid.resize(640, 360);
    timeline.resize(900, 480);
    const QPointF at = timeline.pointOf({0, 3});
    QMouseEvent move(QEvent::MouseMove, at, timeline.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(&timeline, &move);
    EXPECT_EQ(model.hovered(), (BlockRef{0, 3}));
}

TEST(PlaybackModel, StepsPlayAndClamp) {
    test::app();
    PlaybackModel model;
    model.setRun(test::smallPrepared());
    EXPECT_DOUBLE_EQ(model.time(), 1900);  // a new run opens at its end state
    model.toStart();
    model.stepForward();
    EXPECT_DOUBLE_EQ(model.time(), 50);  // block 0's first traced step
    model.stepBack();
    EXPECT_DOUBLE_EQ(model.time(), 0);
    model.setTime(-5);
    EXPECT_DOUBLE_EQ(model.time(), 0);
    model.setStep(1000);
    EXPECT_DOUBLE_EQ(model.time(), 1900);
    model.toStart();
    model.play();
    EXPECT_TRUE(model.playing());
    model.pause();
    EXPECT_FALSE(model.playing());
}

}  // namespace
}  // namespace ws
