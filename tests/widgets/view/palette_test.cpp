// Every scheme's text stays readable on the fills views put text on: an
// active lane, the variant on show, a warp's alternate phase. In the dark
// scheme those fills were the light scheme's near-white, under near-white
// text.
#include "widgets/view/palette.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "widgets/view/colour_scheme.h"
#include "widgets/view/sequential_scale.h"

namespace ws {
namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& c) {
    auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

TEST(Palette, TextIsReadableOnEveryFillInEveryScheme) {
    for (Scheme s : {Scheme::Light, Scheme::Dark, Scheme::Projector}) {
        ColourScheme::instance()->setScheme(s);
        SCOPED_TRACE(schemeName(s).toStdString());
        // 4.5: WCAG AA for body text.
        EXPECT_GE(contrast(palette::text(), palette::background()), 4.5);
        EXPECT_GE(contrast(palette::text(), palette::cellFill()), 4.5);
        EXPECT_GE(contrast(palette::text(), palette::cellFillAlternate()), 4.5);
        EXPECT_GE(contrast(palette::text(), palette::idleCell()), 4.5);
        EXPECT_GE(contrast(palette::text(), palette::markedRow()), 4.5);
        EXPECT_GE(contrast(palette::text(), palette::rowStripe()), 4.5);
        // The veil over the future is the background's own colour.
        EXPECT_EQ(palette::futureVeil().rgb(), palette::background().rgb());
        EXPECT_LT(palette::futureVeil().alpha(), 255);
        EXPECT_GE(contrast(palette::mutedText(), palette::background()), 4.5);
        // The fills must still stand apart from the background they sit on.
        EXPECT_GE(contrast(palette::cellFill(), palette::background()), 1.1);
        // The alternate tone differs by hue (pale yellow against grey), not
        // by lightness: compare the channels.
        const QColor a = palette::cellFillAlternate(), f = palette::cellFill();
        EXPECT_GE(std::max({std::abs(a.red() - f.red()), std::abs(a.green() - f.green()),
                            std::abs(a.blue() - f.blue())}),
                  40);
        EXPECT_GE(contrast(palette::idleCell(), palette::background()), 1.2);
    }
    ColourScheme::instance()->setScheme(Scheme::Light);
}

TEST(SequentialScale, MoreStandsFurtherFromTheBackgroundInEveryScheme) {
    for (Scheme s : {Scheme::Light, Scheme::Dark, Scheme::Projector}) {
        ColourScheme::instance()->setScheme(s);
        SCOPED_TRACE(schemeName(s).toStdString());
        const QColor bg = palette::background();
        double last = 0;
        for (double f : {0.0, 0.25, 0.5, 0.75, 1.0}) {
            const double c = contrast(sequentialColour(f), bg);
            EXPECT_GT(c, last) << f;
            last = c;
        }
        EXPECT_GE(contrast(sequentialColour(1.0), bg), 3.0);
        // The least still shows: thin bars of cheap items vanished on a
        // projector at 1.4 (ColorBrewer's C6DBEF on white).
        if (bg.lightness() >= 128) EXPECT_GE(contrast(sequentialColour(0.0), bg), 1.6);
    }
    ColourScheme::instance()->setScheme(Scheme::Light);
}

}  // namespace
}  // namespace ws
