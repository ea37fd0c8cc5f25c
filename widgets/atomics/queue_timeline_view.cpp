#include "widgets/atomics/queue_timeline_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "widgets/view/palette.h"
#include "widgets/view/sequential_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
constexpr double kWheelZoom = 1.25;
QColor tailColour() { return palette::selection(); }    // vermillion
QColor idleColour() { return QColor(QRgb(0x009E73)); }  // bluish green

// The lesson's moments as vertical lines, told apart by colour and dash (the
// legend in the header names them): the first SM to run out of work, the
// last item's start and the end; the tail between the last two as a band.
struct Mark {
    QColor colour;
    Qt::PenStyle style;
    QString label;
};

std::vector<Mark> marks() {
    return {{idleColour(), Qt::DotLine, QObject::tr("first SM out of work")},
            {tailColour(), Qt::DashLine, QObject::tr("last item starts")},
            {palette::text(), Qt::SolidLine, QObject::tr("end")}};
}

}  // namespace

int QueueTimelineView::legendTop() const { return 8 + QFontMetrics(font()).height(); }
int QueueTimelineView::legendPitch() const { return QFontMetrics(font()).height() + 4; }

std::vector<QRect> QueueTimelineView::legendPieces() const {
    // The cost scale, then one piece per mark (its line and its name), placed
    // left to right and wrapped onto another line where the width ends: side
    // by side in presentation mode the header is narrower than one line.
    const QFontMetrics fm(font());
    const int h = fm.height();
    const QString high = formatDuration(double(m_bars.maxCostUs) * 1e3);
    std::vector<int> widths{fm.horizontalAdvance(tr("planned cost:") + QStringLiteral(" ")) +
                            fm.horizontalAdvance(QStringLiteral("0 ")) + 6 * h +
                            fm.horizontalAdvance(QStringLiteral(" ")) + fm.horizontalAdvance(high) +
                            2};
    for (const Mark& m : marks()) widths.push_back(2 * h + 4 + fm.horizontalAdvance(m.label) + 2);
    const int left = 8, right = std::max(left + 1, width() - 8);
    const int gap = fm.horizontalAdvance(QStringLiteral("   "));
    std::vector<QRect> out;
    int x = left, line = 0;
    for (int w : widths) {
        if (x > left && x + gap + w > right) {
            x = left;
            ++line;
        } else if (x > left) {
            x += gap;
        }
        // A piece wider than the view alone on its line: it is elided to fit.
        const int fitted = std::min(w, right - left);
        out.push_back(QRect(x, legendTop() + line * legendPitch(), fitted, h));
        x += fitted;
    }
    return out;
}

int QueueTimelineView::legendLines() const {
    const auto pieces = legendPieces();
    return pieces.empty() ? 1 : (pieces.back().top() - legendTop()) / legendPitch() + 1;
}

QueueTimelineView::QueueTimelineView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &QueueTimelineView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::highlightChanged, this, [this] { update(); });
    rebuild();
}

QRect QueueTimelineView::lanesRect() const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("SM 000 ")) + 8;
    const int top = legendTop() + legendLines() * legendPitch() - (legendPitch() - fm.height()) + 8;
    const int bottom = 2 * fm.height() + 8;
    return QRect(left, top, std::max(10, width() - left - 12),
                 std::max(10, height() - top - bottom));
}

double QueueTimelineView::laneHeight() const {
    const std::size_t lanes = m_model->prepared() ? m_model->prepared()->lanes.lanes.size() : 0;
    return lanes ? double(lanesRect().height()) / double(lanes) : 0;
}

void QueueTimelineView::rebuild() {
    m_bars = buildQueueBars(m_model->prepared());
    const QRect r = lanesRect();
    m_time.x0 = r.left();
    m_time.width = r.width();
    const PreparedRun* p = m_model->prepared();
    m_time.minSpan = std::max(20.0, p ? 4.0 * double(p->run->device.timerTickNs) : 0.0);
    m_time.setFullRange(0, p ? std::max(1.0, p->spanEnd) : 1.0);
    m_layerValid = false;
    update();
}

void QueueTimelineView::resizeEvent(QResizeEvent*) {
    const QRect r = lanesRect();
    const double start = m_time.viewStart, end = m_time.viewEnd;
    m_time.x0 = r.left();
    m_time.width = r.width();
    m_time.viewStart = start;
    m_time.viewEnd = end;
    m_layerValid = false;
}

void QueueTimelineView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) {
        m_layerValid = false;
        resizeEvent(nullptr);
    }
    QWidget::changeEvent(e);
}

QColor QueueTimelineView::colourOf(std::size_t bar) const {
    const float top = m_bars.maxCostUs > 0 ? m_bars.maxCostUs : 1;
    return sequentialColour(double(m_bars.bars[bar].costUs) / double(top));
}

QRectF QueueTimelineView::barRect(std::size_t bar) const {
    const QRect r = lanesRect();
    const QueueBar& b = m_bars.bars[bar];
    const double h = laneHeight();
    const double x0 = m_time.mapTimeToX(b.start), x1 = m_time.mapTimeToX(b.end);
    return QRectF(x0, r.top() + b.lane * h, std::max(1.0, x1 - x0), std::max(1.0, h));
}

