#include "widgets/timeline/timeline_view.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QRegion>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "widgets/view/block_text.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/direct_blit.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
// Built per paint: the colours follow the scheme, which may change at any time.
std::vector<LegendItem> timelineLegend() {
    return {{palette::stateColour(BlockState::Done), QObject::tr("done")},
            {palette::stateColour(BlockState::Running), QObject::tr("running")},
            {timelineStateColour(BlockState::Waiting, false), QObject::tr("not yet started")},
            {timelineStateColour(BlockState::Done, true), QObject::tr("lighter tone: odd wave")},
            {palette::selection(), QObject::tr("selected"), true},
            {palette::playhead(), QObject::tr("playhead")}};
}
}  // namespace

TimelineView::TimelineView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_input(m_data, {[this] { syncGeometry(); }, [this](double f, double x) { zoomAt(f, x); },
                       [this](double px) { panBy(px); }, [this] { update(); }}) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &TimelineView::onRunChanged);
    connect(model, &PlaybackModel::commonSpanChanged, this, &TimelineView::onRunChanged);
    connect(model, &PlaybackModel::timeChanged, this, &TimelineView::onTimeChanged);
    connect(model, &PlaybackModel::selectionChanged, this, &TimelineView::onSelectionChanged);
    connect(model, &PlaybackModel::hoverChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::markedChanged, this, [this] { update(); });
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        m_moving = false;
        update();
    });
    onRunChanged();
}

int TimelineView::leftMargin() const {
    return QFontMetrics(font()).horizontalAdvance(QStringLiteral("SM 000 ")) + 10;
}
int TimelineView::topMargin() const { return 2 * QFontMetrics(font()).height() + 14; }
int TimelineView::bottomMargin() const {
    return idleBandHeight() + legendHeight(font(), width() - 16, timelineLegend()) + 8;
}

// A run drawn with only its busy SMs keeps the others in sight as one band:
// "16 of 132 SMs work" is the lesson of the column sums.
int TimelineView::idleBandHeight() const {
    const PreparedRun* p = m_model->prepared();
    if (!p || p->lanes.idleSms() == 0) return 0;
    return QFontMetrics(font()).height() * 3 / 2 + 6;
}

QRect TimelineView::idleBandRect() const {
    const int h = idleBandHeight();
    if (h == 0) return {};
    const QRect lanes = lanesRect();
    return QRect(lanes.left(), lanes.bottom() + 5, lanes.width(), h - 6);
}

void TimelineView::paintIdleBand(QPainter& p) {
    const QRect band = idleBandRect();
    if (band.isEmpty()) return;
    const std::size_t idle = m_model->prepared()->lanes.idleSms();
    p.fillRect(band, palette::idleCell());
    p.setFont(font());
    p.setPen(palette::mutedText());  // on the background, like the SM labels
    p.drawText(QRect(4, band.top(), band.left() - 10, band.height()),
               Qt::AlignRight | Qt::AlignVCenter, tr("idle"));
    p.setPen(palette::text());  // idleCell keeps text() readable in every scheme
    p.drawText(band.adjusted(8, 0, -8, 0), Qt::AlignLeft | Qt::AlignVCenter,
               idle == 1 ? tr("1 more SM ran no block") : tr("%1 more SMs ran no block").arg(idle));
}

QRect TimelineView::lanesRect() const {
    const int l = leftMargin(), t = topMargin();
    int h = std::max(10, height() - t - bottomMargin());
    // A few SMs drawn alone get rows a few lines tall, not a wall of colour:
    // a bar keeps its proportions and the view's other parts stay close by.
    if (const PreparedRun* p = m_model->prepared();
        p && shownRows().size() < p->lanes.rows.size()) {
        const int perSlot = 2 * QFontMetrics(font()).height();
        const int rowH = perSlot * int(std::max<std::uint32_t>(1, p->lanes.maxSlots));
        h = std::min(h, rowH * int(shownRows().size()));
    }
    return QRect(l, t, std::max(10, width() - l - 10), h);
}

