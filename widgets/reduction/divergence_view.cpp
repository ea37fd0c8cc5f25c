#include "widgets/reduction/divergence_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <bit>
#include <cmath>

#include "widgets/reduction/warp_steps.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
QColor activeColour() { return QColor(QRgb(0x009E73)); }  // bluish green, as the warp view
QColor idleColour() { return palette::idleCell(); }
QColor divergentColour() { return QColor(QRgb(0xD55E00)); }  // vermillion
QColor barColour() { return QColor(QRgb(0x0072B2)); }

std::vector<LegendItem> divergenceLegend() {
    return {
        {activeColour(), QObject::tr("lane active")},
        {idleColour(), QObject::tr("lane idle")},
        {divergentColour(), QObject::tr("divergent warp: some lanes idle, both paths run"), true},
        {barColour(), QObject::tr("clock64 cycles to the next step")}};
}
}  // namespace

DivergenceView::DivergenceView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &DivergenceView::rebuild);
    connect(model, &PlaybackModel::selectionChanged, this, &DivergenceView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    rebuild();
}

void DivergenceView::rebuild() {
    m_costs.clear();
    m_stepTimes.clear();
    const PreparedRun* p = m_model->prepared();
    const BlockRef sel = m_model->selected();
    if (p && sel.valid()) {
        const Launch* l = p->launch(sel.launch);
        if (l && std::size_t(sel.record) < l->blocks.size()) {
            m_blockId = l->blocks.block[std::size_t(sel.record)];
            m_costs = stepCosts(*l, m_blockId);
            const WarpStepTable table = WarpStepTable::build(*p, sel);
            for (const auto& c : m_costs) {
                const auto it = std::find(table.steps.begin(), table.steps.end(), c.step);
                m_stepTimes.push_back(it == table.steps.end()
                                          ? 0.0
                                          : table.stepTime[std::size_t(it - table.steps.begin())]);
            }
        }
    }
    update();
}

void DivergenceView::setFixedRow(std::optional<int> row) {
    m_fixedRow = row;
    update();
}

int DivergenceView::currentRow() const {
    if (m_costs.empty()) return -1;
    if (m_fixedRow) return std::clamp(*m_fixedRow, 0, int(m_costs.size()) - 1);
    const auto it = std::upper_bound(m_stepTimes.begin(), m_stepTimes.end(), m_model->time());
    return int(it - m_stepTimes.begin()) - 1;
}

int DivergenceView::rowHeight() const {
    const QFontMetrics fm(font());
    const QRect a = stripArea();
    const int rows = std::max<int>(1, int(m_costs.size()));
    return std::clamp(a.height() / rows, 6, 2 * fm.height());
}

QRect DivergenceView::stripArea() const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("step 10  ")) + 8;
    const int right = fm.horizontalAdvance(QStringLiteral("000,000 cycles  ")) + 140;
    const int top = 3 * fm.height() + 16;  // title, summary, warp numbers
    const int bottom = legendHeight(font(), width() - 16, divergenceLegend()) + 12;
    return QRect(left, top, std::max(40, width() - left - right),
                 std::max(10, height() - top - bottom));
}

QRectF DivergenceView::laneRect(int row, std::size_t warpIndex, int lane) const {
    const QRect a = stripArea();
    if (row < 0 || std::size_t(row) >= m_costs.size()) return {};
    const std::size_t warps = std::max<std::size_t>(1, m_costs[std::size_t(row)].warps.size());
    const double gap = warps > 1 ? 4 : 0;
    const double stripW = (a.width() - gap * double(warps - 1)) / double(warps);
    const double laneW = stripW / kWarpSize;
    const int h = rowHeight();
    return QRectF(a.left() + double(warpIndex) * (stripW + gap) + lane * laneW,
                  a.top() + row * h + 2, laneW, h - 4);
}

QRectF DivergenceView::barRect(int row) const {
    const QRect a = stripArea();
    const int h = rowHeight();
    std::int64_t most = 1;
    for (const auto& c : m_costs) most = std::max(most, c.cycles);
    const double full =
        width() - a.right() - 24 - QFontMetrics(font()).horizontalAdvance("000,000 cycles");
    const double w =
        m_costs[std::size_t(row)].cycles > 0
            ? std::max(1.0, full * double(m_costs[std::size_t(row)].cycles) / double(most))
            : 0;
    return QRectF(a.right() + 16, a.top() + row * h + 3, w, h - 6);
}

