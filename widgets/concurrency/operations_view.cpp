#include "widgets/concurrency/operations_view.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <vector>

#include "core/common/time_offset.h"
#include "core/concurrency/operation_overlap.h"
#include "widgets/concurrency/operation_style.h"
#include "widgets/view/block_text.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

std::vector<LegendItem> legendFor(bool byDepth) {
    using opstyle::colour;
    std::vector<LegendItem> items = {
        {colour(OperationKind::Kernel), QObject::tr("kernel")},
        {colour(OperationKind::CopyHostToDevice), QObject::tr("copy H→D (hatched /)")},
        {colour(OperationKind::CopyDeviceToHost), QObject::tr("copy D→H (hatched \\)")},
        {colour(OperationKind::Memset), QObject::tr("memset")},
        {colour(OperationKind::MigrationHostToDevice), QObject::tr("migration H→D")},
        {colour(OperationKind::MigrationDeviceToHost), QObject::tr("migration D→H")},
        {colour(OperationKind::GpuPageFaults), QObject::tr("GPU fault group")},
        {opstyle::hostCallColour({}), QObject::tr("host call")},
        {opstyle::hostCallColour(QStringLiteral("Synchronize")), QObject::tr("host waits")},
        {palette::future(), QObject::tr("not yet started")},
        {palette::text(), QObject::tr("top row cross-hatched: a copy ran under a kernel")}};
    if (byDepth)
        for (std::uint32_t d = 0; d < 3; ++d)
            items.push_back({opstyle::depthColour(d), QObject::tr("blocks at depth %1").arg(d)});
    else
        items.push_back(
            {opstyle::streamColour(0), QObject::tr("SM blocks: their stream's swatch")});
    items.push_back({palette::playhead(), QObject::tr("playhead")});
    return items;
}

}  // namespace

TimeSpan operationsFrame(const PreparedRun& prep) {
    // The run's origin is its earliest record, often a host call of the
    // set-up (cudaEventCreate, cudaMallocHost) milliseconds before the first
    // copy: from 0 the pipeline would sit in the right tenth of the axis. The
    // frame covers the GPU's work instead, the operations and the blocks.
    // Times stay after the origin, so operations and blocks keep their places
    // relative to each other.
    const Run& run = *prep.run;
    const double all = std::max(1.0, prep.spanEnd);
    double first = std::numeric_limits<double>::max(), last = std::numeric_limits<double>::lowest();
    for (std::size_t i = 0; i < prep.launches.size() && i < run.launches.size(); ++i)
        if (run.launches[i].blocks.size()) {
            first = std::min(first, prep.launches[i].start);
            last = std::max(last, prep.launches[i].end);
        }
    std::set<std::uint32_t> asked;  // correlations of the calls that caused GPU work
    if (run.clocks.measured) {
        const OperationRecords& o = run.operations;
        for (std::size_t i = 0; i < o.size(); ++i) {
            if (o.startNs[i] == 0) continue;  // "not collected"
            first = std::min(first, nsAfter(o.startNs[i], prep.origin));
            last = std::max(last, nsAfter(std::max(o.startNs[i], o.endNs[i]), prep.origin));
            if (o.correlation[i]) asked.insert(o.correlation[i]);
        }
    }
    if (first > last) return {0, all};
    // The host calls that asked for the work start a little before it, and
    // the ones made meanwhile (the cudaStreamSynchronize that waits for the
    // last copy) end a little after: both belong in the frame, as long as
    // each adds no more than the work's own span. A call can block for
    // milliseconds (the first launch of a module with device-side launches
    // returns 3 ms after its grids ended): such a call is left out, and
    // shows cut at the frame's edges.
    const double span = std::max(1.0, last - first);
    if (run.clocks.measured) {
        const HostCallRecords& h = run.hostCalls;
        const double workFirst = first, workLast = last;
        for (std::size_t i = 0; i < h.size(); ++i) {
            if (h.startNs[i] == 0) continue;
            const double s = nsAfter(h.startNs[i], prep.origin);
            const double e = nsAfter(std::max(h.startNs[i], h.endNs[i]), prep.origin);
            if (s < workFirst && s >= workFirst - span && e <= workLast &&
                asked.count(h.correlation[i]))
                first = std::min(first, s);
            if (s >= workFirst && s <= workLast && e <= workLast + span) last = std::max(last, e);
        }
    }
    const double margin = 0.02 * (last - first);
    return {std::max(0.0, first - margin), std::min(all, last + margin)};
}