void TimelineView::syncGeometry() {
    const QRect r = lanesRect();
    m_data.x0 = r.left();
    m_data.width = r.width();
}

void TimelineView::onRunChanged() {
    syncGeometry();
    const PreparedRun* p = m_model->prepared();
    const double tick = p ? double(p->run->device.timerTickNs) : 0;
    m_data.minSpan = std::max(20.0, 4 * tick);
    // A compared run's span when longer: both sides then share one scale.
    m_data.setFullRange(0, p ? std::max({1.0, p->spanEnd, m_model->commonSpan()}) : 1);
    update();
}

void TimelineView::onTimeChanged(double t) {
    // While playing zoomed in, keep the playhead in view.
    if (m_model->playing() && m_data.zoomedIn() && (t < m_data.viewStart || t > m_data.viewEnd))
        m_data.centerOn(t + m_data.span() * 0.4);
    update();
}

void TimelineView::onSelectionChanged(const BlockRef& ref) {
    const PreparedRun* p = m_model->prepared();
    if (p && ref.valid() && m_data.zoomedIn()) {
        const double s = p->startOf(ref), e = p->endOf(ref);
        if (e < m_data.viewStart || s > m_data.viewEnd) m_data.centerOn((s + e) / 2);
    }
    update();
}

void TimelineView::resizeEvent(QResizeEvent*) { syncGeometry(); }

void TimelineView::zoomAt(double factor, double x) {
    syncGeometry();
    m_data.zoom(factor, x);
    m_moving = true;
    m_settle.start();
    update();
}

void TimelineView::panBy(double pixels) {
    syncGeometry();
    m_data.pan(pixels);
    m_moving = true;
    m_settle.start();
    update();
}

QString TimelineView::wavesText(std::size_t waves, double mean) {
    if (waves == 1) return tr("1 wave");
    // "56 waves" alone read as the grid over the slots, which is 15.5.
    if (mean > 0 && double(waves) > 1.5 * mean)
        return tr("%1 waves at most, %2 on average")
            .arg(waves)
            .arg(mean, 0, 'f', mean < 10 ? 1 : 0);
    return tr("%1 waves").arg(waves);
}

const std::vector<std::uint32_t>& TimelineView::shownRows() const {
    const PreparedRun* p = m_model->prepared();
    if (p == m_rowsOf) return m_shownRows;
    m_rowsOf = p;
    m_shownRows.clear();
    m_displayOf.clear();
    if (!p) return m_shownRows;
    const auto& rows = p->lanes.rows;
    m_shownRows = p->lanes.rowsWorthDrawing();
    m_displayOf.assign(rows.size(), -1);
    for (std::size_t d = 0; d < m_shownRows.size(); ++d) m_displayOf[m_shownRows[d]] = int(d);
    return m_shownRows;
}

int TimelineView::displayRow(std::size_t row) const {
    shownRows();
    return row < m_displayOf.size() ? m_displayOf[row] : -1;
}

std::size_t TimelineView::displayRowCount() const {
    return std::max<std::size_t>(1, shownRows().size());
}

QRectF TimelineView::barRect(const BlockRef& ref) const {
    const PreparedRun* p = m_model->prepared();
    if (!p) return {};
    const auto place = p->lanes.find(ref);
    if (place.row < 0) return {};
    const QRect lanes = lanesRect();
    const int display = displayRow(std::size_t(place.row));
    if (display < 0) return {};
    const double rowH = double(lanes.height()) / double(displayRowCount());
    const double laneH = rowH / std::max<std::uint32_t>(1, p->lanes.maxSlots);
    const double x0 = m_data.mapTimeToX(p->startOf(ref));
    const double x1 = m_data.mapTimeToX(p->endOf(ref));
    const double y = lanes.top() + display * rowH + place.lane * laneH;
    return QRectF(x0, y, std::max(1.0, x1 - x0), std::max(1.0, laneH));
}

QPointF TimelineView::pointOf(const BlockRef& ref) const {
    const QRectF r = barRect(ref);
    if (r.isNull()) return {-1, -1};
    return r.center();
}

