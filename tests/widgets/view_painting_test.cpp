// Text fitted to a view's room: wrapped at spaces, and cut with a visible
// ellipsis where the lines run out.
#include "widgets/view_painting.h"

#include <gtest/gtest.h>

#include <QFontMetrics>

#include "tests/widgets/qt_test_support.h"

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
}  // namespace ws