OperationsView::OperationsView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_input(m_data, {[this] { syncGeometry(); }, [this](double f, double x) { zoomAt(f, x); },
                       [this](double px) {
                           syncGeometry();
                           m_data.pan(px);
                           update();
                       },
                       [this] { update(); }}) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &OperationsView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::highlightChanged, this, [this] {
        // A lesson points at an operation by its index.
        const qint64 item = m_model->highlight().item;
        const Run* run = m_model->run();
        if (run && item >= 0 && std::size_t(item) < run->operations.size()) {
            for (std::size_t r = 0; r < m_lanes.rows.size(); ++r)
                if (std::find(m_lanes.rows[r].items.begin(), m_lanes.rows[r].items.end(),
                              std::size_t(item)) != m_lanes.rows[r].items.end() &&
                    m_lanes.rows[r].kind == OperationRowKind::Stream)
                    m_selected = {Hit::Operation, std::size_t(item), {}, int(r)};
        }
        update();
    });
    rebuild();
}

void OperationsView::rebuild() {
    const PreparedRun* p = m_model->prepared();
    m_selected = m_hovered = {};
    ++m_rebuilds;
    m_lanes = p ? OperationLanes::build(*p->run, p->origin, p->lanes) : OperationLanes{};
    m_byDepth = false;
    m_streamColour.clear();
    if (p)
        for (const auto& l : p->run->launches) {
            m_byDepth |= l.depth > 0;
            m_streamColour.emplace(l.stream, int(m_streamColour.size()));
        }
    syncGeometry();
    m_data.minSpan = std::max(20.0, p ? 4.0 * double(p->run->device.timerTickNs) : 20.0);
    const TimeSpan frame = p ? operationsFrame(*p) : TimeSpan{0, 1};
    m_data.setFullRange(frame.first, frame.second);
    update();
}

int OperationsView::leftMargin() const {
    // The longest label, and room for a stream's colour swatch.
    const QFontMetrics fm(font());
    int widest = fm.horizontalAdvance(QStringLiteral("copy engine 00"));
    for (std::size_t r = 0; r < m_lanes.operationRowCount(); ++r)
        widest =
            std::max(widest, fm.horizontalAdvance(QString::fromStdString(m_lanes.rows[r].label)));
    return widest + fm.height() + 14;
}
int OperationsView::topMargin() const { return 2 * QFontMetrics(font()).height() + 14; }
int OperationsView::bottomMargin() const {
    return legendHeight(font(), width() - 16, legendFor(m_byDepth)) + 8;
}

QRect OperationsView::plotRect() const {
    const int l = leftMargin(), t = topMargin();
    return QRect(l, t, std::max(10, width() - l - 10), std::max(10, height() - t - bottomMargin()));
}

void OperationsView::syncGeometry() {
    const QRect r = plotRect();
    m_data.x0 = r.left();
    m_data.width = r.width();
}

void OperationsView::resizeEvent(QResizeEvent*) { syncGeometry(); }

const OperationsView::RowGeometry& OperationsView::rowGeometry() const {
    const MeasureKey key{size(), font(), m_rebuilds};
    if (key == m_geometryKey) return m_geometry;
    m_geometryKey = key;
    RowGeometry& g = m_geometry;
    g.plot = plotRect();
    const std::size_t ops = m_lanes.operationRowCount();
    // Twelve rows (streams and eight copy engines) ran past a short plot,
    // under the legend: they shrink instead, down to 6 px (labels then on
    // every few rows), and leave the SM rows below a quarter of the plot.
    const int natural = QFontMetrics(font()).height() + 8;
    const int smShare = m_lanes.smRows ? g.plot.height() / 4 : 0;
    g.operationRowH =
        ops ? std::clamp(int(double(g.plot.height() - smShare) / (double(ops) + 0.5)), 6, natural)
            : natural;
    const int used = int(ops * g.operationRowH + (ops ? int(g.operationRowH) / 2 : 0));
    // The SMs that ran no block are counted on a line below the others; the
    // few that did get rows up to three lines tall, not one tall slab.
    g.idleH = m_lanes.idleSms ? natural : 0;
    g.smRowH = m_lanes.smRows
                   ? std::max(0.5, double(g.plot.height() - used - g.idleH) / m_lanes.smRows)
                   : 0;
    if (m_lanes.idleSms) g.smRowH = std::min(g.smRowH, 3.0 * natural);
    return g;
}

QRectF OperationsView::rowRect(int row) const {
    if (row < 0 || std::size_t(row) >= m_lanes.rows.size()) return {};
    const RowGeometry& g = rowGeometry();
    const QRect& plot = g.plot;
    const int ops = int(m_lanes.operationRowCount());
    const double h = g.operationRowH;
    if (row < ops) return QRectF(plot.left(), plot.top() + row * h, plot.width(), h);
    const double smTop = plot.top() + ops * h + (ops ? h / 2 : 0);
    return QRectF(plot.left(), smTop + (row - ops) * g.smRowH, plot.width(), g.smRowH);
}