BlockRef TimelineView::blockAt(QPointF pos) const {
    const PreparedRun* p = m_model->prepared();
    const QRect lanes = lanesRect();
    if (!p || !lanes.contains(pos.toPoint()) || p->lanes.rows.empty()) return {};
    const double rowH = double(lanes.height()) / double(displayRowCount());
    const auto display = std::size_t((pos.y() - lanes.top()) / rowH);
    if (display >= shownRows().size()) return {};
    const double laneH = rowH / std::max<std::uint32_t>(1, p->lanes.maxSlots);
    const auto lane = std::size_t((pos.y() - lanes.top() - display * rowH) / laneH);
    return p->lanes.blockAt(shownRows()[display], lane, m_data.mapXToTime(pos.x()),
                            3 * m_data.nsPerPixel());
}

QRectF TimelineView::playheadLabelBox(const QRect& lanes) const {
    const double px = m_data.mapTimeToX(m_model->time());
    if (!m_model->prepared() || px < lanes.left() - 1 || px > lanes.right() + 1) return {};
    const QFontMetrics fm(font());
    const int w = fm.horizontalAdvance(formatDuration(m_model->time())) + 10;
    // Narrower than its label, the view keeps the label's left end in view.
    return QRectF(std::clamp(px - w / 2.0, 0.0, std::max(0.0, double(width() - w))),
                  lanes.top() - 8 - fm.height(), w, fm.height());
}

void TimelineView::paintAxis(QPainter& p, const QRect& lanes) {
    const QFontMetrics fm(font());
    const double step = timeAxisStep(fm, m_data.nsPerPixel(), m_data.viewStart, m_data.viewEnd);
    const int axisY = lanes.top() - 4;
    const QRectF playhead = playheadLabelBox(lanes);
    p.setPen(palette::mutedText());
    p.drawLine(lanes.left(), axisY, lanes.right(), axisY);
    for (const double t : tickTimes(m_data.viewStart, m_data.viewEnd, step)) {
        const int x = int(std::lround(m_data.mapTimeToX(t)));
        p.setPen(palette::mutedText());
        p.drawLine(x, axisY - 4, x, axisY);
        const QString label = formatTick(t, step);
        const QRectF box =
            tickLabelBox(fm, label, x, axisY - 6 - fm.ascent(), lanes.left() - 10, width());
        // The playhead's own time covers the tick labels it passes.
        if (playhead.intersects(box)) continue;
        p.drawText(box, Qt::AlignLeft | Qt::AlignTop, label);
    }
}

void TimelineView::paintSmLabels(QPainter& p, const QRect& lanes) {
    const PreparedRun* prep = m_model->prepared();
    const QFontMetrics fm(font());
    const auto& rows = prep->lanes.rows;
    const auto& shown = shownRows();
    const double rowH = double(lanes.height()) / double(displayRowCount());
    // Labels depend only on the row count: rows[i].sm is i. The image spans the lanes' height and
    // half a line above and below, where the first and last labels may reach; only background is
    // there otherwise.
    const int above = fm.height() / 2 + 1;
    // SM labels: as many as fit without overlapping.
    const int every = std::max(1, int(std::ceil(fm.height() / rowH)));
    const auto drawLabels = [&](QPainter& lp, int top) {
        lp.setFont(font());
        lp.setPen(palette::text());
        for (std::size_t r = 0; r < shown.size(); r += std::size_t(every)) {
            const int y = int(lanes.top() + r * rowH + rowH / 2) - top;
            lp.drawText(QRect(4, y - fm.height() / 2, lanes.left() - 10, fm.height()),
                        Qt::AlignRight | Qt::AlignVCenter, tr("SM %1").arg(rows[shown[r]].sm));
        }
    };
    // Vector exports (SVG) get the labels as text; pixels get them from an
    // image made once per size, since 132 labels cost a playback frame.
    if (p.paintEngine() && p.paintEngine()->type() != QPaintEngine::Raster) {
        drawLabels(p, 0);
        return;
    }
    const qreal dpr = devicePixelRatioF();
    const QString key =
        QStringLiteral("%1 %2 %3 %4 %5 %6")
            .arg(QString::number(quintptr(prep)) + QLatin1Char(':') + QString::number(shown.size()))
            .arg(lanes.left())
            .arg(lanes.height())
            .arg(font().toString())
            .arg(dpr)
            .arg(palette::text().rgba());
    if (key != m_labelsKey) {
        m_labelsKey = key;
        const QSize size(lanes.left(), lanes.height() + 2 * above);
        m_labels = QImage(size * dpr, QImage::Format_ARGB32_Premultiplied);
        m_labels.setDevicePixelRatio(dpr);
        m_labels.fill(palette::background());
        QPainter lp(&m_labels);
        drawLabels(lp, lanes.top() - above);
    }
    p.drawImage(QPoint(0, lanes.top() - above), m_labels);
}