void DivergenceView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    if (!m_model->prepared() || !m_model->selected().valid()) {
        drawMessage(p, rect(), tr("Select a block to see its warps step by step."));
        return;
    }
    if (m_costs.empty()) {
        drawMessage(
            p, rect(),
            tr("Block %1 recorded no steps: pick a traced block (the warp view names them).")
                .arg(m_blockId));
        return;
    }
    int divergentSteps = 0;
    std::int64_t total = 0;
    for (const auto& c : m_costs) {
        divergentSteps += c.divergentWarps > 0;
        total += std::max<std::int64_t>(0, c.cycles);
    }
    // The longest wording that fits, then "…": cut hard at a projector's
    // 1024 pixels, the line lost its cycle count ("6,322 cycles in a").
    const int room = width() - 16;
    const auto fitting = [](const QFontMetrics& m, int w, const QStringList& forms) {
        for (const QString& f : forms)
            if (m.horizontalAdvance(f) <= w) return f;
        return m.elidedText(forms.back(), Qt::ElideRight, w);
    };
    p.setPen(palette::text());
    drawTitle(
        p, font(), QRect(8, 4, room, fm.height() + 2),
        fitting(QFontMetrics(titleFont(font())), room,
                {tr("Block %1: active lanes per warp and clock64 cycles per step").arg(m_blockId),
                 tr("Block %1: active lanes and cycles per step").arg(m_blockId)}));
    p.setFont(font());
    const auto steps = qulonglong(m_costs.size());
    p.drawText(QRect(8, 8 + fm.height(), room, fm.height() + 2), Qt::AlignLeft,
               fitting(fm, room,
                       {tr("%1 of %2 steps have divergent warps; %3 cycles in all")
                            .arg(divergentSteps)
                            .arg(steps)
                            .arg(groupDigits(total)),
                        tr("%1 of %2 steps divergent; %3 cycles")
                            .arg(divergentSteps)
                            .arg(steps)
                            .arg(groupDigits(total))}));
    const int current = currentRow();
    const int h = rowHeight();
    const QRect a = stripArea();
    for (int row = 0; row < int(m_costs.size()); ++row) {
        const StepCost& c = m_costs[std::size_t(row)];
        const double y = a.top() + row * h;
        if (row == current) p.fillRect(QRectF(0, y, width(), h), palette::cellFillAlternate());
        if (h >= fm.height() - 2) {
            p.setPen(palette::text());
            p.drawText(QRectF(4, y, a.left() - 8, h), Qt::AlignRight | Qt::AlignVCenter,
                       tr("step %1").arg(c.step));
        }
        for (std::size_t w = 0; w < c.warps.size(); ++w) {
            for (int lane = 0; lane < kWarpSize; ++lane) {
                QRectF r = laneRect(row, w, lane);
                if (r.width() >= 4) r.adjust(0.5, 0, -0.5, 0);
                p.fillRect(r, (c.masks[w] >> lane) & 1u ? activeColour() : idleColour());
            }
            if (isDivergent(c.masks[w])) {
                const QRectF strip = laneRect(row, w, 0).united(laneRect(row, w, kWarpSize - 1));
                p.setPen(QPen(divergentColour(), 2.5));
                p.setBrush(Qt::NoBrush);
                p.drawRect(strip.adjusted(-1, -1, 1, 1));
            }
        }
        const QRectF bar = barRect(row);
        p.fillRect(bar, barColour());
        if (h >= fm.height() - 2) {
            p.setPen(palette::text());
            const QString cycles =
                c.cycles >= 0 ? tr("%1 cycles").arg(groupDigits(c.cycles)) : tr("?");
            p.drawText(QRectF(bar.right() + 6, y, width() - bar.right() - 8, h),
                       Qt::AlignLeft | Qt::AlignVCenter, cycles);
        }
    }
    // Warp numbers under the strips of the last row.
    if (!m_costs.empty()) {
        const auto& last = m_costs.back();
        const int row = int(m_costs.size()) - 1;
        const double stripW = laneRect(row, 0, kWarpSize - 1).right() - laneRect(row, 0, 0).left();
        const int every = std::max(1, int(std::ceil(fm.horizontalAdvance(QStringLiteral("w00 ")) /
                                                    std::max(1.0, stripW))));
        p.setPen(palette::mutedText());
        for (std::size_t w = 0; w < last.warps.size(); w += std::size_t(every)) {
            const QRectF r = laneRect(row, w, 0);
            p.drawText(QRectF(r.left(), a.top() - fm.height() - 2, stripW * every, fm.height()),
                       Qt::AlignLeft,
                       tr("w%1").arg(m_costs.front().warps.size() > w ? m_costs.front().warps[w]
                                                                      : last.warps[w]));
        }
    }
    const int legendTop = a.top() + int(m_costs.size()) * h + 8;
    drawLegend(p, QRect(8, legendTop, width() - 16, height()), divergenceLegend());
}

bool DivergenceView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* he = static_cast<QHelpEvent*>(e);
    for (int row = 0; row < int(m_costs.size()); ++row) {
        const StepCost& c = m_costs[std::size_t(row)];
        for (std::size_t w = 0; w < c.warps.size(); ++w) {
            const QRectF strip = laneRect(row, w, 0).united(laneRect(row, w, kWarpSize - 1));
            if (!strip.contains(he->pos())) continue;
            QToolTip::showText(he->globalPos(),
                               tr("<b>step %1, warp %2</b><br>%3 of 32 lanes active%4<br>mask 0x%5")
                                   .arg(c.step)
                                   .arg(c.warps[w])
                                   .arg(std::popcount(c.masks[w]))
                                   .arg(isDivergent(c.masks[w]) ? tr(" — divergent") : QString())
                                   .arg(c.masks[w], 8, 16, QLatin1Char('0')),
                               this);
            return true;
        }
        if (barRect(row).adjusted(0, 0, 120, 0).contains(he->pos())) {
            QToolTip::showText(
                he->globalPos(),
                tr("<b>step %1</b><br>began at clock64 %2<br>%3 cycles to the %4<br>"
                   "%5 warps active, %6 divergent, %7 lanes active")
                    .arg(c.step)
                    .arg(groupDigits(c.startClock))
                    .arg(groupDigits(c.cycles))
                    .arg(row + 1 < int(m_costs.size()) ? tr("next step") : tr("block's end"))
                    .arg(c.activeWarps)
                    .arg(c.divergentWarps)
                    .arg(c.activeLanes),
                this);
            return true;
        }
    }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
