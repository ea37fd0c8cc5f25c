#include "widgets/atomics/sm_busy_chart.h"

#include <qcustomplot.h>

#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "widgets/plots/plot_style.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/sequential_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

SmBusyChart::SmBusyChart(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMouseTracking(true);
    // The legend in a row below the axes, its entries side by side: inside
    // the axes it covered the first SMs' bars.
    QCPLayoutGrid* grid = m_plot->plotLayout();
    grid->addElement(grid->rowCount(), 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    grid->setRowStretchFactor(grid->rowCount() - 1, 0.001);
    connect(model, &PlaybackModel::runChanged, this, &SmBusyChart::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, &SmBusyChart::updateTime);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const int i = smAt(e->position());
        if (i < 0) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(e->globalPosition().toPoint(), toolTipOf(std::size_t(i)), m_plot);
    });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        const int i = smAt(e->position());
        if (i >= 0 && m_firstBlock[std::size_t(i)].valid())
            m_model->setSelected(m_firstBlock[std::size_t(i)]);
    });
    rebuild();
}

void SmBusyChart::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

double SmBusyChart::busyUntil(std::size_t i, double t) const {
    double busy = 0;
    for (const auto& [s, e] : m_spans[i]) {
        if (s >= t) break;
        busy += std::min(e, t) - s;
    }
    return busy;
}

QString SmBusyChart::titleText() const {
    const QueueAnalysis& a = m_bars.analysis;
    return tr("Busy time per SM\nlongest %1, mean %2: imbalance %3×")
        .arg(formatDuration(a.maxBusyNs), formatDuration(a.meanBusyNs))
        .arg(a.imbalance, 0, 'f', 2);
}

QString SmBusyChart::toolTipOf(std::size_t i) const {
    const SmBusy& s = m_bars.analysis.sms.at(i);
    // The end on the timeline's clock, so it reads like the queue timeline beside it.
    return tr("SM %1: %2 items\nbusy %3 (%4 of item time)\nlast item ended at %5")
        .arg(s.sm)
        .arg(s.items)
        .arg(formatExactNs(s.busyNs), formatExactNs(s.workNs),
             formatExactNs(m_bars.onTimeline(s.lastEndNs)));
}

int SmBusyChart::smAt(const QPointF& pos) const {
    if (m_spans.empty() || !m_plot->axisRect()->rect().contains(pos.toPoint())) return -1;
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const int i = int(std::lround(x));
    return i >= 0 && std::size_t(i) < m_spans.size() ? i : -1;
}