void TimelineView::paintOverlay(QPainter& p, const QRect& lanes) {
    const PreparedRun* prep = m_model->prepared();
    const QFontMetrics fm(font());
    // Waves: a line where each wave begins, labelled while there is room.
    // Only launches with several waves get wave lines: a one-block final
    // pass is a launch of its own, not a wave. Lines are 1-pixel solid
    // rectangles: the raster engine fills those far faster than it strokes
    // translucent or dashed full-height lines.
    const QColor waveColour(0x50, 0x50, 0x50);
    double lastLabelX = -1e9;
    // Whether a label's plate would lie over a block's bar, read from the
    // frame's own pixels (the coarse frames of a drag are not asked).
    auto coversBars = [&](const QRectF& plate) {
        if (m_lastCoarse || m_image.isNull()) return false;
        const QRect r =
            plate.toAlignedRect().translated(-lanes.topLeft()).intersected(m_image.rect());
        // Empty lanes are the background, with a grid-coloured line between SM rows.
        const QRgb empty = palette::background().rgb() & 0xffffff;
        const QRgb separator = palette::gridLine().rgb() & 0xffffff;
        for (int y = r.top(); y <= r.bottom(); ++y) {
            const auto* line = reinterpret_cast<const QRgb*>(m_image.constScanLine(y));
            for (int xx = r.left(); xx <= r.right(); ++xx) {
                const QRgb c = line[xx] & 0xffffff;
                if (c != empty && c != separator) return true;
            }
        }
        return false;
    };
    // The playhead is drawn last, over every label: a label it would cross
    // ("wave 17" struck through) gives way, as the axis's tick labels do.
    const double playheadX = m_data.mapTimeToX(m_model->time());
    auto crossesPlayhead = [&](double left, double right) {
        return playheadX >= lanes.left() - 1 && playheadX <= lanes.right() + 1 &&
               playheadX + 2 >= left && playheadX - 2 <= right;
    };
    // Room for the widest label ("wave 971" has three digits), shaped once,
    // not per wave: two-digit room let three-digit labels run into each other.
    std::size_t mostWaves = 0;
    for (const auto& waves : prep->lanes.waveStart) mostWaves = std::max(mostWaves, waves.size());
    const int labelGap =
        fm.horizontalAdvance(tr("wave %1").arg(QString(QString::number(mostWaves).size(), '0'))) +
        8;
    for (const auto& waves : prep->lanes.waveStart) {
        for (std::size_t k = 1; k < waves.size(); ++k) {
            const double x = m_data.mapTimeToX(waves[k]);
            if (x < lanes.left() || x > lanes.right()) continue;
            if (x - lastLabelX < labelGap) continue;
            p.fillRect(QRectF(std::floor(x), lanes.top(), 1, lanes.height()), waveColour);
            lastLabelX = x;
            if (crossesPlayhead(x + 1, x + labelGap - 5)) continue;
            // On a plate of the background: over dense bars the label stays legible.
            p.fillRect(QRectF(std::floor(x) + 1, lanes.top(), labelGap - 6, fm.height()),
                       palette::background());
            p.setPen(palette::mutedText());
            p.drawText(QPointF(x + 3, lanes.top() + fm.ascent()), tr("wave %1").arg(k + 1));
        }
    }
    // Launch boundaries of multi-launch runs; labels only where the last one
    // leaves room (child grids launched together would pile up their names).
    // A name goes right of its boundary, or left of it near the right edge
    // (a reduction's last, one-block launch), on a plate over the bars; on
    // the bottom line, or the one above where the bottom one is taken.
    double lastLabelEnd[2] = {-1e9, -1e9};
    // Device-launched grids start out of index order: label left to right.
    // Every launch but the first to start has a line: in a run of streams
    // launch 1 may start after launch 2, and had neither line nor name.
    std::vector<std::pair<double, std::size_t>> boundaries;
    std::size_t firstToStart = 0;
    for (std::size_t li = 1; li < prep->launches.size(); ++li)
        if (prep->run->launches[li].blocks.size() > 0 &&
            prep->launches[li].start < prep->launches[firstToStart].start)
            firstToStart = li;
    for (std::size_t li = 0; li < prep->launches.size(); ++li)
        if (li != firstToStart)
            boundaries.push_back({m_data.mapTimeToX(prep->launches[li].start), li});
    std::sort(boundaries.begin(), boundaries.end());
    for (std::size_t b = 0; b < boundaries.size(); ++b) {
        const auto& [x, li] = boundaries[b];
        if (x < lanes.left() || x > lanes.right()) continue;
        p.fillRect(QRectF(std::floor(x) - 1, lanes.top(), 2, lanes.height()), palette::text());
        // Between its neighbours' lines: "launch 5" right of its line ran
        // across launch 6's, and a last launch's name left of its line stood
        // beside the launch before ("launch 3" over "launch 2"). Where the
        // words do not fit, the number alone.
        const double prevX = b > 0 ? boundaries[b - 1].first : double(lanes.left());
        const double nextX =
            b + 1 < boundaries.size() ? boundaries[b + 1].first : double(lanes.right());
        const int lines = lanes.height() >= 3 * fm.height() ? 2 : 1;
        QString name;
        double left = 0, w = 0;
        int line = lines;
        auto plateAt = [&](double l, double width, int ln) {
            const double baseline = lanes.bottom() - 4 - ln * fm.height();
            return QRectF(l, baseline - fm.ascent() - 1, width, fm.height());
        };
        // Over no bar where a place allows: a launch of one block had its
        // only bar under its own name ("launch 2" over the start of it).
        for (const bool clearOfBars : {true, false}) {
            for (const QString& text : {tr("launch %1").arg(li + 1), QString::number(li + 1)}) {
                w = fm.horizontalAdvance(text) + 4;
                // Left of its line only at the plot's right edge (a
                // reduction's last, one-block launch): in the middle it
                // would read as the name of the launch before.
                const bool atRightEdge = x + 3 + w > lanes.right();
                for (const double candidate : {x + 3, x - 3 - w}) {
                    if (candidate < x && !atRightEdge) continue;
                    if (candidate < std::max(prevX + 3, double(lanes.left())) ||
                        candidate + w > std::min(nextX - 2, double(lanes.right())) ||
                        crossesPlayhead(candidate, candidate + w))
                        continue;
                    line = 0;
                    while (line < lines &&
                           (candidate < lastLabelEnd[line] + 6 ||
                            (clearOfBars && coversBars(plateAt(candidate, w, line)))))
                        ++line;
                    if (line < lines) {
                        left = candidate;
                        break;
                    }
                }
                if (line < lines) {
                    name = text;
                    break;
                }
            }
            if (line < lines) break;
        }
        if (line == lines) continue;
        const double baseline = lanes.bottom() - 4 - line * fm.height();
        // Half see-through: the bars of the launch it names show beneath.
        p.fillRect(QRectF(left, baseline - fm.ascent() - 1, w, fm.height()), palette::labelPlate());
        p.setPen(palette::text());
        p.drawText(QPointF(left + 2, baseline), name);
        lastLabelEnd[line] = left + w;
    }
    paintMarks(p, lanes);
    const QRectF outlineRoom = QRectF(lanes).adjusted(-4, -4, 4, 4);
    QRectF clipped = outlineRoom;
    auto outline = [&](const BlockRef& ref, const QColor& c, double w) {
        QRectF r = barRect(ref);
        if (r.isNull()) return;
        // A bar that runs out of the view is outlined up to the view's
        // edge, open there, not a few pixels into the SM labels beside it.
        QRectF clip = outlineRoom;
        if (r.left() < lanes.left()) clip.setLeft(lanes.left());
        if (r.right() > lanes.right() + 1) clip.setRight(lanes.right() + 1);
        if (clip != clipped) p.setClipRect(clipped = clip);
        if (r.width() < 6) r.adjust(-(6 - r.width()) / 2, 0, (6 - r.width()) / 2, 0);
        if (r.height() < 6) r.adjust(0, -(6 - r.height()) / 2, 0, (6 - r.height()) / 2);
        p.setPen(QPen(c, w));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
    };
    p.setClipRect(outlineRoom);
    // Blocks a statistics bar picked out; a bounded number, so a bar of a
    // million blocks cannot stall a frame.
    constexpr std::size_t kMostMarked = 20000;
    const auto& marked = m_model->marked();
    for (std::size_t i = 0; i < std::min(marked.size(), kMostMarked); ++i)
        outline(marked[i], palette::okabeIto(6), ui::px(1.5));
    outline(m_model->hovered(), palette::hover(), 1.5);
    outline(m_model->selected(), palette::selection(), 3);
    // Playhead last, above everything.
    const double px = m_data.mapTimeToX(m_model->time());
    p.setClipping(false);
    if (px >= lanes.left() - 1 && px <= lanes.right() + 1) {
        p.setPen(QPen(palette::playhead(), 2));
        p.drawLine(QPointF(px, lanes.top() - 4), QPointF(px, lanes.bottom()));
        // The playhead's time sits on the axis, where the tick labels gave way.
        const QRectF box = playheadLabelBox(lanes);
        const QString label = formatDuration(m_model->time());
        p.setPen(QPen(palette::playhead(), 1.5));
        p.setBrush(palette::background());
        p.drawRect(box);
        p.setPen(palette::text());
        p.drawText(box, Qt::AlignCenter, label);
    }
}

