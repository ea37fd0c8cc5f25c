// The tile walk's words: the captions in the free corner, the tooltips, and
// the click that selects a block.
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

#include "widgets/matmul/tile_walk_view.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

QString range(std::uint32_t first, std::uint32_t count) {
    return count <= 1 ? QString::number(first)
                      : QStringLiteral("%1–%2").arg(first).arg(first + count - 1);
}

QString number(double v) { return QString::number(v, 'g', 9); }

}  // namespace

void TileWalkView::paintCaptions(QPainter& p, const TileWalkLayout& l, const TileWalkBlock& w,
                                 int phase) const {
    const Run& run = *m_model->run();
    const MatmulRunShape& s = m_data.shape();
    const MatmulVariantInfo& info = matmulVariantInfo(s.variant);
    const QFontMetrics fm(font());
    const QString kernel = m_data.hasKernel() ? QString::fromStdString(run.launches[0].kernel)
                                              : QString::fromLatin1(info.id);
    p.setPen(palette::text());
    // The kernel and n stay; its idea, then a kernel name's tail of
    // parameters ("256 threads…") give way in a narrow view.
    const qsizetype comma = kernel.indexOf(QStringLiteral(", "));
    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height()),
              fitCaptionPieces(QFontMetrics(titleFont(font())), width() - 16,
                               {{comma < 0 ? kernel : kernel.left(comma), kCaptionValue},
                                {comma < 0 ? QString() : kernel.mid(comma), 1},
                                {tr(" — n = %1").arg(s.n), kCaptionValue},
                                {tr(" — %1").arg(info.idea), 0}}));
    QStringList lines;
    if (info.cpu) {
        lines << tr("A CPU run: no blocks and no tiles to walk.");
    } else if (s.variant == MatmulVariant::Cublas) {
        lines << tr("cublasSgemm runs the library's own kernels: it records no blocks or tiles.");
    } else if (m_data.hasKernel()) {
        lines << tr("Block %1: C rows %2, columns %3.")
                     .arg(w.block)
                     .arg(range(w.c.row, w.c.rows), range(w.c.col, w.c.cols));
        if (w.phases.empty()) {
            lines << tr(
                "No shared tiles: each thread reads its row of A and column of B from "
                "global memory, one k at a time (the shading is placed by the model).");
        } else if (phase < 0) {
            lines << tr("Before its first of %1 phases.").arg(w.phases.size());
        } else {
            const PhaseTiles& t = w.phases[std::size_t(phase)].tiles;
            lines << tr("Phase %1 of %2: A[%3][%4] × B[%5][%6].")
                         .arg(w.phases[std::size_t(phase)].phase + 1)
                         .arg(w.phases.size())
                         .arg(range(t.a.row, t.a.rows), range(t.a.col, t.a.cols),
                              range(t.b.row, t.b.rows), range(t.b.col, t.b.cols));
        }
        const auto& traced = m_data.tracedBlocks();
        const bool wasTraced = std::find(traced.begin(), traced.end(), w.block) != traced.end();
        if (!w.phases.empty())
            lines << (w.measured ? tr("Measured: clock64 of thread 0 as each phase began.")
                      : wasTraced
                          ? tr("Modelled (no GPU): phases spread evenly over the block's time.")
                          : tr("Modelled: this block was not traced; its phases are "
                               "spread evenly over its time."));
        if (m_data.showsCorrection())
            lines << tr(
                "As printed, the loop steps sa += sa, not ia += sa: the A tile "
                "never leaves k = 0 (dashed: where the corrected kernel loads).");
    }
    if (!m_data.problem().empty())
        lines << tr("The trace's phases are unreadable (%1): the model stands in.")
                     .arg(QString::fromStdString(m_data.problem()));
    if (run.verification.checked && !run.verification.passed) {
        const auto wrong = (long long)m_data.wrongEntries();
        const auto crossed = (long long)m_data.mismatches().size();
        lines << tr("Check FAILED: %1 wrong entries (%2); %3, expected %4.")
                     .arg(groupDigits(wrong),
                          crossed < wrong
                              ? tr("%1 of them crossed, spread over C").arg(groupDigits(crossed))
                              : tr("crossed"),
                          QString::fromStdString(run.verification.actual),
                          QString::fromStdString(run.verification.expected));
    }
    // The corner is small in a docked view: the text shrinks to fit (to three
    // quarters of the font at most), then the lines that fit are shown, the
    // last ending in "…" (it was cut mid-line, which read as the whole text).
    const QRectF box = l.corner.adjusted(0, 0, -8, 0);
    const QString text = lines.join('\n');
    QFont f = font();
    const int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    for (int i = 0; i < 4; ++i) {
        const QRectF need = QFontMetricsF(f).boundingRect(box, flags, text);
        if (need.height() <= box.height()) break;
        f.setPointSizeF(f.pointSizeF() * 0.92);
    }
    const QFontMetrics small(f);
    const int fit = std::max(1, int(box.height() / small.lineSpacing()));
    p.save();
    p.setFont(f);
    p.setClipRect(box);
    p.setPen(palette::text());
    p.drawText(box, Qt::AlignLeft | Qt::AlignTop, wrapToLines(small, text, int(box.width()), fit));
    p.restore();
}

