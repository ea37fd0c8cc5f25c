// A caption line too wide for its box gives up its least important pieces,
// never its value ("result 45…", "1 wa…" on a projector).
#include "widgets/view/caption_fit.h"

#include <gtest/gtest.h>

#include <QFont>

#include "tests/widgets/support/qt_test_support.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

TEST(CaptionFit, TheLightestPiecesGoFirstAndTheValueStays) {
    test::app();
    const QFontMetrics fm(QFont{});
    const std::vector<CaptionPiece> pieces{{QStringLiteral("16,384 blocks"), kCaptionValue},
                                           {QStringLiteral(" on 132 of 132 SMs"), 2},
                                           {QStringLiteral(", up to 6 resident per SM"), 1},
                                           {QStringLiteral(", 30 waves"), kCaptionValue},
                                           {QStringLiteral("; visible 395 µs"), 0}};
    QString whole;
    for (const auto& p : pieces) whole += p.text;
    EXPECT_EQ(fitCaptionPieces(fm, fm.horizontalAdvance(whole) + 3, pieces), whole);
    const QString noSpan = QStringLiteral(
        "16,384 blocks on 132 of 132 SMs, up to 6 resident per "
        "SM, 30 waves");
    EXPECT_EQ(fitCaptionPieces(fm, fm.horizontalAdvance(noSpan) + 3, pieces), noSpan);
    const QString values = QStringLiteral("16,384 blocks, 30 waves");
    EXPECT_EQ(fitCaptionPieces(fm, fm.horizontalAdvance(values) + 3, pieces), values);
    // Only the values, still too wide: shortened at the end, as a last resort.
    EXPECT_TRUE(
        fitCaptionPieces(fm, fm.horizontalAdvance(values) / 2, pieces).endsWith(QChar(0x2026)));
}

TEST(CaptionFit, TheFullestFormThatFits) {
    test::app();
    const QFontMetrics fm(QFont{});
    const QStringList forms{QStringLiteral("at 3 µs: 12 blocks running, 40 of 512 done"),
                            QStringLiteral("12 running, 40 of 512 done"),
                            QStringLiteral("40 of 512 done")};
    EXPECT_EQ(fitCaptionForms(fm, 10000, forms), forms[0]);
    EXPECT_EQ(fitCaptionForms(fm, fm.horizontalAdvance(forms[1]) + 3, forms), forms[1]);
    EXPECT_EQ(fitCaptionForms(fm, fm.horizontalAdvance(forms[2]) + 3, forms), forms[2]);
}

TEST(CaptionFit, LabelsOnAFillTakeTheContrastingText) {
    // White on sky blue read poorly on a projector; black on dark blue too.
    EXPECT_EQ(palette::textOn(QColor(QRgb(0x56B4E9))), QColor(Qt::black));
    EXPECT_EQ(palette::textOn(QColor(QRgb(0x0072B2))), QColor(Qt::white));
    EXPECT_EQ(palette::textOn(QColor(Qt::white)), QColor(Qt::black));
}

}  // namespace
}  // namespace ws
