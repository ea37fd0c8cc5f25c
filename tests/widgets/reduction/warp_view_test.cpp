#include "widgets/reduction/warp_view.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"

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

// In a narrow view the lane numbers thin out with a gap between them: at
// 190 px "12", "16", "20" were drawn a digit apart and read as "1216202428".
TEST(WarpView, LaneNumbersNeverRunTogether) {
    test::app();
    PlaybackModel model;
    model.setRun(test::smallPrepared());
    model.setSelected({0, 0});
    WarpView view(&model);
    view.show();
    const QFontMetrics fm(view.font());
    for (const int width : {160, 190, 240, 320, 480, 700}) {
        view.resize(width, 300);
        std::map<double, std::vector<QRectF>> rows;  // numbers by their top
        for (const auto& t : test::probeText(&view)) {
            bool number = false;
            t.text.toInt(&number);
            if (number) rows[t.box.top()].push_back(t.box);
        }
        ASSERT_FALSE(rows.empty()) << width;
        std::vector<QRectF> lanes = rows.begin()->second;  // the header, the topmost row
        ASSERT_GE(lanes.size(), 2u) << width;
        std::sort(lanes.begin(), lanes.end(),
                  [](const QRectF& a, const QRectF& b) { return a.left() < b.left(); });
        for (std::size_t i = 1; i < lanes.size(); ++i)
            EXPECT_GE(lanes[i].left() - lanes[i - 1].left(),
                      fm.horizontalAdvance(QStringLiteral("00")) + fm.averageCharWidth() / 2)
                << width;
    }
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
