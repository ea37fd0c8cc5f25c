#include "widgets/tensorcore/tensor_tile_view.h"

#include <QPainter>
#include <algorithm>
#include <set>

#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

// A's instruction blue, B's bluish green (as the tile walk's tiles), the
// units in two quiet fills, thread 0's accumulators vermillion dots.
QColor aColour() { return QColor(0x00, 0x72, 0xB2, 210); }
QColor bColour() { return QColor(0x00, 0x9E, 0x73, 210); }
QColor unitFill(std::uint32_t u) { return u % 2 ? QColor(QRgb(0xDCE9F5)) : QColor(QRgb(0xF6E3C7)); }
QColor registerDot() { return QColor(QRgb(0xD55E00)); }

QString range(std::uint32_t from, std::uint32_t count) {
    return QStringLiteral("%1–%2").arg(from).arg(from + count - 1);
}

}  // namespace

TensorTileLayout TensorTileLayout::fit(const QRectF& area, const TensorTileShape& s, double gap,
                                       double textHeight) {
    TensorTileLayout l;
    const double wide = double(s.tileK + s.tileN), tall = double(s.tileK + s.tileM);
    const double room = std::max(10.0, area.height() - textHeight - gap);
    l.scale = std::max(0.1, std::min((area.width() - gap) / wide, room / tall));
    const double left = area.left() + (area.width() - gap - wide * l.scale) / 2;
    const double top = area.top();
    l.a = QRectF(left, top + s.tileK * l.scale + gap, s.tileK * l.scale, s.tileM * l.scale);
    l.b = QRectF(left + s.tileK * l.scale + gap, top, s.tileN * l.scale, s.tileK * l.scale);
    l.c = QRectF(l.b.left(), l.a.top(), l.b.width(), l.a.height());
    l.text = QRectF(area.left(), l.c.bottom() + gap * 0.6, area.width(),
                    area.bottom() - l.c.bottom() - gap * 0.6);
    return l;
}

QRectF TensorTileLayout::onA(const MatrixRect& r) const {
    return QRectF(a.left() + r.col * scale, a.top() + r.row * scale, r.cols * scale,
                  r.rows * scale);
}
QRectF TensorTileLayout::onB(const MatrixRect& r) const {
    return QRectF(b.left() + r.col * scale, b.top() + r.row * scale, r.cols * scale,
                  r.rows * scale);
}
QRectF TensorTileLayout::onC(const MatrixRect& r) const {
    return QRectF(c.left() + r.col * scale, c.top() + r.row * scale, r.cols * scale,
                  r.rows * scale);
}

TensorTileView::TensorTileView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &TensorTileView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    rebuild();
}

void TensorTileView::rebuild() {
    m_data = TensorTileData::build(m_model->prepared());
    update();
}

TensorTileLayout TensorTileView::layout() const {
    const QFontMetrics fm(font());
    const double title = fm.height() * 1.6;
    const QRectF area = QRectF(rect()).adjusted(8, 6 + title + fm.height(), -8, -6);
    return TensorTileLayout::fit(area, m_data.shape(), fm.height() * 1.2, fm.height() * 5.8);
}

TensorInstruction TensorTileView::shownInstruction() const {
    const TensorTilePosition p = m_data.positionAt(m_model->time());
    return tensorInstruction(m_data.shape(), 0, p.step < 0 ? 0 : p.index);
}

