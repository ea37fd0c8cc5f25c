#include "widgets/timeline/device_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "core/common/time_offset.h"
#include "core/device/compute_capability.h"
#include "core/device/device_facts.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

DeviceView::DeviceView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    connect(model, &PlaybackModel::runChanged, this, &DeviceView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    rebuild();
}

void DeviceView::rebuild() {
    ++m_rebuilds;
    m_spans.clear();
    m_row = -1;
    const PreparedRun* prep = m_model->prepared();
    if (prep) {
        m_row = capabilityRowOf(prep->run->device);
        for (const Launch& l : prep->run->launches)
            for (std::size_t i = 0; i < l.blocks.size(); ++i) {
                auto& [starts, ends] = m_spans[l.blocks.sm[i]];
                starts.push_back(nsAfter(l.blocks.startNs[i], prep->origin));
                ends.push_back(nsAfter(l.blocks.endNs[i], prep->origin));
            }
        for (auto& [sm, span] : m_spans) {
            std::sort(span.first.begin(), span.first.end());
            std::sort(span.second.begin(), span.second.end());
        }
    }
    // Ids past the device's count (TimelineLanes::smIdsPastDevice): a box
    // for each SM that ran blocks, none for ids no SM of this device has.
    m_smIds.clear();
    if (prep && prep->lanes.smIdsPastDevice())
        for (const auto& [sm, span] : m_spans) m_smIds.push_back(sm);
    update();
}

int DeviceView::residentAt(std::uint32_t sm, double t) const {
    const auto it = m_spans.find(sm);
    if (it == m_spans.end()) return 0;
    const auto& [starts, ends] = it->second;
    const auto started = std::upper_bound(starts.begin(), starts.end(), t) - starts.begin();
    const auto ended = std::upper_bound(ends.begin(), ends.end(), t) - ends.begin();
    return int(std::max<std::ptrdiff_t>(0, started - ended));
}

int DeviceView::smCount() const {
    if (!m_smIds.empty()) return int(m_smIds.size());
    const Run* run = m_model->run();
    int n = run ? run->device.smCount : 0;
    for (const auto& [sm, span] : m_spans) n = std::max(n, int(sm) + 1);
    return n;
}

std::uint32_t DeviceView::smIdAt(int index) const {
    return m_smIds.empty() ? std::uint32_t(index) : m_smIds[std::size_t(index)];
}

std::vector<DeviceView::FactLine> DeviceView::factLines() const {
    std::vector<FactLine> out;
    const Run* run = m_model->run();
    if (!run) return out;
    out.push_back({.text = tr("One SM holds at most"), .heading = true});
    for (const SmLimit& l : smLimits(run->device))
        out.push_back({.text = QStringLiteral("  %1 %2").arg(
                           groupDigits((long long)l.value),
                           // "233,472 bytes of shared memory", not "233,472 shared memory"
                           l.unit == "B" ? tr("bytes of %1").arg(QString::fromStdString(l.name))
                                         : QString::fromStdString(l.name)),
                       .detail = l.note.empty() ? QString()
                                                : QStringLiteral(" (%1)").arg(
                                                      QString::fromStdString(l.note))});
    out.push_back({.text = tr("Memory, nearest first"),
                   .heading = true,
                   .detail = tr(" (bandwidth bars on a log scale)")});
    for (const auto& m : memoryHierarchy(*run)) {
        QString text = QStringLiteral("  %1").arg(QString::fromStdString(m.name));
        if (m.bytes > 0)
            text += QStringLiteral(": %1 %2").arg(QString::fromStdString(bytesText(m.bytes)),
                                                  QString::fromStdString(m.scope));
        else
            text += QStringLiteral(" %1").arg(QString::fromStdString(m.scope));
        out.push_back({.text = text});
        // Bars on a log scale: PCIe and HBM differ fifty-fold.
        const auto gbs = [](double v) { return QString::number(v, 'f', v < 100 ? 1 : 0); };
        if (m.theoreticalGBs > 0)
            out.push_back({tr("%1 GB/s theoretical").arg(gbs(m.theoreticalGBs)), false,
                           m.theoreticalGBs, palette::gridLine().darker(130)});
        if (m.measuredGBs > 0)
            out.push_back({tr("%1 GB/s measured").arg(gbs(m.measuredGBs)), false, m.measuredGBs,
                           palette::okabeIto(4),
                           QStringLiteral(": ") + QString::fromStdString(m.measuredBy)});
    }
    out.push_back(
        {.text =
             tr("%globaltimer ticks every %1").arg(formatExactNs(double(run->device.timerTickNs))),
         .detail = tr(" (shorter intervals are not resolved)")});
    return out;
}