int QueueTimelineView::barAt(QPointF pos) const {
    const QRect r = lanesRect();
    if (!r.contains(pos.toPoint()) || m_bars.empty()) return -1;
    const double h = laneHeight();
    const auto lane = std::uint32_t((pos.y() - r.top()) / h);
    const double t = m_time.mapXToTime(pos.x());
    const double slack = 3 * m_time.nsPerPixel();  // a thin bar is still hit
    int best = -1;
    double bestDistance = slack;
    for (std::size_t i = 0; i < m_bars.bars.size(); ++i) {
        const QueueBar& b = m_bars.bars[i];
        if (b.lane != lane) continue;
        const double d = t < b.start ? b.start - t : (t > b.end ? t - b.end : 0);
        if (d <= bestDistance) {
            bestDistance = d;
            best = int(i);
        }
    }
    return best;
}

std::vector<CaptionPiece> QueueTimelineView::titlePieces() const {
    const auto& a = m_bars.analysis;
    return {{tr("%1 items on %2 slots")
                 .arg(groupDigits((long long)m_bars.bars.size()))
                 .arg(a.slotCount),
             kCaptionValue},
            {tr(": longest SM busy %1× the mean").arg(a.imbalance, 0, 'f', 2), 1},
            {tr("; SMs run out of work over the last %1").arg(formatDuration(a.finishSpreadNs)), 0},
            {tr("; tail %1").arg(formatDuration(a.tailNs)), kCaptionValue}};
}

QString QueueTimelineView::titleText() const {
    QString text;
    for (const CaptionPiece& piece : titlePieces()) text += piece.text;
    return text;
}

void QueueTimelineView::renderBars() {
    const QRect r = lanesRect();
    const qreal dpr = devicePixelRatioF();
    m_layer = QImage(r.size() * dpr, QImage::Format_RGB32);
    m_layer.setDevicePixelRatio(dpr);
    m_layer.fill(palette::background());
    QPainter p(&m_layer);
    p.translate(-r.topLeft());
    const PreparedRun* prepared = m_model->prepared();
    const double h = laneHeight();
    if (prepared && h >= 3) {  // SM rows apart, where there is room for a line
        for (const auto& row : prepared->lanes.rows)
            p.fillRect(QRectF(r.left(), r.top() + row.firstLane * h, r.width(), 1),
                       palette::gridLine());
    }
    const bool separate = h >= 5;
    for (std::size_t i = 0; i < m_bars.bars.size(); ++i) {
        const QueueBar& b = m_bars.bars[i];
        if (b.end < m_time.viewStart || b.start > m_time.viewEnd) continue;
        QRectF rect = barRect(i);
        if (separate) rect.adjust(0, 1, 0, -1);
        p.fillRect(rect, colourOf(i));
        // Consecutive items of a block touch: a light cut shows where one begins.
        if (separate && rect.width() >= 4)
            p.fillRect(QRectF(rect.left(), rect.top(), 1, rect.height()), palette::background());
    }
    m_layerValid = true;
}

void QueueTimelineView::paintMarks(QPainter& p, const QRect& lanes) {
    if (m_bars.empty()) return;
    const QFontMetrics fm(font());
    const double times[] = {m_bars.firstIdle, m_bars.lastStart, m_bars.end};
    const auto kinds = marks();
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        const double x =
            std::clamp(m_time.mapTimeToX(times[k]), double(lanes.left()), double(lanes.right()));
        if (times[k] < m_time.viewStart || times[k] > m_time.viewEnd) continue;
        p.setPen(QPen(kinds[k].colour, std::max(2.0, fm.height() / 8.0), kinds[k].style));
        p.drawLine(QPointF(x, lanes.top()), QPointF(x, lanes.bottom()));
    }
    const double x0 = std::max<double>(lanes.left(), m_time.mapTimeToX(m_bars.lastStart));
    const double x1 = std::min<double>(lanes.right(), m_time.mapTimeToX(m_bars.end));
    if (x1 > x0)
        p.fillRect(QRectF(x0, lanes.bottom() + 1, x1 - x0, std::max(3, fm.height() / 4)),
                   tailColour());
}

