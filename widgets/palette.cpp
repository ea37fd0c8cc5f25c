#include "widgets/palette.h"

#include <array>

namespace ws::palette {

namespace {
// Okabe & Ito (2008), without black, which is kept for text.
constexpr std::array<QRgb, 7> kOkabeIto = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
                                           0x0072B2, 0xD55E00, 0xCC79A7};
// Paul Tol's "muted" qualitative scheme.
constexpr std::array<QRgb, 9> kTolMuted = {0x332288, 0x88CCEE, 0x44AA99, 0x117733, 0x999933,
                                           0xDDCC77, 0xCC6677, 0x882255, 0xAA4499};
}  // namespace

QColor okabeIto(int index) {
    const int n = int(kOkabeIto.size());
    return QColor(kOkabeIto[((index % n) + n) % n]);
}

QColor categorical(int index) {
    const int n = int(kTolMuted.size());
    return QColor(kTolMuted[((index % n) + n) % n]);
}

QColor stateColour(BlockState state) {
    switch (state) {
        case BlockState::Waiting:
            return QColor(QRgb(0xD9D9D9));
        case BlockState::Running:
            return QColor(QRgb(0xE69F00));  // orange: draws the eye
        case BlockState::Done:
            return QColor(QRgb(0x0072B2));  // blue
        case BlockState::NotRecorded:
            return QColor(QRgb(0xFFFFFF));
    }
    return {};
}

QColor smColour(unsigned sm) { return categorical(int(sm)); }

QColor seriesColour(int index) {
    static constexpr std::array<QRgb, 7> order = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7,
                                                  0xE69F00, 0x56B4E9, 0x000000};
    return QColor(order[std::size_t(index) % order.size()]);
}

QColor background() { return QColor(QRgb(0xFFFFFF)); }
QColor gridLine() { return QColor(QRgb(0xE0E0E0)); }
QColor text() { return QColor(QRgb(0x000000)); }
QColor mutedText() { return QColor(QRgb(0x555555)); }
QColor selection() { return QColor(QRgb(0xD55E00)); }
QColor hover() { return QColor(QRgb(0x000000)); }
QColor playhead() { return QColor(QRgb(0xD55E00)); }
QColor future() { return QColor(QRgb(0xEBEBEB)); }

}  // namespace ws::palette