QStringList TensorTileView::captionLines() const {
    if (!m_data.valid()) return {};
    const TensorTileShape& s = m_data.shape();
    const TensorTilePosition p = m_data.positionAt(m_model->time());
    const TensorInstruction in = shownInstruction();
    QStringList lines;
    const QString unit = QString::fromStdString(s.unitName);
    QString where =
        !m_data.recorded() ? tr("No phases recorded: instruction 1 of a phase shown.")
        : p.step < 0
            ? tr("Block %1 has not begun its first phase.").arg(m_data.block())
            : tr("Block %1, step %2 (k-phase %3): instruction %4 of the %5 each %6 issues a "
                 "phase, k16 step %7 of %8.")
                  .arg(m_data.block())
                  .arg(p.step)
                  .arg(p.phase)
                  .arg(in.index + 1)
                  .arg(s.perPhase())
                  .arg(unit)
                  .arg(in.kStep + 1)
                  .arg(s.kSteps());
    lines << where;
    lines << tr("%1: A %2 × %3 (rows %4, k %5), B %3 × %6, C %2 × %6 (columns %7), in FP32.")
                 .arg(QString::fromStdString(s.instruction))
                 .arg(in.a.rows)
                 .arg(in.a.cols)
                 .arg(range(in.a.row, in.a.rows))
                 .arg(range(in.a.col, in.a.cols))
                 .arg(in.b.cols)
                 .arg(range(in.c.col, in.c.cols));
    if (!s.layoutKnown) {
        lines << tr("Each of a warp's 32 threads holds %1 FP32 accumulators; the WMMA API keeps "
                    "which elements in which register to itself.")
                     .arg(s.accumulatorsPerThread);
    } else {
        const auto cells = accumulatorCells(s, in, 0);
        std::set<std::uint32_t> rows, cols;
        for (const TileCell& c : cells) {
            rows.insert(c.row);
            cols.insert(c.col);
        }
        QStringList colText;
        for (const std::uint32_t c : cols) {
            if (colText.size() == 6) {
                colText << QStringLiteral("…") << QString::number(*cols.rbegin());
                break;
            }
            colText << QString::number(c);
        }
        QStringList rowText;
        for (const std::uint32_t r : rows) rowText << QString::number(r);
        lines << tr("Each of the %1's %2 threads holds %3 FP32 accumulators (%4 for this "
                    "instruction); thread 0 (•): rows %5, columns %6.")
                     .arg(unit)
                     .arg(s.threadsPerUnit)
                     .arg(s.accumulatorsPerThread)
                     .arg(cells.size())
                     .arg(rowText.join(QStringLiteral(" and ")))
                     .arg(colText.join(QStringLiteral(", ")));
    }
    if (s.producer)
        lines << tr(
            "Beside them a producer warpgroup issues the TMA loads and multiplies nothing.");
    return lines;
}

