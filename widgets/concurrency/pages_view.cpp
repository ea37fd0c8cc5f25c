#include "widgets/concurrency/pages_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <cmath>

#include "widgets/concurrency/operation_style.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

constexpr std::uint32_t kMaxBins = 96;
QColor hostColour() { return QColor(QRgb(0xE69F00)); }
QColor deviceColour() { return QColor(QRgb(0x0072B2)); }
QColor untouchedColour() { return palette::idleCell(); }

const std::vector<LegendItem>& pagesLegend() {
    static const std::vector<LegendItem> items = {
        {hostColour(), QObject::tr("on the host")},
        {deviceColour(), QObject::tr("on the GPU")},
        {untouchedColour(), QObject::tr("never touched yet")},
        {palette::text(), QObject::tr("hatched: migrating; tick: GPU fault group")},
        {palette::text(), QObject::tr("line: the kernel's blocks on these pages"), true},
        {palette::playhead(), QObject::tr("playhead")}};
    return items;
}

}  // namespace

void addFirstWrites(ManagedPages& pages) {
    // CUPTI records no transfer for a page that is populated where it is
    // first touched, and it reports a GPU fault group by one address only: of
    // the 1,024 pages of c that the add kernel writes on an H100, the first
    // touch run records two fault groups and the prefetch run none. The block
    // records say when the kernel's blocks on each bin ran; a bin of an array
    // that started untouched and has no record of its own is populated on the
    // GPU when the first of them starts (it wrote there, nothing moved).
    for (ManagedArrayPages& a : pages.arrays) {
        if (a.initial != tables::ManagedHome::Untouched) continue;
        for (std::uint32_t bin = 0; bin < a.bins; ++bin) {
            if (!a.changes[bin].empty() || std::isnan(a.firstBlockNs[bin])) continue;
            const double t = a.firstBlockNs[bin];
            a.changes[bin].push_back({t, t, a.binSize(bin)});
        }
    }
}

PagesView::PagesView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &PagesView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    rebuild();
}

void PagesView::rebuild() {
    m_pages = {};
    m_problem.clear();
    m_launch = -1;
    const PreparedRun* p = m_model->prepared();
    if (p) {
        for (std::size_t i = 0; i < p->run->launches.size() && m_launch < 0; ++i)
            if (p->run->launches[i].blocks.size()) m_launch = int(i);
        auto built = buildManagedPages(*p->run, p->origin, kMaxBins, m_launch);
        if (built) {
            m_pages = std::move(*built);
            addFirstWrites(m_pages);
        } else
            m_problem = QString::fromStdString(built.error());
        if (auto it = p->run->texts.find("cupti");
            it != p->run->texts.end() && m_pages.arrays.empty())
            m_problem = tr("CUPTI: %1").arg(QString::fromStdString(it->second));
    }
    syncGeometry();
    // The pages' records and the kernel's blocks, not the host's set-up
    // before them (cudaEventCreate can come milliseconds earlier), fill the axis.
    const double end = p ? std::max(1.0, p->spanEnd) : 1.0;
    if (!m_pages.arrays.empty() && m_pages.lastNs > m_pages.firstNs) {
        const double margin = 0.02 * (m_pages.lastNs - m_pages.firstNs);
        m_data.setFullRange(std::max(0.0, m_pages.firstNs - margin),
                            std::min(end, m_pages.lastNs + margin));
    } else {
        m_data.setFullRange(0, end);
    }
    update();
}

int PagesView::bottomMargin() const {
    return legendHeight(font(), width() - 16, pagesLegend()) + 8;
}

QRect PagesView::plotRect() const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("c 000 MiB ")) + 8;
    const int strip = 3 * fm.height();
    const int top = 2 * fm.height() + 14;
    return QRect(left, top, std::max(10, width() - left - strip - 24),
                 std::max(10, height() - top - bottomMargin()));
}

void PagesView::syncGeometry() {
    const QRect r = plotRect();
    m_data.x0 = r.left();
    m_data.width = r.width();
}

void PagesView::resizeEvent(QResizeEvent*) { syncGeometry(); }

QRectF PagesView::bandRect(std::size_t array) const {
    const QRect plot = plotRect();
    const std::size_t n = std::max<std::size_t>(1, m_pages.arrays.size());
    const double gap = QFontMetrics(font()).height() / 2.0;
    const double h = (plot.height() - gap * double(n - 1)) / double(n);
    return QRectF(plot.left(), plot.top() + double(array) * (h + gap), plot.width(), h);
}

QRectF PagesView::binRect(std::size_t array, std::uint32_t bin) const {
    const QRectF band = bandRect(array);
    const double h = band.height() / std::max<std::uint32_t>(1, m_pages.arrays[array].bins);
    return QRectF(band.left(), band.top() + bin * h, band.width(), h);
}

QRectF PagesView::nowStripRect() const {
    const QRect plot = plotRect();
    return QRectF(plot.right() + 14, plot.top(), 3 * QFontMetrics(font()).height() - 4,
                  plot.height());
}

