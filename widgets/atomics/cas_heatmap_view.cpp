#include "widgets/atomics/cas_heatmap_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "core/common/time_offset.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/sequential_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

CasHeatmapView::CasHeatmapView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &CasHeatmapView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::highlightChanged, this, [this] { update(); });
    rebuild();
}

QRect CasHeatmapView::rowsRect() const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("block 000000 ")) + 8;
    const int top = 3 * fm.height() + 16;
    return QRect(left, top, std::max(10, width() - left - 12),
                 std::max(10, height() - top - fm.height() - 12));
}

double CasHeatmapView::rowHeight() const {
    return m_warps.empty() ? 0 : double(rowsRect().height()) / double(m_warps.size());
}

void CasHeatmapView::rebuild() {
    m_warps.clear();
    m_maxSum = 0;
    m_problem = tr("No traced warps: the argmin experiment's CAS loops record them.");
    const PreparedRun* p = m_model->prepared();
    const Run* run = p ? p->run.get() : nullptr;
    for (std::size_t li = 0; run && li < run->launches.size() && m_warps.empty(); ++li) {
        auto cas = readCasRecords(run->launches[li], int(li));
        if (!cas)
            m_problem = QString::fromStdString(cas.error());
        else
            m_warps = cas->warps;
    }
    std::sort(m_warps.begin(), m_warps.end(), [](const CasWarp& a, const CasWarp& b) {
        return std::pair(a.block, a.warp) < std::pair(b.block, b.warp);
    });
    for (const auto& w : m_warps) m_maxSum = std::max(m_maxSum, w.attemptsSum);
    m_origin = p ? p->origin : 0;
    m_sample = run && run->texts.count("casSample")
                   ? QString::fromStdString(run->texts.at("casSample"))
                   : QString();
    double end = 1;
    for (const auto& w : m_warps) end = std::max(end, nsAfter(w.endNs, m_origin));
    if (p) end = std::max(end, p->spanEnd);
    resizeEvent(nullptr);
    m_time.minSpan = std::max(20.0, p ? 4.0 * double(p->run->device.timerTickNs) : 0.0);
    m_time.setFullRange(0, end);
    update();
}

void CasHeatmapView::resizeEvent(QResizeEvent*) {
    const QRect r = rowsRect();
    m_time.x0 = r.left();
    m_time.width = r.width();
}

QColor CasHeatmapView::colourOf(std::size_t i) const {
    return m_maxSum ? sequentialColour(double(m_warps[i].attemptsSum) / m_maxSum)
                    : sequentialColour(0);
}

QRectF CasHeatmapView::warpRect(std::size_t i) const {
    const QRect r = rowsRect();
    const double h = rowHeight();
    const double x0 = m_time.mapTimeToX(nsAfter(m_warps[i].startNs, m_origin));
    const double x1 = m_time.mapTimeToX(nsAfter(m_warps[i].endNs, m_origin));
    return QRectF(x0, r.top() + double(i) * h, std::max(2.0, x1 - x0), std::max(1.0, h));
}

int CasHeatmapView::warpAt(QPointF pos) const {
    if (m_warps.empty() || !rowsRect().contains(pos.toPoint())) return -1;
    const auto i = std::size_t((pos.y() - rowsRect().top()) / rowHeight());
    if (i >= m_warps.size()) return -1;
    const QRectF r = warpRect(i).adjusted(-3, 0, 3, 0);
    return pos.x() >= r.left() && pos.x() <= r.right() ? int(i) : -1;
}