// The marks a kernel file's warps passed (WS_MARK, the launch's "marks"
// table, in time order): a tick on the block's own bar at the time, one
// colour a mark. The visible stretch of the table is found by its times, and
// at most a bounded number of its rows, evenly spread, are looked at a frame
// (fewer in a drag's coarse frames): two marks on each of a million blocks
// cannot stall a frame. Each looked at is placed in constant time.
void TimelineView::paintMarks(QPainter& p, const QRect& lanes) {
    const PreparedRun* prep = m_model->prepared();
    const std::size_t mostLookedAt = m_lastCoarse ? 1500 : 6000;
    std::size_t drawn = 0;
    m_marksDrawn = 0;
    // Each lane's top and height on screen, once a frame (-1: not shown).
    const auto& L = prep->lanes;
    const double rowH = double(lanes.height()) / double(displayRowCount());
    const double laneH = rowH / std::max<std::uint32_t>(1, L.maxSlots);
    std::vector<double> laneTop(L.lanes.size(), -1);
    for (std::size_t r = 0; r < L.rows.size(); ++r) {
        const int display = displayRow(r);
        if (display < 0) continue;
        for (std::uint32_t k = 0; k < L.rows[r].laneCount; ++k)
            laneTop[L.rows[r].firstLane + k] = lanes.top() + display * rowH + k * laneH;
    }
    const double h = std::max(4.0, laneH);
    const double t0 = m_data.mapXToTime(lanes.left()), t1 = m_data.mapXToTime(lanes.right());
    p.setClipRect(lanes);
    for (std::size_t li = 0; li < prep->run->launches.size(); ++li) {
        const RecordTable* marks = findTable(prep->run->launches[li].tables, "marks");
        if (!marks) continue;
        const auto* block = marks->get<std::uint32_t>("block");
        const auto* mark = marks->get<std::uint32_t>("mark");
        const auto* time = marks->get<std::uint64_t>("timeNs");
        if (!block || !mark || !time || time->empty()) continue;
        const auto ns = [&](double t) { return std::uint64_t(std::max(0.0, t)) + prep->origin; };
        const std::size_t first =
            std::lower_bound(time->begin(), time->end(), ns(t0)) - time->begin();
        const std::size_t last =
            std::upper_bound(time->begin(), time->end(), ns(t1)) - time->begin();
        if (first >= last) continue;
        const std::size_t step = std::max<std::size_t>(1, (last - first) / mostLookedAt);
        for (std::size_t i = first; i < last; i += step) {
            const long long lane = L.laneOf(prep->refOfBlock(int(li), (*block)[i]));
            if (lane < 0 || laneTop[std::size_t(lane)] < 0) continue;
            const double x = m_data.mapTimeToX(double((*time)[i]) - double(prep->origin));
            const double y = laneTop[std::size_t(lane)] + laneH / 2;
            p.fillRect(QRectF(std::floor(x), y - h / 2, ui::px(2), h),
                       palette::okabeIto(int((*mark)[i])));
            ++drawn;
        }
    }
    m_marksDrawn = drawn;
    p.setClipping(false);
}

