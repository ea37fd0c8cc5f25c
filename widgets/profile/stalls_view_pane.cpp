// The pane beside the stalls view's lines: the selected line's title, its
// source in full, the helpers' lines inlined into it and its SASS
// instructions, each with a bar of its samples, and their tooltips. On a
// projected slide's half the pane is narrow: its title, the source and each
// helper line wrap onto as many lines as they need rather than lose their
// ends; an instruction's SASS alone may be cut, its tooltip has it whole.
#include <QPainter>
#include <algorithm>

#include "core/profile/stall_lines.h"
#include "widgets/profile/stall_bar.h"
#include "widgets/profile/stall_text.h"
#include "widgets/profile/stalls_view.h"
#include "widgets/view/whole_lines.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_painting.h"

namespace ws {

using stall_text::countedText;
using stall_text::percent;
using stall_text::samplesText;
using stall_text::shareOf;

// Top to bottom: the title; the selected line's source in full where its
// row beside shows only its start ("const int tx = ..."), as a lesson's
// narration points at that line; the helpers' lines (a caption, then each
// one's place and source over its bar, a note of those left out); then two
// rows per instruction, its SASS over its bar, and a note of those left out.
// What does not fit the pane is left out, never drawn below it (the
// footnote is there).
struct StallsView::Pane {
    QRect area;
    int lineHeight = 0;  // a line of wrapped text
    QStringList title;
    QRect titleArea;
    QStringList source;
    QRect sourceArea;
    QStringList caption;
    QRect captionArea;
    struct Helper {
        std::size_t index = 0;  // into m_inlined
        // Its place ("memory_trace.h line 255: ") in the text font, then its
        // source in the monospace font from the end of the place's last
        // line ("" there: from the next line), each line whole.
        QStringList place, source;
        int top = 0;  // of its first line of text
        QRectF bar;
        QRect share;
    };
    std::vector<Helper> helpers;  // m_inlined's first
    QRect helpersMore;            // "… 2 more helper lines", where some are left out
    struct Instruction {
        QRect text;
        QRectF bar;
        QRect share;
    };
    std::vector<Instruction> instructions;  // m_instructions' first
    QRect instructionsMore;                 // "… 14 more", where some are left out
};

QRect StallsView::instructionsArea() const { return areas().instructions; }

StallsView::Pane StallsView::paneOf(const Areas& a) const {
    Pane pane;
    pane.area = a.instructions;
    const StallLine* line = selectedStallLine();
    if (pane.area.isEmpty() || !line) return pane;
    const QRect& area = pane.area;
    const int w = area.width();
    const int bottom = area.bottom() + 1;  // nothing drawn from here down
    const QFontMetrics fm(font());
    const QFontMetrics titles(titleFont(font()));
    const QFontMetrics mfm(monoFont());
    const int rowH = rowHeight();
    pane.lineHeight = std::max(fm.height(), mfm.height());
    const int lineH = pane.lineHeight;
    // Bars start past an instruction's address and leave room for a share.
    const int indent = mfm.horizontalAdvance(QStringLiteral("0000  "));
    const int shareW = fm.horizontalAdvance(QStringLiteral("100 %")) + int(ui::px(2)) + 1;
    const int barH = std::max(4, rowH / 2);
    auto barRow = [&](int top, QRectF& bar, QRect& share) {
        bar = QRectF(area.left() + indent, top + (rowH - barH) / 2.0,
                     std::max(0, w - indent - shareW - int(ui::px(8))), barH);
        share = QRect(area.left() + w - shareW, top, shareW, rowH);
    };

    // "line 71: 31 instructions, 1,234 samples", broken between its parts.
    const QString title =
        tr("%1: %2, %3")
            .arg(keptTogether(placeName(m_selected)),
                 keptTogether(
                     countedText((long long)m_instructions.size(), "instruction", "instructions")),
                 keptTogether(tr("%1 samples").arg(samplesText(line->counts.samples))));
    pane.title =
        wholeLinesUpTo(titles, title, w, std::max(1, (bottom - area.top()) / titles.height()));
    pane.titleArea = QRect(area.left(), area.top(), w, int(pane.title.size()) * titles.height());
    int y = pane.titleArea.bottom() + 1 + int(ui::px(4));

    if (const QString text = sourceText(m_selected).trimmed();
        !text.isEmpty() && mfm.horizontalAdvance(rowText(m_selected)) > rowTextWidth(a)) {
        // As many lines as it takes, while a row is left for what follows.
        if (const int most = (bottom - y - rowH) / mfm.height(); most >= 1) {
            pane.source = wholeLinesUpTo(mfm, text, w, most);
            pane.sourceArea = QRect(area.left(), y, w, int(pane.source.size()) * mfm.height());
            y = pane.sourceArea.bottom() + 1 + int(ui::px(4));
        }
    }
    y += int(ui::px(4));

    if (!m_inlined.empty()) {
        // The short caption where the long one does not fit a narrow pane.
        QString caption = tr("Inlined here from helpers:");
        if (fm.horizontalAdvance(caption) > w) caption = tr("Helpers inlined:");
        const QStringList captionLines = wholeLines(fm, caption, w);
        const int captionH = std::max(rowH, int(captionLines.size()) * fm.height());
        // Too short a pane for the caption and one more row: the helpers are
        // left to the tooltip rather than drawn over what is below.
        if (y + captionH + rowH <= bottom) {
            pane.caption = captionLines;
            pane.captionArea = QRect(area.left(), y, w, captionH);
            y += captionH;
            // At most a few, and no more than leave the instructions the row
            // that counts them (on a side-by-side slide the pane is short):
            // the helpers' lines are the kernel author's code, which a
            // narration speaks of, where an instruction is one of many. The
            // last row says how many more.
            constexpr std::size_t kMostShown = 4;
            for (std::size_t i = 0; i < std::min(kMostShown, m_inlined.size()); ++i) {
                const LinePlace place = m_inlined[i].place();
                const QString text = sourceText(place).trimmed();
                Pane::Helper h;
                h.index = i;
                h.place =
                    wholeLines(fm, keptTogether(placeName(place)) + (text.isEmpty() ? "" : ":"), w);
                if (!text.isEmpty()) {
                    // "memory_trace.h line 255: if (active) *p = v;"
                    if (fm.horizontalAdvance(h.place.back() + QLatin1Char(' ')) <= w)
                        h.place.back() += QLatin1Char(' ');
                    h.source = wholeLines(mfm, text, w,
                                          std::max(0, w - fm.horizontalAdvance(h.place.back())));
                }
                const int lines = int(h.place.size()) + std::max(0, int(h.source.size()) - 1);
                const int height = lines * lineH + rowH;
                const bool last = i + 1 == m_inlined.size();
                const int below = (last ? 0 : rowH) + (m_instructions.empty() ? 0 : rowH);
                if (y + height + below + int(ui::px(8)) > bottom) break;
                h.top = y;
                barRow(y + lines * lineH, h.bar, h.share);
                pane.helpers.push_back(h);
                y += height;
            }
            if (pane.helpers.size() < m_inlined.size()) {
                pane.helpersMore = QRect(area.left(), y, w, rowH);
                y += rowH;
            }
            y += int(ui::px(8));
        }
    }

    // As many instructions as fit, two rows each; where not all fit, the
    // last row says how many more.
    const int room = bottom - y;
    const std::size_t all = m_instructions.size();
    const std::size_t shown =
        int(all) * 2 * rowH <= room ? all : std::size_t(std::max(0, (room - rowH) / (2 * rowH)));
    for (std::size_t i = 0; i < shown; ++i) {
        Pane::Instruction in;
        in.text = QRect(area.left(), y, w, rowH);
        barRow(y + rowH, in.bar, in.share);
        pane.instructions.push_back(in);
        y += 2 * rowH;
    }
    if (shown < all && y + rowH <= bottom) pane.instructionsMore = QRect(area.left(), y, w, rowH);
    return pane;
}

void StallsView::paintPane(QPainter& p, const Areas& a) const {
    const StallLine* line = selectedStallLine();
    const Pane pane = paneOf(a);
    if (pane.area.isEmpty() || !line) return;
    const Run* run = m_model->run();
    const QFontMetrics fm(font());
    const QFont mono = monoFont();
    const QFontMetrics mfm(mono);
    const int lineH = pane.lineHeight;
    const QRect& area = pane.area;
    auto drawLines = [&](const QRect& box, const QStringList& lines) {
        p.drawText(box, Qt::AlignLeft | Qt::AlignTop, lines.join(QLatin1Char('\n')));
    };
    p.setPen(palette::text());
    p.setFont(titleFont(font()));
    drawLines(pane.titleArea, pane.title);
    if (!pane.source.isEmpty()) {
        p.setFont(mono);
        drawLines(pane.sourceArea, pane.source);
    }
    auto drawShare = [&](const QRect& box, std::uint64_t samples) {
        p.setFont(font());
        p.setPen(palette::text());
        p.drawText(box, Qt::AlignRight | Qt::AlignVCenter,
                   percent(shareOf(samples, line->counts.samples)));
    };
    // Each bar is the helper line's or instruction's part of the line's samples.
    auto drawBar = [&](const QRectF& bar, const QRect& share, const StallCounts& counts) {
        p.setFont(font());
        if (counts.samples == 0) {
            p.setPen(palette::mutedText());
            p.drawText(QRect(bar.toRect().left(), share.top(), area.right() - int(bar.left()),
                             share.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, tr("no samples"));
            return;
        }
        p.fillRect(bar, palette::cellFill());
        drawStallBar(p, counts, line->counts.samples, bar, run->profile.stallReasons);
        drawShare(share, counts.samples);
    };

    if (!pane.caption.isEmpty()) {
        p.setFont(font());
        p.setPen(palette::mutedText());
        p.drawText(pane.captionArea, Qt::AlignLeft | Qt::AlignVCenter,
                   pane.caption.join(QLatin1Char('\n')));
    }
    for (const Pane::Helper& h : pane.helpers) {
        const StallLine& helper = m_inlined[h.index];
        p.setPen(palette::text());
        p.setFont(font());
        for (int i = 0; i < int(h.place.size()); ++i)
            p.drawText(QRect(area.left(), h.top + i * lineH, area.width(), lineH),
                       Qt::AlignLeft | Qt::AlignVCenter, h.place[i]);
        // The source from the end of the place's last line, then on lines of its own.
        p.setFont(mono);
        const int after = fm.horizontalAdvance(h.place.back());
        for (int i = 0; i < int(h.source.size()); ++i) {
            if (h.source[i].isEmpty()) continue;
            const int left = i == 0 ? after : 0;
            p.drawText(QRect(area.left() + left, h.top + (int(h.place.size()) - 1 + i) * lineH,
                             area.width() - left, lineH),
                       Qt::AlignLeft | Qt::AlignVCenter, h.source[i]);
        }
        drawBar(h.bar, h.share, helper.counts);
    }
    // "… 4 more helper lines", "… 31 more instructions": what each note
    // counts, where the pane has the room to say it.
    auto drawMore = [&](const QRect& box, std::size_t left, const QString& one,
                        const QString& many) {
        QString more = tr("… %1 more %2").arg(left).arg(left == 1 ? one : many);
        if (fm.horizontalAdvance(more) > box.width()) more = tr("… %1 more").arg(left);
        p.setFont(font());
        p.setPen(palette::mutedText());
        p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, more);
    };
    if (!pane.helpersMore.isNull())
        drawMore(pane.helpersMore, m_inlined.size() - pane.helpers.size(), tr("helper line"),
                 tr("helper lines"));
    for (std::size_t i = 0; i < pane.instructions.size(); ++i) {
        const StallInstruction& in = m_instructions[i];
        const Pane::Instruction& shown = pane.instructions[i];
        p.setFont(mono);
        p.setPen(in.sass.empty() ? palette::mutedText() : palette::text());
        const QString sass =
            in.sass.empty() ? tr("(no SASS recorded)") : QString::fromStdString(in.sass);
        // Cut where it must be: its tooltip has it whole.
        p.drawText(shown.text, Qt::AlignLeft | Qt::AlignVCenter,
                   mfm.elidedText(
                       QStringLiteral("%1  %2").arg(in.pcOffset, 4, 16, QLatin1Char('0')).arg(sass),
                       Qt::ElideRight, shown.text.width()));
        drawBar(shown.bar, shown.share, in.counts);
    }
    if (!pane.instructionsMore.isNull())
        drawMore(pane.instructionsMore, m_instructions.size() - pane.instructions.size(),
                 tr("instruction"), tr("instructions"));
}

// The pane's tooltips: a helper line's text in full and its bar's reasons,
// an instruction's SASS in full and its bar's reasons.
QString StallsView::paneToolTipAt(const Areas& a, const QPoint& pos) const {
    const StallLine* line = selectedStallLine();
    if (!line || !a.instructions.contains(pos)) return {};
    const Pane pane = paneOf(a);
    auto onBar = [&](const QRectF& bar) { return bar.adjusted(0, -4, 0, 4).contains(pos); };
    for (const Pane::Helper& h : pane.helpers) {
        const StallLine& helper = m_inlined[h.index];
        if (onBar(h.bar)) {
            const int reason =
                stallBarReasonAt(helper.counts, line->counts.samples, h.bar, pos.x());
            return reason < 0 ? QString()
                              : reasonTooltip(helper.counts, reason, placeName(helper.place()));
        }
        if (pos.y() >= h.top && pos.y() < int(h.bar.top()))
            return tr("<b>%1</b>, inlined into %2<br><code>%3</code><br>%4 samples: %5 of %2's, "
                      "%6 of the kernel's")
                .arg(placeName(helper.place()), placeName(m_selected),
                     sourceText(helper.place()).trimmed().toHtmlEscaped(),
                     samplesText(helper.counts.samples),
                     percent(shareOf(helper.counts.samples, line->counts.samples)),
                     percent(helper.counts.share));
    }
    for (std::size_t i = 0; i < pane.instructions.size(); ++i) {
        const StallInstruction& in = m_instructions[i];
        const Pane::Instruction& shown = pane.instructions[i];
        const QString address = QStringLiteral("%1").arg(in.pcOffset, 4, 16, QLatin1Char('0'));
        const QString helper =
            in.helper.line != kNoLine ? tr(" (%1)").arg(placeName(in.helper)) : QString();
        const QString where = tr("the instruction at %1").arg(address) + helper;
        if (onBar(shown.bar)) {
            const int reason =
                stallBarReasonAt(in.counts, line->counts.samples, shown.bar, pos.x());
            return reason < 0 ? QString() : reasonTooltip(in.counts, reason, where);
        }
        if (shown.text.contains(pos))
            // Its SASS whole, where its row may have cut it.
            return tr("<b>The instruction at %1</b>%2<br><code>%3</code><br>%4 samples, %5 of "
                      "%6's")
                .arg(address, helper.toHtmlEscaped(),
                     in.sass.empty() ? tr("(no SASS recorded)")
                                     : QString::fromStdString(in.sass).toHtmlEscaped(),
                     samplesText(in.counts.samples),
                     percent(shareOf(in.counts.samples, line->counts.samples)),
                     placeName(m_selected));
    }
    return {};
}

}  // namespace ws
