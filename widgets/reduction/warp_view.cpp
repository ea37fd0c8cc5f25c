#include "widgets/reduction/warp_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <bit>
#include <cmath>

#include "widgets/view/block_text.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
QColor activeColour() { return QColor(QRgb(0x009E73)); }  // bluish green
QColor idleColour() { return palette::idleCell(); }

std::vector<LegendItem> warpLegend() {
    return {{activeColour(), QObject::tr("lane combines in this step")},
            {idleColour(), QObject::tr("lane idle")},
            {palette::background(), QObject::tr("warp not traced")}};
}

QString number(double v) {
    if (std::fabs(v) < 1e15 && v == std::floor(v)) return QString::number((long long)v);
    return QString::number(v, 'g', 4);
}
}  // namespace

WarpView::WarpView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &WarpView::rebuild);
    connect(model, &PlaybackModel::selectionChanged, this, &WarpView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    rebuild();
}

void WarpView::rebuild() {
    const PreparedRun* p = m_model->prepared();
    m_table = p && m_model->selected().valid() ? WarpStepTable::build(*p, m_model->selected())
                                               : WarpStepTable{};
    update();
}

int WarpView::shownStep() const {
    if (!m_table.traced()) return -1;
    return std::max(0, m_table.stepAt(m_model->time()));
}

QRect WarpView::cellArea() const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("warp 00 ")) + 8;
    // Three lines above the cells: who, the step, and the lane numbers.
    const int top = 3 * fm.height() + 16;
    const int bottom = legendHeight(font(), width() - 16, warpLegend()) + 8;
    return QRect(left, top, std::max(10, width() - left - 8),
                 std::max(10, height() - top - bottom));
}

QRectF WarpView::cellRect(std::size_t warpRow, int lane) const {
    const QRect a = cellArea();
    const double w = double(a.width()) / kWarpSize;
    const std::size_t rows = std::max<std::size_t>(1, m_table.warps.size());
    const double h = std::min(double(a.height()) / double(rows),
                              std::max(w, 3 * QFontMetrics(font()).height() / 2.0));
    return QRectF(a.left() + lane * w, a.top() + double(warpRow) * h, w, h);
}