std::pair<int, int> PagesView::hitAt(QPointF pos) const {
    const QRectF strip = nowStripRect();
    for (std::size_t a = 0; a < m_pages.arrays.size(); ++a) {
        const QRectF band = bandRect(a);
        if (pos.y() < band.top() || pos.y() >= band.bottom()) continue;
        const bool inside = (pos.x() >= band.left() && pos.x() <= band.right()) ||
                            (pos.x() >= strip.left() && pos.x() <= strip.right());
        if (!inside) return {-1, -1};
        const auto bin =
            std::uint32_t((pos.y() - band.top()) / band.height() * m_pages.arrays[a].bins);
        return {int(a), int(std::min(bin, m_pages.arrays[a].bins - 1))};
    }
    return {-1, -1};
}

void PagesView::paintBin(QPainter& p, const ManagedArrayPages& a, std::uint32_t bin,
                         const QRectF& row) {
    const double now = m_model->time();
    const double end = std::min(m_data.viewEnd, now);
    // The state between changes, segment by segment up to the playhead.
    std::vector<double> cuts{m_data.viewStart};
    for (const auto& c : a.changes[bin]) {
        cuts.push_back(c.startNs);
        cuts.push_back(c.endNs);
    }
    cuts.push_back(end);
    std::sort(cuts.begin(), cuts.end());
    const double h = std::max(1.0, row.height() - (row.height() > 4 ? 1 : 0));
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
        const double s = std::max(cuts[k], m_data.viewStart), e = std::min(cuts[k + 1], end);
        if (e <= s) continue;
        const double mid = (s + e) / 2;
        const double x0 = m_data.mapTimeToX(s), x1 = m_data.mapTimeToX(e);
        const QRectF cell(x0, row.top(), std::max(0.5, x1 - x0), h);
        if (!a.touchedAt(bin, mid)) {
            p.fillRect(cell, untouchedColour());
            continue;
        }
        const PageChange* moving = a.movingAt(bin, mid);
        if (moving && moving == &a.changes[bin].front() &&
            a.initial == tables::ManagedHome::Untouched) {
            // Being populated by its first fault: it had no home to move from.
            p.fillRect(cell, untouchedColour());
            p.fillRect(cell, QBrush(QColor(0, 0, 0, 110), Qt::BDiagPattern));
            continue;
        }
        const double f = a.deviceFractionAt(bin, mid);
        p.fillRect(cell, hostColour());
        p.fillRect(QRectF(cell.left(), cell.top(), cell.width(), cell.height() * f),
                   deviceColour());
        if (moving) p.fillRect(cell, QBrush(QColor(0, 0, 0, 110), Qt::BDiagPattern));
    }
    p.setPen(QPen(palette::text(), 1));
    for (double t : a.faults[bin])
        if (t <= now && t >= m_data.viewStart && t <= m_data.viewEnd) {
            const double x = m_data.mapTimeToX(t);
            p.drawLine(QPointF(x, row.top()), QPointF(x, row.top() + h));
        }
    if (!std::isnan(a.firstBlockNs[bin]) && a.firstBlockNs[bin] <= now) {
        const double x0 = m_data.mapTimeToX(a.firstBlockNs[bin]);
        const double x1 = m_data.mapTimeToX(std::min(a.lastBlockNs[bin], now));
        p.setPen(QPen(palette::text(), std::max(1.0, h / 4)));
        p.drawLine(QPointF(x0, row.center().y()), QPointF(std::max(x0 + 1, x1), row.center().y()));
    }
}

