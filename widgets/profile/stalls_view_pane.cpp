// The pane beside the stalls view's lines: the selected line's title, the
// helpers' lines inlined into it and its SASS instructions, each with a bar
// of its samples, and their tooltips.
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

#include "core/profile/stall_lines.h"
#include "widgets/profile/stall_bar.h"
#include "widgets/profile/stall_text.h"
#include "widgets/profile/stalls_view.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_painting.h"

namespace ws {

using stall_text::countedText;
using stall_text::percent;
using stall_text::samplesText;
using stall_text::shareOf;

// The selected line's source in full under the pane's title, where its row
// beside shows only its start ("const int tx = ..."): a lesson's narration
// points at that line.
QString StallsView::selectedSourceBlock(const Areas& a) const {
    const QString text = sourceText(m_selected).trimmed();
    const int width = a.instructions.width();
    if (text.isEmpty() || width <= 0) return {};
    const QFontMetrics mfm(monoFont());
    if (mfm.horizontalAdvance(rowText(m_selected)) <= rowTextWidth(a)) return {};
    QStringList lines = wrapToLines(mfm, text, width, 5).split(QLatin1Char('\n'));
    // A single token wider than the pane (a long cast) is cut, not let out.
    for (QString& l : lines) l = mfm.elidedText(l, Qt::ElideRight, width);
    return lines.join(QLatin1Char('\n'));
}

int StallsView::sourceBlockHeight(const Areas& a) const {
    const QString block = selectedSourceBlock(a);
    if (block.isEmpty()) return 0;
    return int(block.count(QLatin1Char('\n')) + 1) * QFontMetrics(monoFont()).height() +
           int(ui::px(4));
}

int StallsView::inlinedTop(const Areas& a) const {
    return a.instructions.top() + QFontMetrics(font()).height() + int(ui::px(8)) +
           sourceBlockHeight(a);
}

// At most a few helper lines, and no more than the pane holds above its
// instructions (on a side-by-side slide it is short): the instructions keep
// at least one row, and the last row says how many more.
std::size_t StallsView::inlinedShown(const Areas& a) const {
    constexpr std::size_t kMostShown = 4;
    const int rowH = std::max(1, rowHeight());
    // Caption, a "... more" row and one instruction's two rows stay free.
    const int room = a.instructions.bottom() - inlinedTop(a) - 4 * rowH - int(ui::px(8));
    const auto fits = std::size_t(std::max(0, room / (2 * rowH)));
    const std::size_t most = std::min(kMostShown, fits);
    return m_inlined.size() <= most + 1 && m_inlined.size() <= fits ? m_inlined.size() : most;
}

QRectF StallsView::inlinedBar(const Areas& a, std::size_t i) const {
    // Below the caption, two rows each as the instructions have: the helper's
    // line and its text, then its bar, as far in as theirs.
    const int rowH = rowHeight();
    const int barH = std::max(4, rowH / 2);
    const int indent = QFontMetrics(monoFont()).horizontalAdvance(QStringLiteral("0000  "));
    const int shareW = QFontMetrics(font()).horizontalAdvance(QStringLiteral("100 %"));
    const int top = inlinedTop(a) + rowH + int(i) * 2 * rowH + rowH;
    return QRectF(a.instructions.left() + indent, top + (rowH - barH) / 2.0,
                  std::max(0, a.instructions.width() - indent - shareW - int(ui::px(8))), barH);
}

int StallsView::instructionsTop(const Areas& a) const {
    if (m_inlined.empty()) return inlinedTop(a);
    const int rows = 1 + 2 * int(inlinedShown(a)) + (inlinedShown(a) < m_inlined.size() ? 1 : 0);
    return inlinedTop(a) + rows * rowHeight() + int(ui::px(8));
}

QRectF StallsView::instructionBar(const Areas& a, std::size_t i) const {
    // Each instruction takes a row for its text and the next for its bar,
    // indented past the address.
    const int rowH = rowHeight();
    const int barH = std::max(4, rowH / 2);
    const int indent = QFontMetrics(monoFont()).horizontalAdvance(QStringLiteral("0000  "));
    const int shareW = QFontMetrics(font()).horizontalAdvance(QStringLiteral("100 %"));
    const int top = instructionsTop(a) + int(i) * 2 * rowH + rowH;
    return QRectF(a.instructions.left() + indent, top + (rowH - barH) / 2.0,
                  std::max(0, a.instructions.width() - indent - shareW - int(ui::px(8))), barH);
}

QRect StallsView::instructionsArea() const { return areas().instructions; }

void StallsView::paintInlined(QPainter& p, const Areas& a) const {
    const StallLine* line = selectedStallLine();
    if (a.instructions.isEmpty() || !line || m_inlined.empty()) return;
    const Run* run = m_model->run();
    const QRect pane = a.instructions;
    const QFont mono = monoFont();
    const QFontMetrics mfm(mono);
    const int rowH = rowHeight();
    const int top = inlinedTop(a);
    // Too short a pane for the caption and one more row: the helpers are
    // left to the tooltip rather than drawn over what is below.
    if (top + 2 * rowH > pane.bottom() + 1) return;
    p.setFont(font());
    p.setPen(palette::mutedText());
    // The short caption where the long one does not fit a narrow pane.
    const QFontMetrics fm(font());
    QString caption = tr("Inlined here from helpers:");
    if (fm.horizontalAdvance(caption) > pane.width()) caption = tr("Helpers inlined:");
    p.drawText(QRect(pane.left(), top, pane.width(), rowH), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(caption, Qt::ElideRight, pane.width()));
    for (std::size_t i = 0; i < inlinedShown(a); ++i) {
        const StallLine& h = m_inlined[i];
        const QRectF bar = inlinedBar(a, i);
        const QRect row(pane.left(), int(bar.center().y()) - rowH / 2, pane.width(), rowH);
        // "memory_trace.h line 255: if (active) *p = v;" on the row above its
        // bar: the place in the narrower text font, so that on a narrow pane
        // the file's name is cut last; then as much of the source as fits.
        const QRect textRow = row.translated(0, -rowH);
        const QString place = placeName(h.place());
        const QString text = sourceText(h.place()).trimmed();
        p.setPen(palette::text());
        p.setFont(font());
        const QString tail = text.isEmpty() ? QString() : QStringLiteral(": ");
        QString placeShown = place + tail;
        if (fm.horizontalAdvance(placeShown) > pane.width()) {
            // "reduction_tr… line 39: ": the file's name gives way, its line stays.
            const QString lineTail =
                QLatin1Char(' ') + QString::fromStdString(lineLabel(h.place().line)) + tail;
            const QString file =
                place.left(std::max<qsizetype>(0, place.size() - lineTail.size() + tail.size()));
            placeShown =
                fm.elidedText(file, Qt::ElideRight, pane.width() - fm.horizontalAdvance(lineTail)) +
                lineTail;
        }
        p.drawText(textRow, Qt::AlignLeft | Qt::AlignVCenter, placeShown);
        const int textLeft = fm.horizontalAdvance(placeShown);
        if (!text.isEmpty() && textLeft < pane.width()) {
            p.setFont(mono);
            p.drawText(textRow.adjusted(textLeft, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       mfm.elidedText(text, Qt::ElideRight, pane.width() - textLeft));
        }
        p.setFont(font());
        if (h.counts.samples == 0) {
            p.setPen(palette::mutedText());
            p.drawText(bar.toRect().adjusted(0, -rowH, 0, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("no samples"));
            continue;
        }
        // Each bar is the helper line's part of the selected line's samples.
        p.fillRect(bar, palette::cellFill());
        drawStallBar(p, h.counts, line->counts.samples, bar, run->profile.stallReasons);
        p.setPen(palette::text());
        p.drawText(QRectF(bar.right() + ui::px(8), row.top(),
                          pane.right() - bar.right() - ui::px(8), rowH),
                   Qt::AlignRight | Qt::AlignVCenter,
                   percent(shareOf(h.counts.samples, line->counts.samples)));
    }
    if (const std::size_t left = m_inlined.size() - inlinedShown(a); left > 0) {
        p.setFont(font());
        p.setPen(palette::mutedText());
        p.drawText(
            QRect(pane.left(), top + int(2 * inlinedShown(a) + 1) * rowH, pane.width(), rowH),
            Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(
                fm.horizontalAdvance(tr("… %1 more")
                                         .arg(countedText((long long)left, "helper line",
                                                          "helper lines"))) <= pane.width()
                    ? tr("… %1 more")
                          .arg(countedText((long long)left, "helper line", "helper lines"))
                    : tr("… %1 more").arg(left),
                Qt::ElideRight, pane.width()));
    }
}

void StallsView::paintInstructions(QPainter& p, const Areas& a) const {
    const StallLine* line = selectedStallLine();
    if (a.instructions.isEmpty() || !line) return;
    const Run* run = m_model->run();
    const QRect pane = a.instructions;
    const QFontMetrics fm(font());
    const QFont mono = monoFont();
    const QFontMetrics mfm(mono);
    const int rowH = rowHeight();
    p.setPen(palette::text());
    drawTitle(p, font(), QRect(pane.left(), pane.top(), pane.width(), fm.height() + 2),
              tr("%1: %2, %3 samples")
                  .arg(placeName(m_selected),
                       countedText((long long)m_instructions.size(), "instruction", "instructions"),
                       samplesText(line->counts.samples)));
    if (const QString block = selectedSourceBlock(a); !block.isEmpty()) {
        p.setFont(mono);
        p.setPen(palette::text());
        p.drawText(QRect(pane.left(), pane.top() + fm.height() + int(ui::px(4)), pane.width(),
                         sourceBlockHeight(a)),
                   Qt::AlignLeft | Qt::AlignTop, block);
    }
    // As many instructions as fit, two rows each; where not all fit, the last
    // row says how many more, inside the pane (below it is the footnote).
    const int room = pane.bottom() - instructionsTop(a);
    const std::size_t all = m_instructions.size();
    const std::size_t shown =
        int(all) * 2 * rowH <= room ? all : std::size_t(std::max(0, (room - rowH) / (2 * rowH)));
    for (std::size_t i = 0; i < all; ++i) {
        const StallInstruction& in = m_instructions[i];
        const int y = instructionsTop(a) + int(i) * 2 * rowH;
        if (i == shown) {
            if (y + rowH > pane.bottom() + 1) break;  // not even this row is left
            p.setFont(font());
            p.setPen(palette::mutedText());
            p.drawText(QRect(pane.left(), y, pane.width(), rowH), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("… %1 more").arg(all - i));
            break;
        }
        p.setFont(mono);
        p.setPen(in.sass.empty() ? palette::mutedText() : palette::text());
        const QString sass =
            in.sass.empty() ? tr("(no SASS recorded)") : QString::fromStdString(in.sass);
        p.drawText(QRect(pane.left(), y, pane.width(), rowH), Qt::AlignLeft | Qt::AlignVCenter,
                   mfm.elidedText(
                       QStringLiteral("%1  %2").arg(in.pcOffset, 4, 16, QLatin1Char('0')).arg(sass),
                       Qt::ElideRight, pane.width()));
        // The line's instructions share its samples: each bar is one's part.
        const QRectF bar = instructionBar(a, i);
        p.setFont(font());
        if (in.counts.samples == 0) {
            p.setPen(palette::mutedText());
            p.drawText(bar.toRect().adjusted(0, -rowH, 0, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("no samples"));
            continue;
        }
        p.fillRect(bar, palette::cellFill());
        drawStallBar(p, in.counts, line->counts.samples, bar, run->profile.stallReasons);
        p.setPen(palette::text());
        p.drawText(
            QRectF(bar.right() + ui::px(8), y + rowH, pane.right() - bar.right() - ui::px(8), rowH),
            Qt::AlignRight | Qt::AlignVCenter,
            percent(shareOf(in.counts.samples, line->counts.samples)));
    }
}

// The bars of the pane beside the lines: a helper line's or an
// instruction's reasons, and a helper line's text in full.
bool StallsView::showPaneTooltip(const QHelpEvent* he, const Areas& a) {
    const StallLine* line = selectedStallLine();
    if (!line || !a.instructions.contains(he->pos())) return false;
    for (std::size_t i = 0; i < inlinedShown(a); ++i) {
        const StallLine& h = m_inlined[i];
        const QRectF bar = inlinedBar(a, i);
        if (bar.adjusted(0, -4, 0, 4).contains(he->pos())) {
            const int reason = stallBarReasonAt(h.counts, line->counts.samples, bar, he->pos().x());
            if (reason < 0) return false;
            QToolTip::showText(he->globalPos(),
                               reasonTooltip(h.counts, reason, placeName(h.place())), this);
            return true;
        }
        // Its text, on the row above the bar.
        const int textTop = int(bar.center().y()) - rowHeight() / 2 - rowHeight();
        if (he->pos().y() >= textTop && he->pos().y() < textTop + rowHeight()) {
            QToolTip::showText(
                he->globalPos(),
                tr("<b>%1</b>, inlined into %2<br><code>%3</code><br>%4 samples: %5 of %2's, "
                   "%6 of the kernel's")
                    .arg(placeName(h.place()), placeName(m_selected),
                         sourceText(h.place()).trimmed().toHtmlEscaped(),
                         samplesText(h.counts.samples),
                         percent(shareOf(h.counts.samples, line->counts.samples)),
                         percent(h.counts.share)),
                this);
            return true;
        }
    }
    for (std::size_t i = 0; i < m_instructions.size(); ++i) {
        const QRectF bar = instructionBar(a, i);
        if (!bar.adjusted(0, -4, 0, 4).contains(he->pos())) continue;
        const StallInstruction& in = m_instructions[i];
        const int reason = stallBarReasonAt(in.counts, line->counts.samples, bar, he->pos().x());
        if (reason < 0) return false;
        QString where = tr("the instruction at %1").arg(in.pcOffset, 4, 16, QLatin1Char('0'));
        if (in.helper.line != kNoLine) where += tr(" (%1)").arg(placeName(in.helper));
        QToolTip::showText(he->globalPos(), reasonTooltip(in.counts, reason, where), this);
        return true;
    }
    return false;
}

}  // namespace ws
