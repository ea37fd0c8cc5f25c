#include "widgets/reduction/arrival_view.h"

#include <QPainter>
#include <algorithm>

#include "core/common/time_offset.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
QColor lastColour() { return QColor(QRgb(0xE69F00)); }  // orange: the merging block
QColor barColour() { return QColor(QRgb(0x56B4E9)); }
constexpr int kHeadRows = 3;  // always shown: who came first
}  // namespace

ArrivalView::ArrivalView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &ArrivalView::rebuild);
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    rebuild();
}

void ArrivalView::rebuild() {
    m_rows.clear();
    m_launch = -1;
    const PreparedRun* p = m_model->prepared();
    if (p) {
        const auto& launches = p->run->launches;
        for (std::size_t li = 0; li < launches.size() && m_launch < 0; ++li) {
            const ArrivalRecords& a = launches[li].arrivals;
            if (!a.size()) continue;
            m_launch = int(li);
            m_grid = std::uint32_t(launches[li].grid.count());
            for (std::size_t i = 0; i < a.size(); ++i)
                m_rows.push_back({a.block[i], a.counter[i], nsAfter(a.timeNs[i], p->origin)});
        }
    }
    // The ticket is the arrival order as the atomic saw it.
    std::sort(m_rows.begin(), m_rows.end(),
              [](const ArrivalRow& a, const ArrivalRow& b) { return a.ticket < b.ticket; });
    update();
}

int ArrivalView::lastTicketRow() const {
    for (int i = int(m_rows.size()) - 1; i >= 0; --i)
        if (m_rows[std::size_t(i)].ticket + 1 == m_grid) return i;
    return m_rows.empty() ? -1 : int(m_rows.size()) - 1;
}

int ArrivalView::rowHeight() const { return QFontMetrics(font()).height() + 8; }

QRect ArrivalView::tableArea() const {
    const QFontMetrics fm(font());
    const int top = 3 * fm.height() + 24;
    return QRect(8, top, width() - 16, std::max(10, height() - top - fm.height() - 16));
}

std::vector<int> ArrivalView::visibleRows() const {
    const int fit = std::max(1, tableArea().height() / rowHeight());
    const int n = int(m_rows.size());
    std::vector<int> rows;
    if (n <= fit) {
        for (int i = 0; i < n; ++i) rows.push_back(i);
        return rows;
    }
    const int head = std::min(kHeadRows, fit / 3);
    for (int i = 0; i < head; ++i) rows.push_back(i);
    rows.push_back(-1);  // the gap
    for (int i = n - (fit - head - 1); i < n; ++i) rows.push_back(i);
    return rows;
}

QRectF ArrivalView::rowRect(int visibleIndex) const {
    const QRect a = tableArea();
    return QRectF(a.left(), a.top() + visibleIndex * rowHeight(), a.width(), rowHeight());
}