void PagesView::paintEvent(QPaintEvent*) {
    syncGeometry();
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    p.setPen(palette::text());
    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height() + 4),
              tr("Where the managed pages live, over time (CUPTI unified-memory records)"),
              Qt::AlignLeft);
    if (m_pages.arrays.empty()) {
        drawMessage(p, rect(),
                    m_problem.isEmpty() ? tr("No managed memory in this run.")
                                        : tr("No page records: %1").arg(m_problem));
        return;
    }
    const QRect plot = plotRect();
    const double now = m_model->time();
    for (std::size_t ai = 0; ai < m_pages.arrays.size(); ++ai) {
        const ManagedArrayPages& a = m_pages.arrays[ai];
        const QRectF band = bandRect(ai);
        // The array's name and size on two lines where its band is that
        // tall, else on one, or the name alone: in a short view "4 MiB" lay
        // on the next array's name.
        const QString name = QString::fromStdString(a.name), size = opstyle::bytesText(a.bytes);
        const double room = plot.left() - 8;
        p.setPen(palette::text());
        if (band.height() >= 2 * fm.height()) {
            p.drawText(QRectF(4, band.top(), room, fm.height()), Qt::AlignRight, name);
            p.setPen(palette::mutedText());
            p.drawText(QRectF(4, band.top() + fm.height(), room, fm.height()), Qt::AlignRight,
                       size);
        } else {
            const QString both = name + QStringLiteral(" ") + size;
            p.drawText(QRectF(4, band.center().y() - fm.height() / 2.0, room, fm.height()),
                       Qt::AlignRight, fm.horizontalAdvance(both) <= room ? both : name);
        }
        p.save();
        p.setClipRect(band);
        for (std::uint32_t bin = 0; bin < a.bins; ++bin) paintBin(p, a, bin, binRect(ai, bin));
        p.restore();
        // The strip at the playhead: every bin's home now.
        const QRectF strip = nowStripRect();
        for (std::uint32_t bin = 0; bin < a.bins; ++bin) {
            const QRectF r = binRect(ai, bin);
            const QRectF cell(strip.left(), r.top(), strip.width(), std::max(1.0, r.height()));
            if (!a.touchedAt(bin, now)) {
                p.fillRect(cell, untouchedColour());
                continue;
            }
            p.fillRect(cell, hostColour());
            p.fillRect(QRectF(cell.left(), cell.top(), cell.width() * a.deviceFractionAt(bin, now),
                              cell.height()),
                       deviceColour());
        }
    }
    p.setPen(palette::mutedText());
    const QRectF strip = nowStripRect();
    p.drawText(
        QRectF(strip.left() - 10, plot.top() - fm.height() - 4, strip.width() + 20, fm.height()),
        Qt::AlignCenter, tr("now"));
    const double step = timeAxisStep(fm, m_data.nsPerPixel(), m_data.viewStart, m_data.viewEnd);
    for (const double t : tickTimes(m_data.viewStart, m_data.viewEnd, step)) {
        const QString label = formatTick(t, step);
        p.drawText(
            tickLabelBox(fm, label, m_data.mapTimeToX(t), plot.top() - fm.height() - 4, 0, width()),
            Qt::AlignCenter, label);
    }
    const double x = m_data.mapTimeToX(now);
    p.setPen(QPen(palette::playhead(), 2));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    drawLegend(p, QRect(8, plot.bottom() + 6, width() - 16, bottomMargin()), pagesLegend());
}

QString PagesView::binTooltip(std::size_t ai, std::uint32_t bin) const {
    const ManagedArrayPages& a = m_pages.arrays[ai];
    const double now = m_model->time();
    const std::uint64_t lo = std::uint64_t(bin) * a.binBytes, hi = lo + a.binSize(bin);
    QStringList lines{tr("array %1, bytes %2 to %3 (bin %4 of %5, %6 pages)")
                          .arg(QString::fromStdString(a.name))
                          .arg(groupDigits((long long)lo))
                          .arg(groupDigits((long long)hi))
                          .arg(bin)
                          .arg(a.bins)
                          .arg(a.binSize(bin) / 4096)};
    lines << (a.touchedAt(bin, now) ? tr("at %1: %2 % on the GPU")
                                          .arg(formatDuration(now))
                                          .arg(a.deviceFractionAt(bin, now) * 100, 0, 'f', 0)
                                    : tr("at %1: never touched yet").arg(formatDuration(now)));
    for (const auto& c : a.changes[bin])
        lines << tr("%1 → %2: %3 on the GPU")
                     .arg(formatExactNs(c.startNs), formatExactNs(c.endNs),
                          opstyle::bytesText(c.deviceBytes));
    if (!a.faults[bin].empty())
        lines << tr("%1 GPU fault groups, the first at %2")
                     .arg(a.faults[bin].size())
                     .arg(formatExactNs(a.faults[bin].front()));
    if (!std::isnan(a.firstBlockNs[bin]))
        lines << tr("blocks on these pages ran %1 → %2")
                     .arg(formatExactNs(a.firstBlockNs[bin]), formatExactNs(a.lastBlockNs[bin]));
    return lines.join(QLatin1Char('\n'));
}

void PagesView::mouseReleaseEvent(QMouseEvent* e) {
    // A bin selects the first block of the kernel that touches it.
    const auto [array, bin] = hitAt(e->position());
    const PreparedRun* p = m_model->prepared();
    if (!p || array < 0 || m_launch < 0) return;
    const ManagedArrayPages& a = m_pages.arrays[std::size_t(array)];
    const Launch& l = p->run->launches[std::size_t(m_launch)];
    const std::uint64_t blockBytes = l.block.count() * a.elementBytes;
    const std::uint64_t block =
        std::uint64_t(bin) * a.binBytes / std::max<std::uint64_t>(1, blockBytes);
    const BlockRef ref = p->refOfBlock(m_launch, std::uint32_t(block));
    if (ref.valid()) m_model->setSelected(ref);
}

bool PagesView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const auto [array, bin] = hitAt(he->pos());
        if (array < 0)
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), binTooltip(std::size_t(array), std::uint32_t(bin)),
                               this);
        return true;
    }
    return QWidget::event(e);
}

}  // namespace ws
