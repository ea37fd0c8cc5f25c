// Text fitted to a view's room: wrapped at spaces, and cut with a visible
// ellipsis where the lines run out.
#include "widgets/view/view_painting.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QFontMetrics>
#include <QImage>
#include <QPainter>

#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

TEST(ViewPainting, WrapToWidthBreaksAtSpacesAndKeepsLineBreaks) {
    test::app();
    const QFontMetrics fm(QFont{});
    const int width = fm.horizontalAdvance(QStringLiteral("Phase 64 of 64:"));
    QString wrapped =
        wrapToWidth(fm, QStringLiteral("Phase 64 of 64: A[0-127]\nMeasured: clock64"), width);
    for (const QString& line : wrapped.split('\n'))
        EXPECT_TRUE(!line.contains(' ') || fm.horizontalAdvance(line) <= width)
            << line.toStdString();
    EXPECT_EQ(wrapped.remove('\n').remove(' '),
              QStringLiteral("Phase64of64:A[0-127]Measured:clock64"));
}

TEST(ViewPainting, WrapToLinesEndsACutWithAnEllipsis) {
    test::app();
    const QFontMetrics fm(QFont{});
    const QString text = QStringLiteral("one two three four five six seven eight nine ten");
    const int width = fm.horizontalAdvance(QStringLiteral("three four"));
    const QString all = wrapToWidth(fm, text, width);
    const int lines = int(all.count('\n')) + 1;
    ASSERT_GT(lines, 3);
    // Room for every line: nothing is cut.
    EXPECT_EQ(wrapToLines(fm, text, width, lines), all);
    // Room for two: two lines, the second ending in "…", none wider than the room.
    const QStringList two = wrapToLines(fm, text, width, 2).split('\n');
    ASSERT_EQ(two.size(), 2);
    EXPECT_EQ(two[0], all.split('\n')[0]);
    EXPECT_TRUE(two[1].endsWith(QChar(0x2026))) << two[1].toStdString();
    for (const QString& line : two) EXPECT_LE(fm.horizontalAdvance(line), width);
}

}  // namespace
// A legend entry wider than its area takes more lines instead of being cut
// at the area's edge ("… (+1 pass e").
TEST(ViewPainting, ALegendEntryWiderThanItsAreaWraps) {
    test::app();
    QFont font = QApplication::font();
    const QFontMetrics fm(font);
    const std::vector<LegendItem> items{
        {Qt::red, QStringLiteral("conflict: a bank serves several words (+1 pass each)")},
        {Qt::blue, QStringLiteral("one lane")}};
    const int width = fm.horizontalAdvance(items[0].label) / 2;
    EXPECT_GT(legendHeight(font, width, items), 2 * fm.height());
    QImage image(width + 20, 400, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setFont(font);
    const int used = drawLegend(p, QRect(0, 0, width, 400), items);
    p.end();
    EXPECT_EQ(used, legendHeight(font, width, items));
    // Nothing painted right of the area.
    bool outside = false;
    for (int y = 0; y < image.height(); ++y)
        for (int x = width + 2; x < image.width(); ++x)
            outside = outside || image.pixelColor(x, y) != QColor(Qt::white);
    EXPECT_FALSE(outside);
}

}  // namespace ws