int TimelineView::coarseFactor(long long lanePixels) {
    int n = 2;
    while (lanePixels > kCoarseTargetPixels * n * n && n < 8) ++n;
    return n;
}

void TimelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const PreparedRun* prep = m_model->prepared();
    // The lanes image covers its rectangle: only the margins need a background.
    const QRect image = prep && prep->lanes.blockCount ? lanesRect() : QRect();
    for (const QRect& r : QRegion(rect()).subtracted(image)) p.fillRect(r, palette::background());
    if (!prep || prep->lanes.blockCount == 0) {
        drawMessage(p, rect(),
                    prep ? tr("This run has no block records, so there is no timeline to show.")
                         : tr("No run loaded."));
        return;
    }
    syncGeometry();
    const QRect lanes = lanesRect();
    const bool coarse = m_moving && (long long)lanes.width() * lanes.height() > kCoarsePixels;
    m_lastCoarse = coarse;
    TimelineData local = m_data;
    local.x0 = 0;
    if (coarse) {
        // A half, a third ... of the columns and of the pixel rows, drawn as
        // large again: a quarter or a ninth of the pixels to merge, and
        // narrow blocks taken in groups (a million blocks cost a frame on
        // two cores otherwise). The settled frame that follows has every
        // pixel and every block.
        const int n = coarseFactor((long long)lanes.width() * lanes.height());
        const QSize small((lanes.width() + n - 1) / n, (lanes.height() + n - 1) / n);
        if (m_coarseImage.size() != small) m_coarseImage = QImage(small, QImage::Format_RGB32);
        local.width = small.width();
        m_raster.render(m_coarseImage, *prep, local, m_model->time(), shownRows(), true);
        // Clipped to the lanes: a size that n does not divide draws beyond.
        blitOpaque(p, m_coarseImage, lanes.topLeft(), n, lanes);
    } else {
        if (m_image.size() != lanes.size()) m_image = QImage(lanes.size(), QImage::Format_RGB32);
        m_raster.render(m_image, *prep, local, m_model->time(), shownRows());
        blitOpaque(p, m_image, lanes.topLeft(), 1, lanes);
    }
    paintSmLabels(p, lanes);

    const QFontMetrics fm(font());
    p.setPen(palette::text());
    const auto& L = prep->lanes;
    std::size_t usedSms = 0;
    for (const auto& r : L.rows) usedSms += r.blocks ? 1 : 0;
    // Where the line is too wide, the visible span goes first, then the
    // slots and the SMs; the blocks and the waves stay whole ("1 wa…" said
    // nothing on a projector).
    const int room = width() - 16;
    const QString title = fitCaptionPieces(
        QFontMetrics(titleFont(font())), room,
        {{L.blockCount == 1 ? tr("1 block")
                            : tr("%1 blocks").arg(groupDigits((long long)L.blockCount)),
          kCaptionValue},
         {tr(" on %1 of %2 SMs").arg(usedSms).arg(L.smsOnDevice()), 2},
         {tr(", up to %1 resident per SM").arg(L.maxSlots), 1},
         {QStringLiteral(", ") + wavesText(L.waveCount(), L.meanWaves), kCaptionValue},
         {tr("; visible %1").arg(formatDuration(m_data.span())), 0}});
    drawTitle(p, font(), QRect(8, 2, room, fm.height() + 2), title,
              Qt::AlignLeft | Qt::AlignVCenter);
    paintAxis(p, lanes);
    paintOverlay(p, lanes);
    paintIdleBand(p);
    const int legendTop = lanes.bottom() + 6 + idleBandHeight();
    drawLegend(p, QRect(8, legendTop, width() - 16, height() - legendTop), timelineLegend());
}