QString WarpView::valueText(std::int64_t record, int lane, bool after, bool compact) const {
    const StepRecords* s = m_table.source;
    if (!s || record < 0) return {};
    const std::size_t c = std::max<std::uint32_t>(1, s->components);
    const auto& v = after ? s->after : s->before;
    const std::size_t base = (std::size_t(record) * kWarpSize + std::size_t(lane)) * c;
    if (base + c > v.size()) return {};
    if (c == 1) return number(v[base]);
    QStringList parts;
    for (std::size_t k = 0; k < c; ++k) parts << number(v[base + k]);
    // A cell holds an affine map as the tree's node does, "12,21" (two-digit
    // numbers modulo 97 fit a lane's cell); tooltips as the caption writes it.
    if (compact) return parts.join(QLatin1Char(','));
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

QString WarpView::cellText(std::size_t warpRow, int lane) const {
    const int col = shownStep();
    if (col < 0 || warpRow >= m_table.warps.size()) return {};
    return valueText(m_table.record(warpRow, std::size_t(col)), lane, true, true);
}

void WarpView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const PreparedRun* prep = m_model->prepared();
    const BlockRef sel = m_model->selected();
    if (!prep || !sel.valid()) {
        drawMessage(p, rect(), tr("Select a block in the grid or the timeline to see its warps."));
        return;
    }
    const QFontMetrics fm(font());
    p.setFont(titleFont(font()));
    p.setPen(palette::text());
    const Launch* l = prep->launch(sel.launch);
    // Fitted in the bold font it is drawn in (measured in the regular one,
    // it was cut hard: "Block 0 on SM 124, 8 warp"); the SM gives way first.
    const QString heading =
        fitCaptionPieces(QFontMetrics(titleFont(font())), width() - 16,
                         {{blockTitle(*prep, sel), kCaptionValue},
                          {tr(" on SM %1").arg(l->blocks.sm[sel.record]), 0},
                          {tr(", %1 %2")
                               .arg(m_table.warpCount())
                               .arg(m_table.warpCount() == 1 ? tr("warp") : tr("warps")),
                           1}});
    if (!m_table.traced()) {
        p.drawText(QRect(8, 4, width() - 16, fm.height() + 2), Qt::AlignLeft, heading);
        p.setFont(font());
        // Name the traced blocks so the student knows where to click.
        QStringList traced;
        const auto& st = l->steps;
        for (std::size_t i = 0; i < st.size() && traced.size() < 8; ++i) {
            const QString b = QString::number(st.block[i]);
            if (!traced.contains(b)) traced << b;
        }
        QString text = tr("Block %1 was not traced: only its SM and start/end times were recorded.")
                           .arg(l->blocks.block[sel.record]);
        text += traced.isEmpty()
                    ? tr("\nThis run traced no reduction steps (traced_blocks = 0 or an experiment "
                         "without steps).")
                    : tr("\nBlocks with traced steps in this launch: %1.").arg(traced.join(", "));
        drawMessage(p, rect().adjusted(0, fm.height(), 0, 0), text);
        return;
    }
    const int col = shownStep();
    const double t = m_model->time();
    const bool before = m_table.stepAt(t) < 0;
    p.drawText(QRect(8, 4, width() - 16, fm.height() + 2), Qt::AlignLeft, heading);
    p.setFont(font());
    int activeLanes = 0, tracedLanes = 0;
    for (std::size_t w = 0; w < m_table.warps.size(); ++w) {
        const auto r = m_table.record(w, std::size_t(col));
        if (r < 0) continue;
        tracedLanes += kWarpSize;
        activeLanes += std::popcount(m_table.source->activeMask[std::size_t(r)]);
    }
    const std::uint32_t step = m_table.steps[std::size_t(col)];
    // The lanes that combine are the caption's value; when the step began
    // gives way first in a narrow view, then the longer wording.
    const CaptionPiece when =
        before
            ? CaptionPiece{tr(" (block not started yet at %1)").arg(formatDuration(t)), 1}
            : CaptionPiece{
                  tr(", began at %1").arg(formatDuration(m_table.stepTime[std::size_t(col)])), 0};
    std::vector<std::vector<CaptionPiece>> wordings;
    if (m_table.steps.back() == 0) {  // one recorded step (vector-add's load and store): no "of 0"
        wordings.push_back(
            {{tr("%1 of %2 traced lanes active").arg(activeLanes).arg(tracedLanes), kCaptionValue},
             when});
        wordings.push_back(
            {{tr("%1 of %2 lanes active").arg(activeLanes).arg(tracedLanes), kCaptionValue}});
    } else {
        const QString stepName = step == 0 ? tr("Step 0 (load)") : tr("Step %1").arg(step);
        wordings.push_back({{stepName + tr(" of %1: %2 of %3 traced lanes combine")
                                            .arg(m_table.steps.back())
                                            .arg(activeLanes)
                                            .arg(tracedLanes),
                             kCaptionValue},
                            when});
        wordings.push_back({{tr("Step %1 of %2: %3 of %4 lanes")
                                 .arg(step)
                                 .arg(m_table.steps.back())
                                 .arg(activeLanes)
                                 .arg(tracedLanes),
                             kCaptionValue}});
        wordings.push_back({{tr("Step %1: %2/%3 lanes").arg(step).arg(activeLanes).arg(tracedLanes),
                             kCaptionValue}});
    }
    p.drawText(QRect(8, 6 + fm.height(), width() - 16, fm.height() + 2), Qt::AlignLeft,
               fitCaptionWordings(fm, width() - 16, wordings));

    const QRect area = cellArea();
    // Lane numbers along the top, as many as fit.
    const double cw = double(area.width()) / kWarpSize;
    // With a gap of half a digit or more between neighbours: "12" and "16"
    // a digit's width apart read as "1216".
    const double label = fm.horizontalAdvance(QStringLiteral("00")) + fm.averageCharWidth();
    int every = 1;
    while (every < 16 && every * cw < label) every *= 2;
    p.setPen(palette::mutedText());
    for (int lane = 0; lane < kWarpSize; lane += every)
        p.drawText(
            QRectF(area.left() + lane * cw, area.top() - fm.height() - 2, cw * every, fm.height()),
            Qt::AlignLeft | Qt::AlignVCenter, QString::number(lane));
    QFont valueFont = font();
    valueFont.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.75));
    const QFontMetrics vfm(valueFont);
    const double rowH = cellRect(0, 0).height();
    const int labelEvery = std::max(1, int(std::ceil(fm.height() / rowH)));
    // Values go in the cells only when every one of the step fits: a few
    // one-digit values among hidden two-digit ones would read as the only data.
    int widest = 0;
    for (std::size_t w = 0; w < m_table.warps.size(); ++w)
        if (const auto r = m_table.record(w, std::size_t(col)); r >= 0)
            for (int lane = 0; lane < kWarpSize; ++lane)
                widest = std::max(widest, vfm.horizontalAdvance(valueText(r, lane, true, true)));
    const QRectF cell = cellRect(0, 0);
    const bool showValues =
        widest > 0 && widest + 2 <= cell.width() - 1 && vfm.height() <= cell.height() - 1;
    for (std::size_t w = 0; w < m_table.warps.size(); ++w) {
        const auto r = m_table.record(w, std::size_t(col));
        const std::uint32_t mask = r >= 0 ? m_table.source->activeMask[std::size_t(r)] : 0;
        if (w % std::size_t(labelEvery) == 0) {
            p.setPen(palette::text());
            const QRectF c0 = cellRect(w, 0);
            // Centred on the row at full text height: rows can be thinner than text.
            p.drawText(QRectF(2, c0.center().y() - fm.height() / 2.0, area.left() - 8, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, tr("warp %1").arg(m_table.warps[w]));
        }
        for (int lane = 0; lane < kWarpSize; ++lane) {
            QRectF c = cellRect(w, lane);
            if (c.width() >= 5 && c.height() >= 5) c.adjust(0.5, 0.5, -0.5, -0.5);
            const bool active = (mask >> lane) & 1u;
            p.fillRect(c, r < 0 ? palette::background() : (active ? activeColour() : idleColour()));
            if (r < 0) continue;
            const QString v = valueText(r, lane, true, true);
            if (showValues && !v.isEmpty()) {
                p.setFont(valueFont);
                p.setPen(active ? Qt::white : palette::text());
                p.drawText(c, Qt::AlignCenter, v);
                p.setFont(font());
            }
        }
    }
    const double gridBottom = cellRect(m_table.warps.size() - 1, 0).bottom();
    drawLegend(p, QRect(8, int(gridBottom) + 8, width() - 16, height()), warpLegend());
}