void QueueTimelineView::paintLabels(QPainter& p, const QRect& lanes) {
    const QFontMetrics fm(font());
    const PreparedRun* prepared = m_model->prepared();
    p.setPen(palette::mutedText());
    // SM labels where they fit without overlapping.
    double lastY = -1e9;
    const double h = laneHeight();
    for (const auto& row : prepared->lanes.rows) {
        if (row.laneCount == 0) continue;
        const double y = lanes.top() + (row.firstLane + row.laneCount / 2.0) * h;
        if (y - lastY < fm.height()) continue;
        p.drawText(QRectF(0, y - fm.height() / 2.0, lanes.left() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("SM %1").arg(row.sm));
        lastY = y;
    }
    // Time axis.
    const double step =
        niceStep(m_time.span() / std::max(2.0, lanes.width() / (6.0 * fm.height())));
    p.setPen(palette::text());
    for (const double t : tickTimes(m_time.viewStart, m_time.viewEnd, step)) {
        const double x = m_time.mapTimeToX(t);
        p.drawLine(QPointF(x, lanes.bottom() + 1), QPointF(x, lanes.bottom() + 5));
        const QString label = formatTick(t, step);
        p.drawText(tickLabelBox(fm, label, x, lanes.bottom() + 6, 0, width()), Qt::AlignCenter,
                   label);
    }
}

void QueueTimelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    if (m_bars.empty()) {
        drawMessage(p, rect(), m_bars.problem);
        return;
    }
    const QRect lanes = lanesRect();
    if (!m_layerValid || m_layer.size() != lanes.size() * devicePixelRatioF()) renderBars();
    p.drawImage(lanes.topLeft(), m_layer);

    // The future, veiled: what has not happened at the playback time.
    const double now = m_model->time();
    const double xNow =
        std::clamp(m_time.mapTimeToX(now), double(lanes.left()), double(lanes.right() + 1));
    p.fillRect(QRectF(xNow, lanes.top(), lanes.right() + 1 - xNow, lanes.height()),
               palette::futureVeil());

    // The selected block's items and a highlighted item, outlined.
    const BlockRef selected = m_model->selected();
    const qint64 item = m_model->highlight().item;
    for (std::size_t i = 0; i < m_bars.bars.size(); ++i) {
        const bool isItem = qint64(m_bars.bars[i].item) == item;
        if (!(selected.valid() && m_bars.bars[i].block == selected) && !isItem) continue;
        p.setPen(QPen(palette::selection(), isItem ? 3 : 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(barRect(i).adjusted(-1, -1, 1, 1));
    }
    paintMarks(p, lanes);
    p.setPen(QPen(palette::playhead(), 2));
    if (now >= m_time.viewStart && now <= m_time.viewEnd)
        p.drawLine(QPointF(xNow, lanes.top()), QPointF(xNow, lanes.bottom()));
    paintLabels(p, lanes);

    p.setPen(palette::text());
    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height() + 2),
              fitCaptionPieces(QFontMetrics(titleFont(font())), width() - 16, titlePieces()));
    const auto pieces = legendPieces();
    p.save();
    p.setClipRect(pieces[0]);
    drawSequentialLegend(p, pieces[0], tr("planned cost:"), QStringLiteral("0"),
                         formatDuration(double(m_bars.maxCostUs) * 1e3));
    p.restore();
    const auto kinds = marks();
    for (std::size_t k = 0; k < kinds.size() && k + 1 < pieces.size(); ++k) {
        const Mark& m = kinds[k];
        const QRect piece = pieces[k + 1];
        const int y = piece.center().y();
        int x = piece.left();
        p.setPen(QPen(m.colour, std::max(2.0, fm.height() / 8.0), m.style));
        p.drawLine(QPointF(x, y), QPointF(x + 2 * fm.height(), y));
        x += 2 * fm.height() + 4;
        p.setPen(palette::text());
        const int room = std::max(0, piece.right() + 1 - x);
        p.drawText(QRect(x, piece.top(), room, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(m.label, Qt::ElideRight, room));
    }
}

bool QueueTimelineView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int i = barAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            return true;
        }
        const QueueBar& b = m_bars.bars[std::size_t(i)];
        const Launch* l = m_model->prepared()->launch(b.block.launch);
        const std::uint32_t block = l->blocks.block[std::size_t(b.block.record)];
        const std::uint32_t sm = l->blocks.sm[std::size_t(b.block.record)];
        QToolTip::showText(
            help->globalPos(),
            tr("item %1: planned %2\nblock %3 on SM %4\nran %5 (from %6 to %7)")
                .arg(b.item)
                .arg(formatDuration(double(b.costUs) * 1e3))
                .arg(block)
                .arg(sm)
                .arg(formatExactNs(b.end - b.start), formatExactNs(b.start), formatExactNs(b.end)),
            this);
        return true;
    }
    return QWidget::event(e);
}

void QueueTimelineView::wheelEvent(QWheelEvent* e) {
    const double notches = e->angleDelta().y() / 120.0;
    if (notches == 0) return;
    m_time.zoom(std::pow(kWheelZoom, notches), e->position().x());
    m_layerValid = false;
    update();
}

void QueueTimelineView::mousePressEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return;
    const int i = barAt(e->position());
    if (i >= 0) m_model->setSelected(m_bars.bars[std::size_t(i)].block);
    m_dragging = true;
    m_lastPos = e->position();
}

void QueueTimelineView::mouseMoveEvent(QMouseEvent* e) {
    if (!m_dragging) return;
    m_time.pan(m_lastPos.x() - e->position().x());
    m_lastPos = e->position();
    m_layerValid = false;
    update();
}

void QueueTimelineView::mouseReleaseEvent(QMouseEvent*) { m_dragging = false; }

void QueueTimelineView::mouseDoubleClickEvent(QMouseEvent*) {
    m_time.showAll();
    m_layerValid = false;
    update();
}

}  // namespace ws