void SmBusyChart::rebuild() {
    m_bars = buildQueueBars(m_model->prepared());
    m_spans.clear();
    m_firstBlock.clear();
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    m_longestLabel = nullptr;
    m_meanLabel = nullptr;
    m_total = m_sofar = nullptr;
    // The title goes by its pointer: the legend has a row of its own too.
    if (m_title) p->plotLayout()->remove(m_title);
    m_title = nullptr;
    p->plotLayout()->simplify();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    p->xAxis->setLabelFont(font());
    p->yAxis->setLabelFont(font());
    p->xAxis->setTickLabelFont(small);
    p->yAxis->setTickLabelFont(small);
    if (m_bars.empty()) {
        auto* text = new QCPItemText(p);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.45);
        text->setFont(font());
        text->setColor(palette::mutedText());
        text->setText(m_bars.problem);
        p->replot();
        return;
    }
    // Merged busy spans and the first block per SM, in the analysis's SM order.
    const PreparedRun* prepared = m_model->prepared();
    const Launch* launch = prepared->launch(m_bars.launch);
    std::map<std::uint32_t, std::size_t> index;
    for (const SmBusy& s : m_bars.analysis.sms) {
        index[s.sm] = m_spans.size();
        m_spans.emplace_back();
        m_firstBlock.emplace_back();
    }
    for (const QueueBar& b : m_bars.bars) {
        const std::uint32_t sm = launch->blocks.sm[std::size_t(b.block.record)];
        const std::size_t i = index[sm];
        m_spans[i].push_back({b.start, b.end});
        if (!m_firstBlock[i].valid() ||
            prepared->startOf(b.block) < prepared->startOf(m_firstBlock[i]))
            m_firstBlock[i] = b.block;
    }
    for (auto& spans : m_spans) {
        std::sort(spans.begin(), spans.end());
        std::vector<std::pair<double, double>> merged;
        for (const auto& s : spans)
            if (!merged.empty() && s.first <= merged.back().second)
                merged.back().second = std::max(merged.back().second, s.second);
            else
                merged.push_back(s);
        spans = std::move(merged);
    }

    p->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(p, titleText(), titleFont(font()));
    p->plotLayout()->addElement(0, 0, m_title);
    updateTitle();
    m_total = new QCPBars(p->xAxis, p->yAxis);
    m_total->setName(tr("busy in the whole run"));
    m_total->setPen(Qt::NoPen);
    m_total->setBrush(sequentialColour(0.15));
    m_sofar = new QCPBars(p->xAxis, p->yAxis);
    m_sofar->setName(tr("busy up to the playhead"));
    m_sofar->setPen(Qt::NoPen);
    m_sofar->setBrush(sequentialColour(0.85));
    m_total->setWidth(0.8);
    m_sofar->setWidth(0.8);
    const auto& sms = m_bars.analysis.sms;
    for (std::size_t i = 0; i < sms.size(); ++i) m_total->addData(double(i), sms[i].busyNs / 1e3);
    auto line = [&](double us, const QColor& c, Qt::PenStyle style, const QString& label,
                    Qt::Alignment side) -> QCPItemText* {
        auto* l = new QCPItemStraightLine(p);
        l->point1->setCoords(0, us);
        l->point2->setCoords(1, us);
        l->setPen(QPen(c, 2, style));
        auto* t = new QCPItemText(p);
        t->position->setCoords(double(sms.size()) - 0.5, us);
        t->setPositionAlignment(Qt::AlignRight | side);
        t->setFont(font());
        t->setColor(c);
        t->setText(label);
        // The words sit over the bars near the line: a half see-through
        // plate keeps them readable and the bars beneath in view (an opaque
        // one hid the tallest bars' tops behind "mean").
        t->setBrush(palette::labelPlate());
        t->setPadding(QMargins(3, 1, 3, 1));
        return t;
    };
    // "longest" sits above its line; "mean" too unless the two lines are so
    // close (a balanced run, or a short chart) that the words would lie on
    // each other: fitHeadroom decides, in pixels.
    const double meanUs = m_bars.analysis.meanBusyNs / 1e3, maxUs = m_bars.analysis.maxBusyNs / 1e3;
    // Headroom above the longest bar for the "longest" label over its line
    // (fitHeadroom makes it a label's height in pixels).
    const double top = maxUs * 1.3;
    m_meanLabel = line(meanUs, palette::text(), Qt::DashLine, tr("mean"), Qt::AlignBottom);
    m_longestLabel = line(maxUs, palette::selection(), Qt::DotLine, tr("longest"), Qt::AlignBottom);
    updateTicks();
    p->xAxis->setLabel(tr("SM"));
    p->yAxis->setLabel(tr("busy time (µs)"));
    p->xAxis->setRange(-0.8, double(sms.size()) - 0.2);
    p->yAxis->setRange(0, top);
    p->legend->setVisible(true);
    p->legend->setFont(font());
    fitLegend();
    fitHeadroom();
    updateTime();
}