int DeviceView::factsHeight() const {
    const QFontMetrics fm(font());
    int h = 8;
    for (const FactLine& l : factLines())
        h += l.barGBs > 0 ? fm.height() + 2 : fm.height() + 3 + (l.heading ? 4 : 0);
    return h;
}

int DeviceView::factsWidth() const {
    const QFontMetrics fm(font()), bold(titleFont(font()));
    int widest = 0;
    for (const FactLine& l : factLines()) {
        const int w = (l.heading ? bold : fm).horizontalAdvance(l.text + l.detail);
        // A bar's label sits right of a bar a third of the area wide.
        widest = std::max(widest, l.barGBs > 0 ? (w + 24) * 3 / 2 : w);
    }
    return widest + 4;
}

QRect DeviceView::smArea() const {
    const MeasureKey key{size(), font(), m_rebuilds};
    if (key == m_smAreaKey) return m_smArea;
    m_smAreaKey = key;
    const QFontMetrics fm(font());
    const int top = 2 * fm.height() + 12;
    // Tall enough for the facts beside the SMs (large fonts on a projector
    // need more than half the view); the table below takes what is left.
    const int wanted = std::max(int(height() * 0.55) - top, factsHeight());
    const int most = std::max(40, height() - top - 3 * fm.height());
    // Up to half the width; less where the facts need it, down to a third
    // (the facts were cut hard: "Memory, nearest first (bandwidth bars o").
    const int w = std::clamp(width() - 32 - factsWidth(), int(width() * 0.3), int(width() * 0.48));
    m_smArea = QRect(8, top, w, std::clamp(wanted, 40, most));
    return m_smArea;
}

QRect DeviceView::factsArea() const {
    const QRect s = smArea();
    return QRect(s.right() + 16, s.top(), width() - s.right() - 24, s.height());
}

QRectF DeviceView::smRect(int index) const {
    const QRect a = smArea();
    const int n = std::max(1, smCount());
    const int cols = std::max(1, int(std::ceil(std::sqrt(n * double(a.width()) / a.height()))));
    const int rows = (n + cols - 1) / cols;
    const double w = double(a.width()) / cols, h = double(a.height()) / rows;
    return QRectF(a.left() + (index % cols) * w, a.top() + (index / cols) * h, w, h);
}

QRect DeviceView::tableArea() const {
    const QRect s = smArea();
    return QRect(8, s.bottom() + 10, width() - 16, height() - s.bottom() - 14);
}

void DeviceView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const Run* run = m_model->run();
    if (!run) {
        drawMessage(p, rect(),
                    tr("Run an experiment or open a trace to see the device it ran on."));
        return;
    }
    const DeviceInfo& d = run->device;
    const QFontMetrics fm(font());
    p.setFont(titleFont(font()));
    p.setPen(palette::text());
    // The GPU's name and its SMs first: on a narrow pane the clock and then
    // the compute capability (in the table below) give way.
    p.drawText(
        QRect(8, 4, width() - 16, fm.height() + 2), Qt::AlignLeft,
        fitCaptionPieces(QFontMetrics(titleFont(font())), width() - 16,
                         {{QString::fromStdString(d.name), kCaptionValue},
                          {tr(": compute capability %1.%2").arg(d.ccMajor).arg(d.ccMinor), 1},
                          {tr(", %1 SMs").arg(d.smCount), 2},
                          {tr(" at %1 MHz").arg(d.smClockKHz / 1000), 0}}));
    p.setFont(font());
    const double t = m_model->time();
    p.setPen(palette::mutedText());
    p.drawText(QRect(8, 6 + fm.height(), width() - 16, fm.height() + 2), Qt::AlignLeft,
               fitCaptionForms(fm, width() - 16,
                               {tr("Blocks resident at %1 (filled squares; up to %2 per SM)")
                                    .arg(formatDuration(t))
                                    .arg(d.maxBlocksPerSm),
                                tr("Blocks resident at %1 (filled squares)").arg(formatDuration(t)),
                                tr("Blocks resident at %1").arg(formatDuration(t))}));
    const int n = smCount();
    const int perSm = std::max(1, d.maxBlocksPerSm);
    const int side = int(std::ceil(std::sqrt(double(perSm))));
    int residentAnywhere = 0;
    for (int sm = 0; sm < n; ++sm) {
        const QRectF box = smRect(sm).adjusted(1.5, 1.5, -1.5, -1.5);
        p.setPen(QPen(palette::mutedText(), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box);
        const int resident = residentAt(smIdAt(sm), t);
        residentAnywhere += resident;
        const double cell = std::min(box.width(), box.height()) / side;
        for (int k = 0; k < std::min(resident, perSm); ++k)
            p.fillRect(QRectF(box.left() + (k % side) * cell + 0.5,
                              box.top() + (k / side) * cell + 0.5, cell - 1, cell - 1),
                       palette::stateColour(BlockState::Running));
        if (box.width() > fm.horizontalAdvance(QStringLiteral("000")) + 4 && resident == 0) {
            p.setPen(palette::gridLine().darker(140));
            p.drawText(box, Qt::AlignCenter, QString::number(sm));
        }
    }
    if (residentAnywhere == 0) {
        // Over the empty boxes, on a plate, wrapped to the grid's width.
        const QRect grid = smArea();
        const QString why = emptyGridText(t);
        const QRect text =
            fm.boundingRect(grid.adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, why);
        const QRect plate = text.adjusted(-6, -4, 6, 4).intersected(grid);
        p.fillRect(plate, palette::background());
        p.setPen(palette::text());
        p.drawText(grid.adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, why);
    }
    paintFacts(p, factsArea());
    paintTable(p, tableArea());
}