void TileWalkView::mousePressEvent(QMouseEvent* e) {
    const auto hit = layout().hit(e->position());
    const PreparedRun* prep = m_model->prepared();
    if (hit && hit->matrix == TileMatrix::C && prep && m_data.hasKernel())
        if (const auto b = blockAtElement(hit->row, hit->col)) {
            const BlockRef ref = prep->refOfBlock(m_data.launch(), *b);
            if (ref.valid()) m_model->setSelected(ref);
        }
    QWidget::mousePressEvent(e);
}

QString TileWalkView::tooltipAt(const QPoint& pos) const {
    if (!m_data.valid()) return {};
    const auto hit = layout().hit(pos);
    if (!hit) return {};
    const auto [matrix, row, col] = *hit;
    if (matrix == TileMatrix::C) {
        QString text = tr("<b>C[%1][%2]</b>").arg(row).arg(col);
        for (const MatmulMismatch& m : m_data.mismatches())
            if (m.row == row && m.col == col)
                text += tr("<br>wrong: %1, expected %2").arg(number(m.actual), number(m.expected));
        const auto b = blockAtElement(row, col);
        const PreparedRun* prep = m_model->prepared();
        if (!b || !prep || !m_data.hasKernel()) return text;
        const BlockRef ref = prep->refOfBlock(m_data.launch(), *b);
        const MatrixRect c = blockTileOfC(*m_data.shape().tiling, m_data.shape().n, *b);
        text += tr("<br>block %1: rows %2, columns %3")
                    .arg(*b)
                    .arg(range(c.row, c.rows), range(c.col, c.cols));
        if (ref.valid()) {
            const Launch* l = prep->launch(ref.launch);
            text += tr("<br>SM %1, %2 to %3 (%4)")
                        .arg(l->blocks.sm[std::size_t(ref.record)])
                        .arg(formatExactNs(prep->startOf(ref)), formatExactNs(prep->endOf(ref)),
                             formatDuration(prep->endOf(ref) - prep->startOf(ref)));
        }
        return text;
    }
    const bool isA = matrix == TileMatrix::A;
    QString text = tr("<b>%1[%2][%3]</b>").arg(isA ? "A" : "B").arg(row).arg(col);
    const TileWalkBlock w = shownWalk();
    for (const TileWalkPhase& ph : w.phases) {
        const MatrixRect& r = isA ? ph.tiles.a : ph.tiles.b;
        if (row >= r.row && row < r.row + r.rows && col >= r.col && col < r.col + r.cols) {
            text +=
                tr("<br>block %1 loads it in phase %2, at %3 (%4)")
                    .arg(w.block)
                    .arg(ph.phase + 1)
                    .arg(formatExactNs(ph.startNs), w.measured ? tr("measured") : tr("modelled"));
            break;
        }
    }
    return text;
}

bool TileWalkView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* he = static_cast<QHelpEvent*>(e);
    const QString text = tooltipAt(he->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(he->globalPos(), text, this);
    return true;
}

}  // namespace ws