void TimelineView::wheelEvent(QWheelEvent* e) { m_input.wheel(e); }

void TimelineView::mousePressEvent(QMouseEvent* e) { m_input.press(e); }

void TimelineView::mouseMoveEvent(QMouseEvent* e) {
    // A drag pans through panBy, so it draws coarse frames as a wheel zoom does.
    if (!m_input.move(e)) m_model->setHovered(blockAt(e->position()));
}

void TimelineView::mouseReleaseEvent(QMouseEvent* e) {
    if (m_input.release(e)) {
        const QRect lanes = lanesRect();
        if (e->position().y() < lanes.top()) {
            // A click on the time axis moves the playhead there.
            m_model->setTime(m_data.mapXToTime(e->position().x()));
        } else {
            const BlockRef ref = blockAt(e->position());
            if (ref.valid()) m_model->setSelected(ref);
        }
    }
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* e) {
    // On a block: its launch fills the view (again: all of the run). A run
    // whose launches lie far apart drew each as a sliver of the axis.
    syncGeometry();
    const PreparedRun* prep = m_model->prepared();
    const BlockRef ref = blockAt(e->position());
    if (prep && ref.valid() && std::size_t(ref.launch) < prep->launches.size()) {
        const LaunchIndex& launch = prep->launches[std::size_t(ref.launch)];
        m_data.fitOrShowAll(launch.start, launch.end);
    } else {
        m_data.showAll();
    }
    update();
}