void DeviceView::paintFacts(QPainter& p, const QRect& area) {
    const Run* run = m_model->run();
    const QFontMetrics fm(font()), bold(titleFont(font()));
    const int barMax = area.width() / 3;
    double maxGBs = 1;
    for (const auto& m : memoryHierarchy(*run))
        maxGBs = std::max({maxGBs, m.theoreticalGBs, m.measuredGBs});
    int y = area.top();
    for (const FactLine& l : factLines()) {
        if (l.barGBs > 0) {
            const double frac = std::log10(1 + l.barGBs) / std::log10(1 + maxGBs);
            p.fillRect(QRect(area.left() + 16, y + 2, int(barMax * frac), fm.height() - 4),
                       l.barColour);
            p.setFont(font());
            p.setPen(palette::text());
            const int room = area.width() - barMax - 20;
            p.drawText(QRect(area.left() + 20 + barMax, y, room, fm.height() + 2), Qt::AlignLeft,
                       fitCaptionPieces(fm, room, {{l.text, kCaptionValue}, {l.detail, 0}}));
            y += fm.height() + 2;
            continue;
        }
        if (l.heading && y > area.top()) y += 4;
        // Fitted in the metrics of the font it is drawn in: a bold heading
        // measured in the regular font was cut hard, without its "…".
        p.setFont(l.heading ? titleFont(font()) : font());
        p.setPen(palette::text());
        p.drawText(QRect(area.left(), y, area.width(), fm.height() + 2), Qt::AlignLeft,
                   fitCaptionPieces(l.heading ? bold : fm, area.width(),
                                    {{l.text, kCaptionValue}, {l.detail, 0}}));
        y += fm.height() + 3;
    }
    p.setFont(font());
}

QString DeviceView::emptyGridText(double t) const {
    double first = 0, last = 0;
    bool any = false;
    for (const auto& [sm, span] : m_spans)
        if (!span.first.empty()) {
            first = any ? std::min(first, span.first.front()) : span.first.front();
            last = any ? std::max(last, span.second.back()) : span.second.back();
            any = true;
        }
    if (!any) return tr("No block records: which SMs held blocks is not known.");
    if (t < first)
        return tr("No block is resident yet: the first starts at %1.").arg(formatDuration(first));
    if (t >= last)
        return tr("No block is resident: the run's last block ended at %1.")
            .arg(formatDuration(last));
    return tr("No block is resident at this moment.");
}