QRectF OperationsView::idleBandRect() const {
    const RowGeometry& g = rowGeometry();
    if (!m_lanes.idleSms || m_lanes.rows.empty()) return {};
    const QRectF last = rowRect(int(m_lanes.rows.size()) - 1);
    return QRectF(g.plot.left(), last.bottom(), g.plot.width(), g.idleH);
}

QRectF OperationsView::itemRect(const Hit& hit) const {
    const PreparedRun* p = m_model->prepared();
    if (!p || hit.kind == Hit::None) return {};
    if (hit.kind == Hit::Block) {
        const auto place = p->lanes.find(hit.block);
        if (place.row < 0) return {};
        const int row = m_lanes.rowOfSm(std::uint32_t(place.row));
        if (row < 0) return {};
        const QRectF r = rowRect(row);
        const auto& tr = p->lanes.rows[std::size_t(place.row)];
        const double laneH = r.height() / std::max<std::uint32_t>(1, tr.laneCount);
        const double x0 = m_data.mapTimeToX(p->startOf(hit.block));
        const double x1 = m_data.mapTimeToX(p->endOf(hit.block));
        return QRectF(x0, r.top() + place.lane * laneH, std::max(1.0, x1 - x0),
                      std::max(1.0, laneH));
    }
    const Run& run = *p->run;
    const QRectF r = rowRect(hit.row);
    std::uint64_t s = 0, e = 0;
    if (hit.kind == Hit::HostCall) {
        s = run.hostCalls.startNs[hit.index];
        e = run.hostCalls.endNs[hit.index];
    } else {
        s = run.operations.startNs[hit.index];
        e = std::max(s, run.operations.endNs[hit.index]);
    }
    const double x0 = m_data.mapTimeToX(nsAfter(s, p->origin));
    const double x1 = m_data.mapTimeToX(nsAfter(e, p->origin));
    return QRectF(x0, r.top() + 2, std::max(2.0, x1 - x0), r.height() - 4);
}

OperationsView::Hit OperationsView::hitAt(QPointF pos) const {
    const PreparedRun* p = m_model->prepared();
    const QRect plot = plotRect();
    if (!p || !plot.contains(pos.toPoint())) return {};
    for (std::size_t row = 0; row < m_lanes.rows.size(); ++row) {
        const QRectF r = rowRect(int(row));
        if (pos.y() < r.top() || pos.y() >= r.bottom()) continue;
        const OperationRow& lane = m_lanes.rows[row];
        if (lane.kind == OperationRowKind::Sm) {
            const std::size_t smRow = lane.id;
            if (smRow >= p->lanes.rows.size()) return {};
            const auto& tr = p->lanes.rows[smRow];
            const double laneH = r.height() / std::max<std::uint32_t>(1, tr.laneCount);
            const auto k = std::size_t((pos.y() - r.top()) / laneH);
            const BlockRef ref =
                p->lanes.blockAt(smRow, k, m_data.mapXToTime(pos.x()), 3 * m_data.nsPerPixel());
            if (ref.valid()) return {Hit::Block, 0, ref, int(row)};
            return {};
        }
        if (lane.kind == OperationRowKind::Overlap) return overlapHit(pos, r);
        const Hit::Kind kind =
            lane.kind == OperationRowKind::HostThread ? Hit::HostCall : Hit::Operation;
        for (auto it = lane.items.rbegin(); it != lane.items.rend(); ++it) {
            const Hit h{kind, *it, {}, int(row)};
            if (itemRect(h).adjusted(-2, 0, 2, 0).contains(pos)) return h;
        }
        return {};
    }
    return {};
}

OperationsView::Hit OperationsView::overlapHit(QPointF pos, const QRectF& row) const {
    // The top row's upper half is when kernels ran, its lower half when
    // copies did: a click there is on the kernel or copy of a stream's row
    // that ran at that time (clicked there, it did nothing).
    const Run& run = *m_model->prepared()->run;
    const std::uint64_t origin = m_model->prepared()->origin;
    const bool kernels = pos.y() < row.center().y();
    const double t = m_data.mapXToTime(pos.x()), slack = 3 * m_data.nsPerPixel();
    for (std::size_t r = 0; r < m_lanes.rows.size(); ++r) {
        if (m_lanes.rows[r].kind != OperationRowKind::Stream) continue;
        for (std::size_t item : m_lanes.rows[r].items) {
            const auto k = OperationKind(run.operations.kind[item]);
            if ((k == OperationKind::Kernel) != kernels || (!kernels && !isCopy(k))) continue;
            const double s = nsAfter(run.operations.startNs[item], origin);
            const double e = std::max(s, nsAfter(run.operations.endNs[item], origin));
            if (t >= s - slack && t <= e + slack) return {Hit::Operation, item, {}, int(r)};
        }
    }
    return {};
}