void TensorTileView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (!m_data.valid()) {
        drawMessage(p, rect(), QString::fromStdString(m_data.message()));
        return;
    }
    const TensorTileShape& s = m_data.shape();
    const TensorTileLayout l = layout();
    const QFontMetrics fm(font());
    // The variant and its block tile stay; the k-phases, then the units
    // give way in a narrow view.
    drawTitle(p, font(), QRect(8, 6, width() - 16, fm.height() + 4),
              fitCaptionPieces(QFontMetrics(titleFont(font())), width() - 16,
                               {{tr("%1: a %2 × %3 block tile")
                                     .arg(QString::fromStdString(s.variant))
                                     .arg(s.tileM)
                                     .arg(s.tileN),
                                 kCaptionValue},
                                {tr(", k-phases of %1").arg(s.tileK), 0},
                                {tr(", %1 %2s of %3 × %4")
                                     .arg(s.units())
                                     .arg(QString::fromStdString(s.unitName))
                                     .arg(s.unitM)
                                     .arg(s.unitN),
                                 1}}));
    p.setPen(palette::mutedText());
    auto caption = [&](const QRectF& box, const std::vector<CaptionPiece>& pieces, bool left) {
        const int room = int(left ? l.c.left() - box.left() - 4 : width() - 8 - box.left());
        p.drawText(QRectF(box.left(), box.top() - fm.height() - 2, room, fm.height()),
                   Qt::AlignLeft, fitCaptionPieces(fm, room, pieces));
    };
    caption(l.b,
            {{tr("B: %1 × %2").arg(s.tileK).arg(s.tileN), kCaptionValue}, {tr(" of the phase"), 0}},
            false);
    caption(l.a, {{tr("A"), kCaptionValue}, {tr(": %1 × %2").arg(s.tileM).arg(s.tileK), 0}}, true);
    // The units over C, each named where it fits.
    for (std::uint32_t u = 0; u < s.units(); ++u) {
        const MatrixRect r{(u / s.unitCols) * s.unitM, (u % s.unitCols) * s.unitN, s.unitM,
                           s.unitN};
        p.fillRect(l.onC(r), unitFill(u));
    }
    p.fillRect(l.a, palette::cellFill());
    p.fillRect(l.b, palette::cellFill());
    // Instruction boundaries: k16 steps across A and down B, the
    // instructions' tiles inside each unit.
    p.setPen(QPen(palette::gridLine(), 1));
    for (std::uint32_t k = 1; k < s.kSteps(); ++k) {
        const double x = l.a.left() + k * s.instrK * l.scale;
        p.drawLine(QPointF(x, l.a.top()), QPointF(x, l.a.bottom()));
        const double y = l.b.top() + k * s.instrK * l.scale;
        p.drawLine(QPointF(l.b.left(), y), QPointF(l.b.right(), y));
    }
    for (std::uint32_t r = 1; r < s.tileM / s.instrM; ++r) {
        const double y = l.c.top() + r * s.instrM * l.scale;
        p.drawLine(QPointF(l.c.left(), y), QPointF(l.c.right(), y));
        p.drawLine(QPointF(l.a.left(), y), QPointF(l.a.right(), y));
    }
    for (std::uint32_t c = 1; c < s.tileN / s.instrN; ++c) {
        const double x = l.c.left() + c * s.instrN * l.scale;
        p.drawLine(QPointF(x, l.c.top()), QPointF(x, l.c.bottom()));
    }
    // The units' edges, thicker, and their names.
    p.setPen(QPen(palette::text(), 2));
    for (std::uint32_t u = 0; u < s.units(); ++u) {
        const MatrixRect r{(u / s.unitCols) * s.unitM, (u % s.unitCols) * s.unitN, s.unitM,
                           s.unitN};
        const QRectF box = l.onC(r);
        p.setBrush(Qt::NoBrush);
        p.drawRect(box);
        const QString name = QStringLiteral("%1 %2").arg(QString::fromStdString(s.unitName)).arg(u);
        if (fm.horizontalAdvance(name) + 8 < box.width() && fm.height() * 2 < box.height()) {
            p.setPen(palette::mutedText());
            p.drawText(box.adjusted(4, 2, -4, -2), Qt::AlignRight | Qt::AlignBottom, name);
            p.setPen(QPen(palette::text(), 2));
        }
    }
    // The instruction: unit 0's solid, the same one of the other units dashed.
    const TensorInstruction in = shownInstruction();
    for (std::uint32_t u = 1; u < s.units(); ++u) {
        const TensorInstruction other = tensorInstruction(s, u, in.index);
        p.setPen(QPen(palette::text(), 1.5, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(l.onC(other.c));
        p.drawRect(l.onA(other.a));
    }
    p.fillRect(l.onA(in.a), aColour());
    p.fillRect(l.onB(in.b), bColour());
    p.setPen(QPen(palette::selection(), 3));
    p.setBrush(Qt::NoBrush);
    for (const QRectF& r : {l.onA(in.a), l.onB(in.b), l.onC(in.c)}) p.drawRect(r);
    // Thread 0's accumulators of this instruction.
    const double dot = std::max(2.5, std::min(6.0, l.scale * 0.9));
    p.setPen(Qt::NoPen);
    p.setBrush(registerDot());
    for (const TileCell& c : accumulatorCells(s, in, 0))
        p.drawEllipse(l.onC({c.row, c.col, 1, 1}).center(), dot, dot);
    p.setPen(palette::text());
    p.setBrush(Qt::NoBrush);
    for (const QRectF& box : {l.a, l.b, l.c}) p.drawRect(box);
    // Whole paragraphs, as many as the box holds: the last one was cut
    // through its line on a projector's slide.
    QStringList shown;
    for (const QString& line : captionLines()) {
        const QStringList next = shown + QStringList{line};
        const QRect need = fm.boundingRect(l.text.toRect(), Qt::AlignLeft | Qt::TextWordWrap,
                                           next.join(QLatin1Char('\n')));
        if (need.height() > l.text.height()) break;
        shown = next;
    }
    p.drawText(l.text, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               shown.join(QLatin1Char('\n')));
}

}  // namespace ws