bool WarpView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* he = static_cast<QHelpEvent*>(e);
    const int col = shownStep();
    const PreparedRun* prep = m_model->prepared();
    if (!prep || col < 0) {
        QToolTip::hideText();
        return true;
    }
    for (std::size_t w = 0; w < m_table.warps.size(); ++w)
        for (int lane = 0; lane < kWarpSize; ++lane) {
            if (!cellRect(w, lane).contains(he->pos())) continue;
            const auto r = m_table.record(w, std::size_t(col));
            const std::uint32_t thread = m_table.warps[w] * kWarpSize + std::uint32_t(lane);
            QString text = tr("<b>warp %1, lane %2</b> (thread %3)<br>step %4: ")
                               .arg(m_table.warps[w])
                               .arg(lane)
                               .arg(thread)
                               .arg(m_table.steps[std::size_t(col)]);
            if (r < 0) {
                text += tr("this warp was not traced in this step");
            } else {
                const bool active = (m_table.source->activeMask[std::size_t(r)] >> lane) & 1u;
                text += active ? tr("combines") : tr("idle");
                text += tr("<br>value before %1, after %2")
                            .arg(valueText(r, lane, false), valueText(r, lane, true));
                if (std::size_t(r) < m_table.source->clock.size())
                    text += tr("<br>clock64 at step start: %1")
                                .arg(groupDigits(m_table.source->clock[std::size_t(r)]));
            }
            QToolTip::showText(he->globalPos(), text, this);
            return true;
        }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