std::uint32_t OperationsView::correlationOf(const Hit& hit) const {
    const Run* run = m_model->run();
    if (!run) return 0;
    if (hit.kind == Hit::HostCall) return run->hostCalls.correlation[hit.index];
    if (hit.kind == Hit::Operation) return run->operations.correlation[hit.index];
    return 0;
}

std::vector<OperationsView::Flow> OperationsView::flows() const {
    std::vector<Flow> out;
    const Hit& focus =
        m_hovered.kind != Hit::None && m_hovered.kind != Hit::Block ? m_hovered : m_selected;
    const std::uint32_t c = correlationOf(focus);
    const Run* run = m_model->run();
    if (!run || c == 0) return out;
    std::vector<Hit> calls, ops;
    for (std::size_t row = 0; row < m_lanes.rows.size(); ++row) {
        const OperationRow& lane = m_lanes.rows[row];
        if (lane.kind == OperationRowKind::HostThread) {
            for (auto i : lane.items)
                if (run->hostCalls.correlation[i] == c)
                    calls.push_back({Hit::HostCall, i, {}, int(row)});
        } else if (lane.kind == OperationRowKind::Stream) {
            for (auto i : lane.items)
                if (run->operations.correlation[i] == c)
                    ops.push_back({Hit::Operation, i, {}, int(row)});
        }
    }
    for (const Hit& call : calls)
        for (const Hit& op : ops) {
            const QRectF a = itemRect(call), b = itemRect(op);
            out.push_back({QPointF(a.left(), a.center().y()), QPointF(b.left(), b.center().y())});
        }
    return out;
}

void OperationsView::select(const Hit& hit) {
    m_selected = hit;
    const PreparedRun* p = m_model->prepared();
    if (p && hit.kind == Hit::Block) m_model->setSelected(hit.block);
    if (p && hit.kind == Hit::Operation) {
        // A kernel selects its first block, so the grid and SM views follow.
        const std::int32_t launch = p->run->operations.launch[hit.index];
        if (launch >= 0) {
            const Launch& l = p->run->launches[std::size_t(launch)];
            if (l.blocks.size()) m_model->setSelected(p->refOfBlock(launch, l.blocks.block[0]));
        }
    }
    update();
}

void OperationsView::zoomAt(double factor, double x) {
    syncGeometry();
    m_data.zoom(factor, x);
    update();
}

QString OperationsView::toolTipFor(const Hit& hit) const {
    const PreparedRun* p = m_model->prepared();
    if (!p || hit.kind == Hit::None) return {};
    if (hit.kind == Hit::Block) return blockTooltip(*p, hit.block, m_model->time());
    const Run& run = *p->run;
    auto span = [&](std::uint64_t s, std::uint64_t e) {
        return tr("%1 → %2 (%3)")
            .arg(formatExactNs(nsAfter(s, p->origin)), formatExactNs(nsAfter(e, p->origin)),
                 formatDuration(double(e - s)));
    };
    if (hit.kind == Hit::HostCall) {
        const HostCallRecords& h = run.hostCalls;
        return tr("%1\nhost thread %2\n%3\ncorrelation %4")
            .arg(QString::fromStdString(h.names[h.name[hit.index]]))
            .arg(h.thread[hit.index])
            .arg(span(h.startNs[hit.index], h.endNs[hit.index]))
            .arg(h.correlation[hit.index]);
    }
    const OperationRecords& o = run.operations;
    const std::size_t i = hit.index;
    const auto kind = OperationKind(o.kind[i]);
    QString head = QString::fromLatin1(operationKindName(kind));
    if (o.launch[i] >= 0)
        head = tr("kernel %1 (launch %2)")
                   .arg(QString::fromStdString(run.launches[std::size_t(o.launch[i])].kernel))
                   .arg(o.launch[i] + 1);
    QStringList lines{head};
    if (kind == OperationKind::GpuPageFaults) {
        lines << tr("%1 GPU page fault groups").arg(o.bytes[i]);
    } else if (kind != OperationKind::Kernel) {
        const double ns = double(o.endNs[i] - o.startNs[i]);
        QString size = opstyle::bytesText(o.bytes[i]);
        const QString memory = opstyle::hostMemoryText(HostMemoryKind(o.hostMemory[i]));
        if (!memory.isEmpty()) size += tr(", %1 host memory").arg(memory);
        if (ns > 0) size += tr(", %1 GB/s").arg(double(o.bytes[i]) / ns, 0, 'f', 1);
        lines << size;
    }
    if (kind != OperationKind::MigrationHostToDevice &&
        kind != OperationKind::MigrationDeviceToHost && kind != OperationKind::GpuPageFaults) {
        QString where = tr("stream %1").arg(o.stream[i]);
        if (isCopy(kind)) where += tr(", copy engine %1").arg(o.engine[i]);
        lines << where;
    }
    lines << span(o.startNs[i], std::max(o.startNs[i], o.endNs[i]));
    if (o.correlation[i]) {
        QString call = tr("correlation %1").arg(o.correlation[i]);
        for (std::size_t c = 0; c < run.hostCalls.size(); ++c)
            if (run.hostCalls.correlation[c] == o.correlation[i])
                call = tr("asked by %1 on host thread %2")
                           .arg(QString::fromStdString(run.hostCalls.names[run.hostCalls.name[c]]))
                           .arg(run.hostCalls.thread[c]);
        lines << call;
    }
    return lines.join(QLatin1Char('\n'));
}

