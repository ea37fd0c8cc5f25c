#include "widgets/warp_view.h"

#include <gtest/gtest.h>

#include "tests/widgets/qt_test_support.h"

namespace ws {
namespace {

const QColor kActive(0x00, 0x9E, 0x73);

TEST(WarpView, ShowsActiveLanesOfTheCurrentStep) {
    test::app();
    PlaybackModel model;
    model.setRun(test::smallPrepared());
    model.setSelected({0, 0});
    WarpView view(&model);
    view.resize(700, 360);
    model.setTime(360);  // step 3: stride 16, lanes 0..15 of warp 0 combine
    EXPECT_EQ(view.shownStep(), 3);
    const QImage img = test::render(view);
    auto at = [&](std::size_t warp, int lane) {
        return img.pixelColor(view.cellRect(warp, lane).center().toPoint());
    };
    EXPECT_TRUE(test::near(at(0, 0), kActive, 10));
    EXPECT_TRUE(test::near(at(0, 15), kActive, 10));
    EXPECT_FALSE(test::near(at(0, 16), kActive, 10));
    EXPECT_FALSE(test::near(at(1, 0), kActive, 10));
    model.setTime(60);  // step 0, the load: every lane active
    const QImage load = test::render(view);
    EXPECT_TRUE(test::near(load.pixelColor(view.cellRect(3, 31).center().toPoint()), kActive, 10));
}

TEST(WarpView, SaysWhenTheBlockWasNotTraced) {
    test::app();
    PlaybackModel model;
    model.setRun(test::smallPrepared());
    model.setSelected({0, 5});
    WarpView view(&model);
    view.resize(600, 300);
    EXPECT_FALSE(view.table().traced());
    EXPECT_EQ(view.shownStep(), -1);
    const QImage img = test::render(view);
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3)
            ASSERT_FALSE(test::near(img.pixelColor(x, y), kActive, 10));
}

}  // namespace
}  // namespace ws
