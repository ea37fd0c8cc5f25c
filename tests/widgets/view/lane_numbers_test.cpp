// Lane numbers fit their own cells: smaller where the cells are narrow, on
// plates over the neighbours only where even the smallest does not fit.
#include "widgets/view/lane_numbers.h"

#include <gtest/gtest.h>

#include <QFontMetricsF>

#include "tests/widgets/support/qt_test_support.h"
#include "widgets/view/ui_scale.h"

namespace ws {
namespace {

double twoDigits(const QFont& f) {
    return QFontMetricsF(f).horizontalAdvance(QStringLiteral("00")) + 2;
}

TEST(LaneNumbers, EveryLaneInItsOwnCellWhereItFits) {
    test::app();
    QFont f;
    f.setPointSizeF(18);  // a projector's
    const double wide = twoDigits(f);
    const LaneNumbers roomy = laneNumbersFor(f, wide + 4);
    EXPECT_EQ(roomy.every, 1);
    EXPECT_FALSE(roomy.plates);
    EXPECT_EQ(roomy.font.pointSizeF(), 18);

    // A little narrower: every lane, in a smaller font that fits the cell.
    const LaneNumbers narrow = laneNumbersFor(f, wide * 0.8);
    EXPECT_EQ(narrow.every, 1);
    EXPECT_FALSE(narrow.plates);
    EXPECT_LE(twoDigits(narrow.font), wide * 0.8 + 1);

    // Much narrower: every fourth lane, still inside its cell.
    const LaneNumbers tight = laneNumbersFor(f, wide * 0.6);
    EXPECT_EQ(tight.every, 4);
    EXPECT_FALSE(tight.plates);
    EXPECT_LE(twoDigits(tight.font), wide * 0.6 + 1);

    // Narrower than the smallest font allowed: plates over the neighbours.
    const LaneNumbers plates = laneNumbersFor(f, wide * 0.4);
    EXPECT_EQ(plates.every, 4);
    EXPECT_TRUE(plates.plates);
}

// On a projector the numbers shrink only to 85 % of the slide's font, the
// smallest a room reads; narrower cells get plates again.
TEST(LaneNumbers, PresentationKeepsThemReadable) {
    test::app();
    UiScale::instance()->setModeFactor(UiScale::kPresentationFactor);
    QFont f;
    f.setPointSizeF(20);
    const double wide = twoDigits(f);
    const LaneNumbers slight = laneNumbersFor(f, wide * 0.9);
    EXPECT_EQ(slight.every, 1);
    EXPECT_FALSE(slight.plates);
    const LaneNumbers narrow = laneNumbersFor(f, wide * 0.6);
    EXPECT_TRUE(narrow.plates);
    EXPECT_EQ(narrow.every, 4);
    EXPECT_NEAR(narrow.font.pointSizeF(), 17, 0.01);
    UiScale::instance()->setModeFactor(1);
}

}  // namespace
}  // namespace ws