void ArrivalView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    if (m_rows.empty()) {
        drawMessage(p, rect(),
                    tr("No arrival records: only the last-block guard experiments "
                       "(reduce-last-block, reduce-multi-block-noncomm) take tickets."));
        return;
    }
    const int lastRow = lastTicketRow();
    const ArrivalRow& last = m_rows[std::size_t(lastRow)];
    const double first = std::min_element(m_rows.begin(), m_rows.end(), [](auto& a, auto& b) {
                             return a.timeNs < b.timeNs;
                         })->timeNs;
    double span = 0;
    for (const auto& r : m_rows) span = std::max(span, r.timeNs - first);
    p.setPen(palette::text());
    // Shorter forms where the view is narrow; the block, its ticket and the
    // spread stay whole (elided, "(all within 3.0…" lost its value).
    const int room = width() - 16;
    drawTitle(
        p, font(), QRect(8, 4, room, QFontMetrics(titleFont(font())).height() + 2),
        fitCaptionForms(
            QFontMetrics(titleFont(font())), room,
            {tr("Last-block guard: %1 blocks took a ticket with atomicAdd").arg(m_rows.size()),
             tr("Last-block guard: %1 tickets").arg(m_rows.size()),
             tr("%1 tickets").arg(m_rows.size())}));
    p.drawText(
        QRect(8, 8 + fm.height(), room, fm.height() + 2), Qt::AlignLeft,
        fitCaptionForms(
            fm, room,
            {tr("Block %1 drew the last ticket (%2) and merged all partials")
                 .arg(last.block)
                 .arg(last.ticket),
             tr("Block %1 drew the last ticket (%2) and merged").arg(last.block).arg(last.ticket),
             tr("Block %1 drew the last ticket, %2").arg(last.block).arg(last.ticket)}));
    p.setPen(palette::mutedText());
    p.drawText(
        QRect(8, 12 + 2 * fm.height(), room, fm.height() + 2), Qt::AlignLeft,
        fitCaptionForms(
            fm, room,
            {tr("ticket · block · %globaltimer after the first arrival (all within %1)")
                 .arg(formatDuration(span)),
             tr("ticket · block · time after the first (all within %1)").arg(formatDuration(span)),
             tr("all within %1").arg(formatDuration(span))}));
    const QRect a = tableArea();
    // Columns as wide as their widest text, measured in bold (the merging
    // block's row is bold): a guessed "0000" is narrower than "ticket 1023"
    // in bold, and the ticket would run into the block column.
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetrics bm(boldFont);
    int ticketW = 0, blockW = 0, timeW = 0;
    for (const ArrivalRow& row : m_rows) {
        ticketW = std::max(ticketW, bm.horizontalAdvance(tr("ticket %1").arg(row.ticket)));
        blockW = std::max(blockW, bm.horizontalAdvance(tr("block %1").arg(row.block)));
        timeW = std::max(
            timeW, bm.horizontalAdvance(QStringLiteral("+") + formatDuration(row.timeNs - first)));
    }
    const int gap = bm.horizontalAdvance(QStringLiteral("  "));
    const int colBlock = 4 + ticketW + gap;
    const int colTime = colBlock + blockW + gap;
    const int colBar = colTime + timeW + gap;
    // The last bar is followed by "merges": the bars leave room for the word.
    const int mergesWidth = QFontMetrics(titleFont(font())).horizontalAdvance(tr("merges")) + 6;
    // Where that leaves the bars too short, the word goes (the row is
    // marked anyway): it ran out of a narrow view, "merge|s".
    const bool mergesShown = a.width() - colBar - 8 - mergesWidth >= 20;
    const double barFull = std::max(20, a.width() - colBar - 8 - (mergesShown ? mergesWidth : 0));
    const std::uint32_t selected =
        m_model->selected().valid() && m_model->selected().launch == m_launch
            ? m_model->prepared()
                  ->launch(m_launch)
                  ->blocks.block[std::size_t(m_model->selected().record)]
            : 0xFFFFFFFFu;
    const double now = m_model->time();
    const auto rows = visibleRows();
    for (std::size_t vi = 0; vi < rows.size(); ++vi) {
        const QRectF r = rowRect(int(vi));
        if (rows[vi] < 0) {
            p.setPen(palette::mutedText());
            p.drawText(r, Qt::AlignCenter,
                       tr("… %1 more arrivals …").arg(rows[vi + 1] - rows[vi - 1] - 1));
            continue;
        }
        const ArrivalRow& row = m_rows[std::size_t(rows[vi])];
        const bool isLast = rows[vi] == lastRow;
        const bool arrived = row.timeNs <= now;
        if (isLast)
            p.fillRect(r, lastColour());
        else if (row.block == selected)
            p.fillRect(r, palette::cellFillAlternate());
        QFont f = font();
        f.setBold(isLast);
        p.setFont(f);
        p.setPen(arrived ? palette::text() : palette::mutedText());
        p.drawText(r.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("ticket %1").arg(row.ticket));
        p.drawText(r.adjusted(colBlock, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("block %1").arg(row.block));
        p.drawText(r.adjusted(colTime, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("+") + formatDuration(row.timeNs - first));
        const double w = span > 0 ? barFull * (row.timeNs - first) / span : 0;
        p.fillRect(QRectF(r.left() + colBar, r.top() + 4, std::max(2.0, w), r.height() - 8),
                   arrived ? (isLast ? palette::text() : barColour()) : palette::future());
        if (isLast && mergesShown)
            p.drawText(QRectF(r.left() + colBar + w + 6, r.top(), a.width(), r.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, tr("merges"));
    }
    p.setFont(font());
}

}  // namespace ws
