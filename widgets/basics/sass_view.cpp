#include "widgets/basics/sass_view.h"

#include <QPainter>
#include <algorithm>

#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

SassView::SassView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    connect(model, &PlaybackModel::runChanged, this, &SassView::rebuild);
    rebuild();
}

void SassView::rebuild() {
    m_active = false;
    m_mul24 = {};
    m_multiply = {};
    m_note.clear();
    const Run* run = m_model->run();
    if (run && run->experiment == "set0-mul24") {
        m_active = true;
        auto text = [&](const char* key) {
            const auto it = run->texts.find(key);
            return it == run->texts.end() ? std::string() : it->second;
        };
        m_mul24 = parseListingText("set0Mul24", text("sass.set0Mul24"));
        m_multiply = parseListingText("set0Multiply", text("sass.set0Multiply"));
        m_mul24.architecture = m_multiply.architecture = text("sass.architecture");
        m_note = QString::fromStdString(text("sass.note"));
        m_extraMul24 = extraOpcodes(m_mul24.instructions, m_multiply.instructions);
        m_extraMultiply = extraOpcodes(m_multiply.instructions, m_mul24.instructions);
    }
    update();
}

QString SassView::timesText() const {
    const Run* run = m_model->run();
    if (!run) return {};
    auto f = [&](const char* k) {
        const auto it = run->figures.find(k);
        return it == run->figures.end() ? 0.0 : it->second;
    };
    return tr("measured in one run, interleaved: __mul24 %1 ms (%2 to %3), multiply %4 ms (%5 to "
              "%6): the multiply takes %7× the time of __mul24")
        .arg(f("mul24Ms"), 0, 'f', 4)
        .arg(f("mul24MinMs"), 0, 'f', 4)
        .arg(f("mul24MaxMs"), 0, 'f', 4)
        .arg(f("multiplyMs"), 0, 'f', 4)
        .arg(f("multiplyMinMs"), 0, 'f', 4)
        .arg(f("multiplyMaxMs"), 0, 'f', 4)
        .arg(f("multiplyToMul24"), 0, 'f', 3);
}

bool SassView::differs(bool mul24Side, std::size_t i) const {
    const SassFunction& f = mul24Side ? m_mul24 : m_multiply;
    const auto& extra = mul24Side ? m_extraMul24 : m_extraMultiply;
    return i < f.instructions.size() && extra.count(f.instructions[i].opcode) > 0;
}