void SmBusyChart::fitHeadroom() {
    if (!m_total) return;
    QCustomPlot* p = m_plot;
    const double plot = std::max(20, axisRectNow(p).height());
    const double maxUs = m_bars.analysis.maxBusyNs / 1e3;
    // A 30 % margin held "longest" in a tall chart; in a projector's short
    // one (60 px) its top was cut. The margin is the label's height.
    const double label = QFontMetrics(font()).height() + 10;
    // Where that would take most of the plot, the label goes under its line.
    const bool over = label / plot <= 0.6;
    if (m_longestLabel)
        m_longestLabel->setPositionAlignment(Qt::AlignRight |
                                             (over ? Qt::AlignBottom : Qt::AlignTop));
    const double share = over ? std::max(label / plot, 0.3 / 1.3) : 0.3 / 1.3;
    p->yAxis->setRange(0, maxUs / (1 - share));
    // Where the lines lie closer than a label's height (two, with "longest"
    // under its line), "mean" goes under its line at the left end, away
    // from "longest": a 12 % rule in data units let "longest"'s line run
    // through "mean" in a projector's short chart, and at 800 x 600 the two
    // words lay on each other.
    const double meanUs = m_bars.analysis.meanBusyNs / 1e3;
    const double gap = (maxUs - meanUs) / p->yAxis->range().upper * plot;
    const bool close = gap < (over ? 1 : 2) * label;
    if (m_meanLabel) {
        const double right = double(m_bars.analysis.sms.size()) - 0.5;
        m_meanLabel->position->setCoords(close ? -0.5 : right, meanUs);
        m_meanLabel->setPositionAlignment(close ? Qt::AlignLeft | Qt::AlignTop
                                                : Qt::AlignRight | Qt::AlignBottom);
        // Under its line only where the axis leaves a label's room; a chart
        // too short for that names the mean in its title alone.
        const double under = meanUs / p->yAxis->range().upper * plot;
        m_meanLabel->setVisible(!close || under >= label);
    }
}

void SmBusyChart::updateTicks() {
    // SM ids as tick labels (they need not be contiguous), as many as fit the width.
    const auto& sms = m_bars.analysis.sms;
    if (sms.empty()) return;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    const double labelWidth = QFontMetrics(small).horizontalAdvance(QStringLiteral("0000"));
    // As many busy-time ticks as the axes' height holds with a line of room
    // between labels; the title, the SM labels and the legend take the rest.
    const int lineHeight = QFontMetrics(small).height();
    const int axesHeight = height() - 7 * QFontMetrics(font()).height();
    m_plot->yAxis->ticker()->setTickCount(std::clamp(axesHeight / (2 * lineHeight), 2, 6));
    // The widget's width less the y axis: the plot's own layout may not have
    // caught up with a resize yet.
    const double room = std::max(100, width() - 6 * QFontMetrics(small).height());
    const auto every =
        std::max<std::size_t>(1, std::size_t(std::ceil(double(sms.size()) * labelWidth / room)));
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    for (std::size_t i = 0; i < sms.size(); i += every)
        ticks->addTick(double(i), QString::number(sms[i].sm));
    m_plot->xAxis->setTicker(ticks);
}

void SmBusyChart::updateTitle() {
    if (!m_title) return;
    // QCPTextElement draws one line per '\n' and cuts what does not fit the
    // width: break the title at spaces instead.
    m_title->setText(
        wrapToWidth(QFontMetrics(titleFont(font())), titleText(), std::max(120, width() - 16)));
}

void SmBusyChart::fitLegend() {
    // Side by side where the width allows, else one above the other: a row
    // wider than the chart would hold the widget wider than it was asked.
    fitLegendColumns(m_plot->legend, width() - 24, 2);
}

void SmBusyChart::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitLegend();
    updateTitle();
    updateTicks();
    fitHeadroom();  // last: the title's lines and the legend set the plot's height
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void SmBusyChart::updateTime() {
    if (!m_sofar) return;
    const double t = m_model->time();
    QVector<double> keys, values;
    for (std::size_t i = 0; i < m_spans.size(); ++i) {
        keys.push_back(double(i));
        values.push_back(busyUntil(i, t) / 1e3);
    }
    m_sofar->setData(keys, values, true);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace ws