void OperationsView::paintAxis(QPainter& p, const QRect& plot) {
    const QFontMetrics fm(font());
    const double step = timeAxisStep(fm, m_data.nsPerPixel(), m_data.viewStart, m_data.viewEnd);
    p.setPen(palette::mutedText());
    for (const double t : tickTimes(m_data.viewStart, m_data.viewEnd, step)) {
        const double x = m_data.mapTimeToX(t);
        p.setPen(palette::gridLine());
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        // A label centred on a tick near the right edge would be cut there.
        const QString text = formatTick(t, step);
        if (x + fm.horizontalAdvance(text) / 2.0 > width() - 2) continue;
        p.setPen(palette::mutedText());
        p.drawText(QRectF(x - 60, plot.top() - fm.height() - 6, 120, fm.height()), Qt::AlignCenter,
                   text);
    }
}

std::vector<std::pair<int, QRectF>> OperationsView::labelBoxes() const {
    const QFontMetrics fm(font());
    const QRect plot = plotRect();
    std::vector<std::pair<int, QRectF>> out;
    double lastLabel = -1e9;
    for (std::size_t row = 0; row < m_lanes.rows.size(); ++row) {
        const QRectF r = rowRect(int(row));
        // Labels where they fit: rows thinner than a line of text (SM rows,
        // operation rows of a short view) are named every few rows, and a
        // label centred on one of the last would reach below the plot, into
        // the legend.
        if (r.center().y() - lastLabel < fm.height()) continue;
        if (r.center().y() + fm.height() / 2.0 > plot.bottom() + 1) continue;
        lastLabel = r.center().y();
        // Labels end left of the swatch column.
        out.push_back({int(row), QRectF(4, r.center().y() - fm.height() / 2.0,
                                        plot.left() - fm.height() - 12, fm.height())});
    }
    return out;
}

void OperationsView::paintLabels(QPainter& p, const QRect& plot) {
    const QFontMetrics fm(font());
    p.setPen(palette::text());
    for (const auto& [row, box] : labelBoxes())
        p.drawText(box, Qt::AlignRight | Qt::AlignVCenter,
                   QString::fromStdString(m_lanes.rows[std::size_t(row)].label));
    // A stream's swatch is the colour of its blocks in the SM rows below; on
    // every stream's row, named or not.
    if (m_byDepth) return;
    for (std::size_t row = 0; row < m_lanes.operationRowCount(); ++row) {
        const OperationRow& lane = m_lanes.rows[row];
        const auto it = m_streamColour.find(lane.id);
        if (lane.kind != OperationRowKind::Stream || it == m_streamColour.end()) continue;
        const QRectF r = rowRect(int(row));
        const double side = std::min(fm.height() / 2.0, r.height() - 2);
        p.fillRect(
            QRectF(plot.left() - fm.height() / 2.0 - 3, r.center().y() - side / 2, side, side),
            opstyle::streamColour(it->second));
    }
}