void SassView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (!m_active) {
        drawMessage(p, rect(), tr("Run set0-mul24 to compare the instructions of both versions."));
        return;
    }
    const QFontMetrics fm(font());
    p.setPen(palette::text());
    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height() + 2),
              fitCaptionForms(QFontMetrics(titleFont(font())), width() - 16,
                              {tr("set0: index = __mul24(blockIdx.x, blockDim.x) + threadIdx.x  "
                                  "against  blockIdx.x * blockDim.x + threadIdx.x"),
                               tr("set0's index: __mul24(blockIdx.x, blockDim.x) against "
                                  "blockIdx.x * blockDim.x"),
                               tr("set0's index: __mul24 against a plain multiply")}));
    p.setPen(palette::mutedText());
    // As many lines as the times need: two were cut at a projector's size.
    const QRect timesBox(8, 6 + fm.height(), width() - 16, 1000);
    const int timesH =
        std::max(2 * fm.height(),
                 fm.boundingRect(timesBox, Qt::AlignLeft | Qt::TextWordWrap, timesText()).height());
    p.drawText(QRect(timesBox.topLeft(), QSize(timesBox.width(), timesH + 4)),
               Qt::AlignLeft | Qt::TextWordWrap, timesText());
    const int top = 6 + fm.height() + timesH + 4 + fm.height() + 6;
    if (m_mul24.instructions.empty() && m_multiply.instructions.empty()) {
        drawMessage(p, QRect(0, top, width(), height() - top),
                    m_note.isEmpty() ? tr("This trace holds no SASS listing.") : m_note);
        return;
    }
    const int half = (width() - 24) / 2;
    // The view's size, fractions kept (a rounded-up point size cost a
    // 720-line projector's listing its last operand), and smaller, down to
    // 85 %, where the longest instruction would not fit its half.
    QFont mono = font();  // its size, in points or pixels, as the UI scale set it
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    int longest = 0;
    for (const SassFunction* f : {&m_mul24, &m_multiply})
        for (const auto& in : f->instructions)
            longest = std::max(
                longest, QFontMetrics(mono).horizontalAdvance(QString::fromStdString(in.text)));
    // A pixel at a time: fonts are drawn in whole pixels, and 2 % less of a
    // point size measured the same.
    const int full = QFontInfo(mono).pixelSize();
    for (int px = full - 1; longest > half - 12 && px >= int(0.85 * full); --px) {
        mono.setPixelSize(px);
        longest = 0;
        for (const SassFunction* f : {&m_mul24, &m_multiply})
            for (const auto& in : f->instructions)
                longest = std::max(
                    longest, QFontMetrics(mono).horizontalAdvance(QString::fromStdString(in.text)));
    }
    const QFontMetrics mfm(mono);
    for (int side = 0; side < 2; ++side) {
        const bool isMul24 = side == 0;
        const SassFunction& f = isMul24 ? m_mul24 : m_multiply;
        const int x = 8 + side * (half + 8);
        p.setFont(titleFont(font()));
        p.setPen(palette::text());
        // The longest heading that fits its half: the two ran together
        // ("17 instructio plain multiply") on a 1024-pixel projector.
        const QString who = isMul24 ? QStringLiteral("__mul24") : tr("plain multiply");
        const QString arch = QString::fromStdString(f.architecture);
        const auto count = qulonglong(f.instructions.size());
        const QFontMetrics tfm(titleFont(font()));
        QString heading =
            tfm.elidedText(tr("%1: %2 instr.").arg(who).arg(count), Qt::ElideRight, half - 4);
        for (const QString& h : {tr("%1 (%2): %3 instructions").arg(who, arch).arg(count),
                                 tr("%1: %2 instructions").arg(who).arg(count)})
            if (tfm.horizontalAdvance(h) <= half - 4) {
                heading = h;
                break;
            }
        p.drawText(QRect(x, top, half, fm.height() + 2), Qt::AlignLeft, heading);
        p.setFont(mono);
        const int lineH = mfm.height() + 2;
        // With addresses where every line fits its half, else without: at a
        // projector's size the addresses cost the operands their ends
        // ("USHF.R.S32.HI UR4, URZ, 0x8, UR…").
        bool addresses = true;
        for (const auto& in : f.instructions)
            if (mfm.horizontalAdvance(QStringLiteral("0000  ") + QString::fromStdString(in.text)) >
                half - 12)
                addresses = false;
        // The listing stops above the legend; the last line that fits says
        // how many instructions did not.
        const int listingBottom = height() - fm.height() - 12;
        for (std::size_t i = 0; i < f.instructions.size(); ++i) {
            const QRect r(x, top + fm.height() + 6 + int(i) * lineH, half, lineH);
            if (r.bottom() > listingBottom) break;
            const bool lastThatFits = r.bottom() + lineH > listingBottom;
            if (lastThatFits && i + 1 < f.instructions.size()) {
                p.setPen(palette::mutedText());
                p.drawText(r.adjusted(8, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                           tr("… %1 more").arg(f.instructions.size() - i));
                break;
            }
            if (differs(isMul24, i)) {
                p.fillRect(r, palette::markedRow());  // only in this version
                p.fillRect(QRect(r.left(), r.top(), 4, r.height()), palette::selection());
            }
            p.setPen(palette::text());
            const auto& in = f.instructions[i];
            const QString text = QString::fromStdString(in.text);
            p.drawText(r.adjusted(8, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       mfm.elidedText(addresses ? QStringLiteral("%1  %2")
                                                      .arg(in.address, 4, 16, QLatin1Char('0'))
                                                      .arg(text)
                                                : text,
                                      Qt::ElideRight, half - 10));
        }
    }
    p.setFont(font());
    drawLegend(p, QRect(8, height() - fm.height() - 8, width() - 16, fm.height() + 6),
               {{palette::markedRow(), tr("opcode the other version has fewer of")}});
}

}  // namespace ws
