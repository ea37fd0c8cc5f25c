// The legend's columns: as many as the width holds, with room to spare for
// text that paints wider than it measures.
#include "widgets/view/legend_columns.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

TEST(LegendColumns, ARowThatOnlyJustFitsIsNotTaken) {
    test::app();
    QCustomPlot plot;
    for (const char* name : {"seed-naive", "seed-tiled", "seed-tiled-bug", "coalesced"})
        plot.addGraph()->setName(QString::fromLatin1(name));
    QCPLegend* legend = plot.legend;
    const auto w = [&](int i) { return legend->item(i)->minimumOuterSizeHint().width(); };
    // Three columns side by side, to the pixel (entries fill rows: the
    // fourth goes under the first): a third column's long name painted
    // past such a cell in a projector's font.
    const int exact = legend->margins().left() + legend->margins().right() +
                      2 * legend->columnSpacing() + std::max(w(0), w(3)) + w(1) + w(2);
    EXPECT_LT(legendColumnsThatFit(legend, exact, 4), 3);
    EXPECT_EQ(legendColumnsThatFit(legend, exact * 2, 4), 4);
    EXPECT_EQ(legendColumnsThatFit(legend, 40, 4), 1);
}

}  // namespace
}  // namespace ws