void TimelineView::keyPressEvent(QKeyEvent* e) {
    if (!m_input.key(e)) QWidget::keyPressEvent(e);
}

void TimelineView::leaveEvent(QEvent*) { m_model->setHovered({}); }

bool TimelineView::event(QEvent* e) {
    if (e->type() == QEvent::ShortcutOverride) {
        // With the timeline focused, arrows pan and +/- zoom it rather than
        // stepping the playback.
        const int key = static_cast<QKeyEvent*>(e)->key();
        if (key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Plus ||
            key == Qt::Key_Minus || key == Qt::Key_Equal || key == Qt::Key_0) {
            e->accept();
            return true;
        }
    }
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const PreparedRun* prep = m_model->prepared();
        const BlockRef ref = blockAt(he->pos());
        const QRect lanes = lanesRect();
        if (prep && ref.valid()) {
            QToolTip::showText(he->globalPos(), blockTooltip(*prep, ref, m_model->time()), this);
        } else if (prep && he->pos().x() < lanes.left() &&
                   lanes.contains(lanes.left(), he->pos().y())) {
            const double rowH = double(lanes.height()) / double(displayRowCount());
            const auto display = std::size_t((he->pos().y() - lanes.top()) / rowH);
            if (display < shownRows().size()) {
                const auto& r = prep->lanes.rows[shownRows()[display]];
                QToolTip::showText(he->globalPos(),
                                   tr("SM %1: %2 blocks, up to %3 resident at once")
                                       .arg(r.sm)
                                       .arg(groupDigits((long long)r.blocks))
                                       .arg(r.laneCount),
                                   this);
            }
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

}  // namespace ws