DeviceView::TableLayout DeviceView::tableLayout() const {
    const auto& rows = computeCapabilityTable();
    const QRect area = tableArea();
    const QFontMetrics fm(font());
    TableLayout t;
    t.lineHeight = fm.height() + 1;
    // In the view's own font (85 % of it was 11 px on a 720-line
    // projector), each column as wide as a row's version, architecture and
    // year need; the chips may give way.
    int narrowest = 0;
    for (const auto& r : rows)
        narrowest = std::max(narrowest,
                             fm.horizontalAdvance(QStringLiteral("%1  %2  %3")
                                                      .arg(QString::fromStdString(r.version()),
                                                           QString::fromStdString(r.architecture),
                                                           QString::fromStdString(r.released))));
    narrowest += 16;
    t.perColumn = std::max(1, (area.height() - t.lineHeight) / t.lineHeight);
    const int columnsFit = std::max(1, area.width() / std::max(1, narrowest));
    const int total = int(rows.size());
    t.count = std::min(total, t.perColumn * columnsFit);
    const int columns = std::max(1, (t.count + t.perColumn - 1) / t.perColumn);
    t.perColumn = std::min(t.perColumn, (t.count + columns - 1) / std::max(1, columns));
    t.columnWidth = area.width() / columns;
    // Not all fit: the rows around this GPU's, which the slide is about.
    if (t.count < total && m_row >= 0)
        t.first = std::clamp(m_row - t.count / 2, 0, total - t.count);
    return t;
}

void DeviceView::paintTable(QPainter& p, const QRect& area) {
    const auto& rows = computeCapabilityTable();
    const QFontMetrics fm(font());
    const TableLayout t = tableLayout();
    // No room for a heading and two rows: the table would only be ellipses.
    if (area.height() < 3 * t.lineHeight || t.count <= 0) return;
    p.setFont(font());
    p.setPen(palette::text());
    const QString part =
        t.count < int(rows.size())
            ? tr(", rows %1–%2 of %3").arg(t.first + 1).arg(t.first + t.count).arg(rows.size())
            : QString();
    p.drawText(QRect(area.left(), area.top(), area.width(), t.lineHeight), Qt::AlignLeft,
               fitCaptionPieces(fm, area.width(),
                                {{tr("Compute capabilities"), kCaptionValue},
                                 {part, 2},
                                 {tr(" (seed 000, to 6.1; later rows in italics)"), 1}}));
    for (int k = 0; k < t.count; ++k) {
        const int i = t.first + k;
        const auto& r = rows[std::size_t(i)];
        const QRect cell(area.left() + (k / t.perColumn) * t.columnWidth,
                         area.top() + t.lineHeight * (1 + k % t.perColumn), t.columnWidth - 8,
                         t.lineHeight);
        if (i == m_row) {
            p.fillRect(cell, palette::selection());
            p.setPen(palette::textOn(palette::selection()));
        } else {
            p.setPen(palette::text());
        }
        QFont f = font();
        f.setItalic(!r.fromSeed);
        f.setBold(i == m_row);
        p.setFont(f);
        // The chips give way first, then the year: never the version.
        p.drawText(
            cell.adjusted(3, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
            fitCaptionPieces(QFontMetrics(f), cell.width() - 4,
                             {{QString::fromStdString(r.version()), kCaptionValue},
                              {QStringLiteral("  ") + QString::fromStdString(r.architecture), 2},
                              {QStringLiteral("  ") + QString::fromStdString(r.chips), 0},
                              {QStringLiteral("  ") + QString::fromStdString(r.released), 1}}));
    }
    p.setFont(font());
}

bool DeviceView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* he = static_cast<QHelpEvent*>(e);
    for (int sm = 0; sm < smCount(); ++sm)
        if (smRect(sm).contains(he->pos())) {
            QToolTip::showText(he->globalPos(),
                               tr("SM %1: %2 blocks resident at %3")
                                   .arg(smIdAt(sm))
                                   .arg(residentAt(smIdAt(sm), m_model->time()))
                                   .arg(formatDuration(m_model->time())),
                               this);
            return true;
        }
    const auto& rows = computeCapabilityTable();
    if (tableArea().contains(he->pos())) {
        const TableLayout t = tableLayout();
        const int col = (he->pos().x() - tableArea().left()) / std::max(1, t.columnWidth);
        const int row = (he->pos().y() - tableArea().top()) / t.lineHeight - 1;
        const int k = col * t.perColumn + row;
        const int i = t.first + k;
        if (row >= 0 && row < t.perColumn && k >= 0 && k < t.count) {
            const auto& r = rows[std::size_t(i)];
            QToolTip::showText(
                he->globalPos(),
                tr("<b>%1 %2</b> (%3), first released %4%5%6")
                    .arg(QString::fromStdString(r.version()),
                         QString::fromStdString(r.architecture), QString::fromStdString(r.chips),
                         QString::fromStdString(r.released),
                         r.note.empty() ? QString()
                                        : QStringLiteral("<br>") + QString::fromStdString(r.note),
                         r.fromSeed ? tr("<br>(from the seed's table)")
                                    : tr("<br>(added after the seed)")),
                this);
            return true;
        }
    }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