void CasHeatmapView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (m_warps.empty()) {
        drawMessage(p, rect(), m_problem);
        return;
    }
    const QFontMetrics fm(font());
    const QRect rows = rowsRect();
    const double h = rowHeight();
    const std::uint32_t selectedBlock = [&] {
        const BlockRef s = m_model->selected();
        const Launch* l = m_model->prepared()->launch(s.launch);
        return l && s.valid() ? l->blocks.block[std::size_t(s.record)] : 0xFFFFFFFFu;
    }();
    double lastLabel = -1e9;
    p.setClipRect(rows.adjusted(-rows.left(), 0, 0, 0));  // labels and marks left of the rows
    for (std::size_t i = 0; i < m_warps.size(); ++i) {
        const CasWarp& w = m_warps[i];
        const double y = rows.top() + double(i) * h;
        if (w.warp == 0 && i > 0 && h >= 2)
            p.fillRect(QRectF(rows.left(), y, rows.width(), 1), palette::gridLine());
        if (w.warp == 0 && y - lastLabel >= fm.height()) {
            p.setPen(w.block == selectedBlock ? palette::selection() : palette::mutedText());
            p.drawText(QRectF(0, y, rows.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignTop,
                       tr("block %1").arg(w.block));
            lastLabel = y;
        }
        const QRectF r = warpRect(i).adjusted(0, h >= 4 ? 0.5 : 0, 0, h >= 4 ? -0.5 : 0);
        p.fillRect(r, colourOf(i));
        // A lesson's highlight (a block, or one warp of it) outlined thick.
        const Highlight& hl = m_model->highlight();
        const bool highlighted =
            hl.block == qint64(w.block) && (hl.warp < 0 || hl.warp == int(w.warp));
        if (highlighted) {
            p.setPen(QPen(palette::selection(), 3.0));
            p.drawRect(r);
        }
        // The selected block: a mark down the left edge of its rows (with its label).
        if (w.block == selectedBlock)
            p.fillRect(QRectF(rows.left() - 6, y, 4, std::max(1.0, h)), palette::selection());
        const QString n = QString::number(w.attemptsSum);
        if (r.height() >= fm.height() * 0.9 && r.width() >= fm.horizontalAdvance(n) + 6) {
            p.setPen(double(w.attemptsSum) > 0.5 * m_maxSum ? QColor(Qt::white) : palette::text());
            p.drawText(r, Qt::AlignCenter, n);
        }
    }
    p.setClipping(false);
    const double now = m_model->time();
    const double x = std::clamp(m_time.mapTimeToX(now), double(rows.left()), double(rows.right()));
    p.fillRect(QRectF(x, rows.top(), rows.right() - x, rows.height()), palette::futureVeil());
    p.setPen(QPen(palette::playhead(), 2));
    p.drawLine(QPointF(x, rows.top()), QPointF(x, rows.bottom()));
    // Time axis: start and end of the view.
    p.setPen(palette::text());
    p.drawText(QRect(rows.left(), rows.bottom() + 4, rows.width(), fm.height()), Qt::AlignLeft,
               formatDuration(m_time.viewStart));
    p.drawText(QRect(rows.left(), rows.bottom() + 4, rows.width(), fm.height()), Qt::AlignRight,
               formatDuration(m_time.viewEnd));

    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height() + 2),
              tr("CAS attempts of each traced warp over time (%1 warps)").arg(m_warps.size()));
    drawSequentialLegend(p, QRect(8, 8 + fm.height(), width() - 16, fm.height()),
                         tr("atomicCAS by the warp's 32 lanes:"), QStringLiteral("0"),
                         QString::number(m_maxSum));
    p.setPen(palette::mutedText());
    // Which blocks were recorded stays; how they were picked, then what the
    // other charts count, give way in a narrow view.
    const qsizetype semicolon = m_sample.indexOf(QStringLiteral("; "));
    const QString head = semicolon < 0 ? m_sample : m_sample.left(semicolon);
    const qsizetype paren = head.indexOf(QStringLiteral(" ("));
    p.drawText(QRect(8, 10 + 2 * fm.height(), width() - 16, fm.height()), Qt::AlignLeft,
               fitCaptionPieces(fm, width() - 16,
                                {{paren < 0 ? head : head.left(paren), kCaptionValue},
                                 {paren < 0 ? QString() : head.mid(paren), 1},
                                 {semicolon < 0 ? QString() : m_sample.mid(semicolon), 0}}));
}

bool CasHeatmapView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int i = warpAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            return true;
        }
        const CasWarp& w = m_warps[std::size_t(i)];
        QToolTip::showText(help->globalPos(),
                           tr("block %1, warp %2\n%3 atomicCAS by its lanes, at most %4 by one\n"
                              "loop from %5 to %6")
                               .arg(w.block)
                               .arg(w.warp)
                               .arg(w.attemptsSum)
                               .arg(w.attemptsMax)
                               .arg(formatExactNs(nsAfter(w.startNs, m_origin)),
                                    formatExactNs(nsAfter(w.endNs, m_origin))),
                           this);
        return true;
    }
    return QWidget::event(e);
}

void CasHeatmapView::wheelEvent(QWheelEvent* e) {
    const double notches = e->angleDelta().y() / 120.0;
    if (notches == 0) return;
    m_time.zoom(std::pow(1.25, notches), e->position().x());
    update();
}

void CasHeatmapView::mousePressEvent(QMouseEvent* e) {
    const int i = warpAt(e->position());
    if (i < 0) return;
    const PreparedRun* p = m_model->prepared();
    for (std::size_t li = 0; li < p->run->launches.size(); ++li) {
        const BlockRef ref = p->refOfBlock(int(li), m_warps[std::size_t(i)].block);
        if (ref.valid()) {
            m_model->setSelected(ref);
            return;
        }
    }
}

void CasHeatmapView::mouseDoubleClickEvent(QMouseEvent*) {
    m_time.showAll();
    update();
}

}  // namespace ws