void OperationsView::paintOverlapRow(QPainter& p, const QRectF& r) {
    const double t = m_model->time();
    auto band = [&](const std::vector<TimeSpan>& spans, double top, double h, QColor c) {
        for (const auto& [s, e] : spans) {
            if (e < m_data.viewStart || s > m_data.viewEnd) continue;
            const double x0 = m_data.mapTimeToX(s), x1 = m_data.mapTimeToX(e);
            p.fillRect(QRectF(x0, top, std::max(1.0, x1 - x0), h), s > t ? palette::future() : c);
        }
    };
    const double half = (r.height() - 4) / 2;
    band(m_lanes.kernelBusy, r.top() + 2, half, opstyle::colour(OperationKind::Kernel));
    band(m_lanes.copyBusy, r.top() + 2 + half, half,
         opstyle::colour(OperationKind::CopyHostToDevice));
    // Copies hidden behind kernels: both halves filled, and cross-hatched.
    for (const auto& [s, e] : m_lanes.bothBusy) {
        if (e < m_data.viewStart || s > m_data.viewEnd) continue;
        const double x0 = m_data.mapTimeToX(s), x1 = m_data.mapTimeToX(e);
        p.fillRect(QRectF(x0, r.top() + 2, std::max(1.0, x1 - x0), r.height() - 4),
                   QBrush(palette::text(), Qt::DiagCrossPattern));
    }
}

