#include "widgets/view/palette.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "widgets/view/colour_scheme.h"

namespace ws::palette {

namespace {
// Okabe & Ito (2008), without black, which is kept for text.
constexpr std::array<QRgb, 7> kOkabeIto = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
                                           0x0072B2, 0xD55E00, 0xCC79A7};
// Paul Tol's "bright" and "vibrant" qualitative schemes (without grey).
constexpr std::array<QRgb, 7> kTolBright = {0x4477AA, 0xEE6677, 0x228833, 0xCCBB44,
                                            0x66CCEE, 0xAA3377, 0xBBBBBB};
constexpr std::array<QRgb, 7> kTolVibrant = {0xEE7733, 0x0077BB, 0x33BBEE, 0xEE3377,
                                             0xCC3311, 0x009988, 0xBBBBBB};
// Paul Tol's "muted" scheme: nine colours for many categories (SMs).
constexpr std::array<QRgb, 9> kTolMuted = {0x332288, 0x88CCEE, 0x44AA99, 0x117733, 0x999933,
                                           0xDDCC77, 0xCC6677, 0x882255, 0xAA4499};

const std::array<QRgb, 7>& primarySet() {
    switch (ColourScheme::instance()->categorical()) {
        case CategoricalSet::TolBright:
            return kTolBright;
        case CategoricalSet::TolVibrant:
            return kTolVibrant;
        case CategoricalSet::OkabeIto:
            break;
    }
    return kOkabeIto;
}

Scheme scheme() { return ColourScheme::instance()->scheme(); }

// The colour for the scheme in use, given for light, dark and projector.
QColor perScheme(QRgb light, QRgb dark, QRgb projector) {
    switch (scheme()) {
        case Scheme::Dark:
            return QColor(dark);
        case Scheme::Projector:
            return QColor(projector);
        case Scheme::Light:
            break;
    }
    return QColor(light);
}
bool dark() { return scheme() == Scheme::Dark; }
}  // namespace

QColor okabeIto(int index) {
    const auto& set = primarySet();
    const int n = int(set.size());
    return QColor(set[std::size_t(((index % n) + n) % n)]);
}

QColor categorical(int index) {
    if (ColourScheme::instance()->categorical() != CategoricalSet::OkabeIto) return okabeIto(index);
    const int n = int(kTolMuted.size());
    return QColor(kTolMuted[std::size_t(((index % n) + n) % n)]);
}

QColor stateColour(BlockState state) {
    switch (state) {
        case BlockState::Waiting:
            return dark() ? QColor(QRgb(0x4A4A4A)) : QColor(QRgb(0xD9D9D9));
        case BlockState::Running:
            return okabeIto(0);  // orange in the default set: draws the eye
        case BlockState::Done:
            return okabeIto(4);  // blue in the default set
        case BlockState::NotRecorded:
            return background();
    }
    return {};
}

QColor smColour(unsigned sm) { return categorical(int(sm)); }

QColor seriesColour(int index) {
    // Blue, vermilion, green, purple, orange, sky in the default set; the
    // order puts the most distinct pairs first.
    // The seventh is the text colour; then the cycle repeats (shapes tell those apart).
    static constexpr std::array<int, 6> order = {4, 5, 2, 6, 0, 1};
    const int i = std::max(0, index) % 7;
    return i == 6 ? text() : okabeIto(order[std::size_t(i)]);
}

QColor background() { return perScheme(0xFFFFFF, 0x1E1E1E, 0xFFFFFF); }
// Darker on a projector, where a faint grey vanishes.
QColor gridLine() { return perScheme(0xE0E0E0, 0x3C3C3C, 0xB0B0B0); }
QColor text() { return perScheme(0x000000, 0xF0F0F0, 0x000000); }
QColor mutedText() { return perScheme(0x555555, 0xB4B4B4, 0x202020); }
QColor selection() { return okabeIto(5); }
QColor hover() { return text(); }
QColor playhead() { return okabeIto(5); }
QColor future() { return perScheme(0xEBEBEB, 0x2C2C2C, 0xDDDDDD); }
QColor cellFill() { return perScheme(0xF2F2F2, 0x3A3A3A, 0xE8E8E8); }
// Pale yellow; a dim yellow under the dark scheme's light text.
QColor cellFillAlternate() { return perScheme(0xFFF3C4, 0x645520, 0xFFE9A0); }
QColor futureVeil() {
    QColor c = background();
    c.setAlpha(185);
    return c;
}
QColor labelPlate() {
    QColor c = background();
    c.setAlpha(150);
    return c;
}
// Okabe-Ito yellow; a dark olive under the dark scheme's light text.
QColor markedRow() { return perScheme(0xF0E442, 0x5C5414, 0xF0E442); }
QColor rowStripe() { return perScheme(0xF7F7F7, 0x272727, 0xEEEEEE); }
QColor idleCell() { return perScheme(0xE4E4E4, 0x4A4A4A, 0xD6D6D6); }

QColor textOn(const QColor& fill) {
    auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = fill.toRgb();
    const double l =
        0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
    // Contrast with white (1.05 / (l + 0.05)) against with black ((l + 0.05) / 0.05).
    return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? QColor(Qt::white) : QColor(Qt::black);
}

}  // namespace ws::palette
