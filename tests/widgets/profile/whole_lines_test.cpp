// Text broken into whole lines for the why-slow views' narrow panes:
// nothing left out, words kept whole where they fit a line.
#include "widgets/view/whole_lines.h"

#include <gtest/gtest.h>

#include <QFont>

#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

QFontMetrics metrics() {
    test::app();
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    mono.setPixelSize(20);
    return QFontMetrics(mono);
}

TEST(WholeLines, EveryLineFitsAndNothingIsLeftOut) {
    const QFontMetrics fm = metrics();
    const QString text = QStringLiteral(
        "treeInterleavedDivergent<kRecord>(sdata, tid, blockSize, "
        "std::size_t(x) * height + y);");
    const int width = fm.horizontalAdvance(QStringLiteral("0123456789abcdef"));
    const QStringList lines = wholeLines(fm, text, width);
    ASSERT_GT(lines.size(), 2);
    for (const QString& l : lines) EXPECT_LE(fm.horizontalAdvance(l), width) << l.toStdString();
    QString joined = lines.join(QString());
    QString all = text;
    EXPECT_EQ(joined.remove(QLatin1Char(' ')), all.remove(QLatin1Char(' ')));
    // A word is broken after its punctuation where it can be.
    EXPECT_TRUE(lines.contains(QStringLiteral("std::size_t(x) *")))
        << lines.join(QLatin1Char('|')).toStdString();
    // Never inside a "::".
    const QStringList name = wholeLines(fm, QStringLiteral("ws::memory::transposeNaive"),
                                        fm.horizontalAdvance(QStringLiteral("ws::memory:")));
    ASSERT_GE(name.size(), 2);
    for (qsizetype i = 1; i < name.size(); ++i)
        EXPECT_FALSE(name[i - 1].endsWith(QLatin1Char(':')) && name[i].startsWith(QLatin1Char(':')))
            << name.join(QLatin1Char('|')).toStdString();
}

TEST(WholeLines, AShortFirstLineAndWordsKeptTogether) {
    const QFontMetrics fm = metrics();
    const int width = fm.horizontalAdvance(QStringLiteral("line 71: 31 instructions,"));
    // Beside a label, the first word that does not fit starts the next line.
    const QStringList beside =
        wholeLines(fm, QStringLiteral("if (active) *p = v;"), width, fm.horizontalAdvance('x'));
    ASSERT_GE(beside.size(), 2);
    EXPECT_EQ(beside.front(), QString());
    EXPECT_EQ(beside[1], QStringLiteral("if (active) *p = v;"));
    // "line 71" and "1,234 samples" are not broken apart; drawn, their
    // no-break spaces are spaces.
    const QStringList title =
        wholeLines(fm,
                   QStringLiteral("%1: %2, %3")
                       .arg(keptTogether(QStringLiteral("reduction_tree.cuh line 71")),
                            keptTogether(QStringLiteral("31 instructions")),
                            keptTogether(QStringLiteral("1,234,567 samples"))),
                   width);
    for (const QString& l : title) {
        EXPECT_FALSE(l.endsWith(QStringLiteral(" line"))) << l.toStdString();
        EXPECT_FALSE(l.contains(QChar(0x00A0))) << l.toStdString();
    }
    EXPECT_TRUE(title.contains(QStringLiteral("1,234,567 samples")))
        << title.join(QLatin1Char('|')).toStdString();
}

TEST(WholeLines, UpToALineCountTheLastSaysItWasCut) {
    const QFontMetrics fm = metrics();
    const QStringList lines =
        wholeLinesUpTo(fm, QStringLiteral("one two three four five six seven eight"),
                       fm.horizontalAdvance(QStringLiteral("three four")), 2);
    ASSERT_EQ(lines.size(), 2);
    EXPECT_TRUE(lines.back().endsWith(QChar(0x2026))) << lines.back().toStdString();
}

}  // namespace
}  // namespace ws