void OperationsView::paintItems(QPainter& p, int row, const QRectF& rowR) {
    const PreparedRun* prep = m_model->prepared();
    const Run& run = *prep->run;
    const OperationRow& lane = m_lanes.rows[std::size_t(row)];
    const double now = m_model->time();
    // A bar's name in a font no taller than its row, down to 70 % of the
    // view's; thinner rows name their bars only in the tooltip. Full size,
    // "cudaMemcpyAsync" stood half outside a thin row, cut by the next.
    QFont labelFont = font();
    const double fit = (rowR.height() - 2) / QFontMetrics(font()).height();
    if (fit < 1) labelFont.setPointSizeF(labelFont.pointSizeF() * std::max(0.7, fit));
    const bool named = fit >= 0.7;
    const QFontMetrics fm(labelFont);
    const Hit::Kind kind =
        lane.kind == OperationRowKind::HostThread ? Hit::HostCall : Hit::Operation;
    // Labels after every bar of the row: a fault group's "faults" was painted
    // over by the migrations inside it, which come later in the row.
    struct Label {
        QRectF box;
        QString text;
        QColor colour;
    };
    std::vector<Label> labels;
    for (std::size_t item : lane.items) {
        const Hit h{kind, item, {}, row};
        const QRectF r = itemRect(h);
        if (r.right() < rowR.left() || r.left() > rowR.right()) continue;
        QString label;
        QColor fill;
        Qt::BrushStyle hatch = Qt::NoBrush;
        std::uint64_t start = 0;
        bool pageable = false;
        if (kind == Hit::HostCall) {
            label = QString::fromStdString(run.hostCalls.names[run.hostCalls.name[item]]);
            fill = opstyle::hostCallColour(label);
            start = run.hostCalls.startNs[item];
        } else {
            const auto k = OperationKind(run.operations.kind[item]);
            fill = opstyle::colour(k);
            hatch = opstyle::hatch(k);
            start = run.operations.startNs[item];
            pageable = run.operations.hostMemory[item] == std::uint8_t(HostMemoryKind::Pageable);
            const std::int32_t l = run.operations.launch[item];
            label = l >= 0 ? QString::fromStdString(run.launches[std::size_t(l)].kernel)
                           : opstyle::shortLabel(k);
            if (isCopy(k))
                label += QStringLiteral(" ") + opstyle::bytesText(run.operations.bytes[item]);
        }
        const bool started = nsAfter(start, prep->origin) <= now;
        p.fillRect(r, started ? fill : palette::future());
        if (hatch != Qt::NoBrush && started) p.fillRect(r, QBrush(QColor(0, 0, 0, 90), hatch));
        if (pageable) {
            p.setPen(QPen(palette::text(), 1, Qt::DotLine));
            p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        // The label goes in the part on show: a call that began before the
        // frame (a launch that blocks for milliseconds) is still named.
        const QRectF shown = r.intersected(rowR);
        // Bars of one row may overlap (fault groups under migrations): a
        // label that would cross one already placed is left out, not
        // printed over it ("faulfaults").
        const QRectF text(shown.left() + 3, shown.top(), fm.horizontalAdvance(label),
                          shown.height());
        const bool crosses = std::any_of(labels.begin(), labels.end(), [&](const Label& l) {
            return QRectF(l.box.left(), l.box.top(), fm.horizontalAdvance(l.text), l.box.height())
                .intersects(text);
        });
        if (named && shown.width() > fm.horizontalAdvance(label) + 6 && !crosses)
            labels.push_back(
                {shown.adjusted(3, 0, -3, 0), label,
                 kind == Hit::HostCall || !started ? palette::text() : QColor(Qt::white)});
    }
    p.save();
    p.setFont(labelFont);
    for (const Label& l : labels) {
        p.setPen(l.colour);
        p.drawText(l.box, Qt::AlignVCenter | Qt::AlignLeft, l.text);
    }
    p.restore();
}

void OperationsView::paintSmRows(QPainter& p, const QRect& plot) {
    const PreparedRun* prep = m_model->prepared();
    const TimelineLanes& L = prep->lanes;
    const Run& run = *prep->run;
    const double now = m_model->time();
    const std::size_t ops = m_lanes.operationRowCount();
    for (std::size_t row = ops; row < m_lanes.rows.size(); ++row) {
        const QRectF r = rowRect(int(row));
        if (r.bottom() < plot.top() || r.top() > plot.bottom()) continue;
        if (m_lanes.rows[row].id >= L.rows.size()) continue;
        const TimelineRow& tr = L.rows[m_lanes.rows[row].id];
        const double laneH = r.height() / std::max<std::uint32_t>(1, tr.laneCount);
        for (std::uint32_t k = 0; k < tr.laneCount; ++k) {
            const TimelineLane& lane = L.lanes[tr.firstLane + k];
            auto [i, last] = lane.visible(m_data.viewStart, m_data.viewEnd);
            while (i < last) {
                const double x0 = m_data.mapTimeToX(lane.start[i]);
                const double x1 = m_data.mapTimeToX(lane.end[i]);
                const Launch& l = run.launches[lane.launch[i]];
                const QColor c = m_byDepth ? opstyle::depthColour(l.depth)
                                           : opstyle::streamColour(m_streamColour[l.stream]);
                p.fillRect(QRectF(x0, r.top() + k * laneH, std::max(1.0, x1 - x0),
                                  std::max(0.5, laneH - (laneH > 3 ? 1 : 0))),
                           lane.start[i] > now ? palette::future() : c);
                // Blocks narrower than a pixel after this one would paint the
                // same column again: jump to the first that ends past it.
                const double next = m_data.mapXToTime(std::floor(x1) + 1);
                const auto j =
                    std::size_t(std::lower_bound(lane.end.begin() + std::ptrdiff_t(i) + 1,
                                                 lane.end.begin() + std::ptrdiff_t(last), next) -
                                lane.end.begin());
                i = std::max(i + 1, j);
            }
        }
    }
}

void OperationsView::paintIdleBand(QPainter& p) {
    const QRectF band = idleBandRect();
    if (band.isEmpty()) return;
    const std::uint32_t idle = m_lanes.idleSms;
    p.fillRect(band.adjusted(0, 1, 0, -1), palette::idleCell());
    p.setPen(palette::mutedText());  // on the background, like the labels
    p.drawText(QRectF(4, band.top(), band.left() - 12, band.height()),
               Qt::AlignRight | Qt::AlignVCenter, tr("idle"));
    p.setPen(palette::text());  // idleCell keeps text() readable in every scheme
    p.drawText(band.adjusted(8, 0, -8, 0), Qt::AlignLeft | Qt::AlignVCenter,
               idle == 1 ? tr("1 more SM ran no block") : tr("%1 more SMs ran no block").arg(idle));
}

void OperationsView::paintFlows(QPainter& p) {
    p.setRenderHint(QPainter::Antialiasing, true);
    const double head = QFontMetrics(font()).height() / 3.0;
    for (const Flow& f : flows()) {
        QPainterPath path(f.from);
        const double dy = (f.to.y() - f.from.y()) / 2;
        path.cubicTo(f.from + QPointF(0, dy), f.to - QPointF(0, dy), f.to);
        p.setPen(QPen(palette::text(), 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        const double dir = f.to.y() >= f.from.y() ? -1 : 1;
        QPolygonF arrow;
        arrow << f.to << f.to + QPointF(-head / 1.5, dir * head)
              << f.to + QPointF(head / 1.5, dir * head);
        p.setBrush(palette::text());
        p.drawPolygon(arrow);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
}

void OperationsView::paintEvent(QPaintEvent*) {
    syncGeometry();
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const PreparedRun* prep = m_model->prepared();
    const QFontMetrics fm(font());
    p.setPen(palette::text());
    const QString title =
        prep && m_lanes.hasOperations
            ? tr("Host threads, streams and copy engines (CUPTI), above the SMs' blocks")
            : tr("Blocks on the SMs");
    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height() + 4), title, Qt::AlignLeft);
    const QRect plot = plotRect();
    if (!prep) {
        drawMessage(p, rect(), tr("No run loaded."));
        return;
    }
    p.save();
    p.setClipRect(plot.adjusted(-fm.horizontalAdvance(QStringLiteral("0 ns")), -fm.height() - 8,
                                width() - 1 - plot.right(), 0));
    paintAxis(p, plot);
    p.restore();
    paintLabels(p, plot);
    p.save();
    p.setClipRect(plot);
    for (std::size_t row = 0; row < m_lanes.operationRowCount(); ++row) {
        const QRectF r = rowRect(int(row));
        p.fillRect(r.adjusted(0, 1, 0, -1), row % 2 ? palette::rowStripe() : palette::background());
        if (!m_lanes.hasOperations) {  // the message row: why there are no operations
            auto it = prep->run->texts.find("cupti");
            drawMessage(p, r.toRect(),
                        it != prep->run->texts.end()
                            ? tr("CUPTI: %1").arg(QString::fromStdString(it->second))
                            : tr("This run has no CUDA operations recorded."));
            continue;
        }
        if (m_lanes.rows[row].kind == OperationRowKind::Overlap)
            paintOverlapRow(p, r);
        else
            paintItems(p, int(row), r);
    }
    paintSmRows(p, plot);
    for (const Hit* h : {&m_hovered, &m_selected}) {
        if (h->kind == Hit::None) continue;
        p.setPen(QPen(h == &m_selected ? palette::selection() : palette::hover(), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(itemRect(*h));
    }
    if (const BlockRef sel = m_model->selected(); sel.valid()) {
        p.setPen(QPen(palette::selection(), 2));
        p.drawRect(itemRect({Hit::Block, 0, sel, -1}).adjusted(-1, -1, 1, 1));
    }
    paintFlows(p);
    const double x = m_data.mapTimeToX(m_model->time());
    p.setPen(QPen(palette::playhead(), 2));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    p.restore();
    paintIdleBand(p);
    drawLegend(p, QRect(8, plot.bottom() + 6, width() - 16, bottomMargin()), legendFor(m_byDepth));
}

void OperationsView::wheelEvent(QWheelEvent* e) { m_input.wheel(e); }

void OperationsView::mousePressEvent(QMouseEvent* e) { m_input.press(e); }

void OperationsView::mouseMoveEvent(QMouseEvent* e) {
    if (m_input.move(e)) return;
    const Hit h = hitAt(e->position());
    if (!(h == m_hovered)) {
        m_hovered = h;
        m_model->setHovered(h.kind == Hit::Block ? h.block : BlockRef{});
        update();
    }
}

void OperationsView::mouseReleaseEvent(QMouseEvent* e) {
    if (m_input.release(e)) {
        if (e->position().y() < plotRect().top())
            m_model->setTime(m_data.mapXToTime(e->position().x()));  // the axis moves the playhead
        else
            select(hitAt(e->position()));
    }
}

std::pair<double, double> OperationsView::fitSpan(const Hit& hit) const {
    const PreparedRun* p = m_model->prepared();
    if (!p || hit.kind == Hit::None) return {0, 0};
    if (hit.kind == Hit::Block) {
        if (std::size_t(hit.block.launch) >= p->launches.size()) return {0, 0};
        const LaunchIndex& l = p->launches[std::size_t(hit.block.launch)];
        return {l.start, l.end};
    }
    const Run& run = *p->run;
    const bool call = hit.kind == Hit::HostCall;
    const std::uint64_t s =
        call ? run.hostCalls.startNs[hit.index] : run.operations.startNs[hit.index];
    const std::uint64_t e =
        std::max(s, call ? run.hostCalls.endNs[hit.index] : run.operations.endNs[hit.index]);
    return {nsAfter(s, p->origin), nsAfter(e, p->origin)};
}

void OperationsView::mouseDoubleClickEvent(QMouseEvent* e) {
    // A kernel of a few us beside an 800-us launch call was a sliver.
    syncGeometry();
    const auto [start, end] = fitSpan(hitAt(e->position()));  // {0, 0} off every item
    m_data.fitOrShowAll(start, end);
    update();
}

void OperationsView::keyPressEvent(QKeyEvent* e) {
    if (!m_input.key(e)) QWidget::keyPressEvent(e);
}

void OperationsView::leaveEvent(QEvent*) {
    m_hovered = {};
    m_model->setHovered({});
    update();
}

bool OperationsView::event(QEvent* e) {
    if (e->type() == QEvent::ShortcutOverride) {
        const int key = static_cast<QKeyEvent*>(e)->key();
        if (key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Plus ||
            key == Qt::Key_Minus || key == Qt::Key_Equal || key == Qt::Key_0) {
            e->accept();
            return true;
        }
    }
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const QString text = toolTipFor(hitAt(he->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

}  // namespace ws
