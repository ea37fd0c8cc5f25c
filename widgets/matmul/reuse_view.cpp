#include "widgets/matmul/reuse_view.h"

#include <qcustomplot.h>

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/plots/plot_style.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

struct Series {
    const char* name;
    double ReuseBar::*value;
    QRgb colour;
    Qt::BrushStyle pattern;  // measured bars are hatched: not told by colour alone
};

const Series kSeries[] = {
    {QT_TRANSLATE_NOOP("ReuseView", "asked for (model)"), &ReuseBar::askedBytesPerFlop, 0x0072B2,
     Qt::SolidPattern},
    {QT_TRANSLATE_NOOP("ReuseView", "sectors moved (model)"), &ReuseBar::sectorBytesPerFlop,
     0x56B4E9, Qt::SolidPattern},
    {QT_TRANSLATE_NOOP("ReuseView", "L1 sectors (ncu)"), &ReuseBar::l1BytesPerFlop, 0x009E73,
     Qt::BDiagPattern},
    {QT_TRANSLATE_NOOP("ReuseView", "from L2 (ncu)"), &ReuseBar::l2BytesPerFlop, 0xE69F00,
     Qt::FDiagPattern},
    {QT_TRANSLATE_NOOP("ReuseView", "from DRAM (ncu)"), &ReuseBar::dramBytesPerFlop, 0xD55E00,
     Qt::DiagCrossPattern},
};

}  // namespace

ReuseView::ReuseView(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    rebuild();
}

void ReuseView::setData(const ReuseData& data) {
    m_data = data;
    rebuild();
}

void ReuseView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitToWidth();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// The title's lines and the legend's columns as the width allows: five
// entries side by side held the view (and the matrix multiply lab's dock)
// 434 px wide.
void ReuseView::fitToWidth() {
    QCustomPlot* p = m_plot;
    const int room = std::max(120, width() - 16);
    if (auto* t = qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0)))
        t->setText(wrapToWidth(QFontMetrics(titleFont()), m_title, room));
    fitLegendColumns(p->legend, room, 5);
    p->setMinimumWidth(std::max(kNarrowestPlot, oneColumnLegendWidth(p->legend) + 16));
}

void ReuseView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void ReuseView::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    m_series = 0;
    styleAxes(p, font());
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setTicker(decadeTicker());
    p->yAxis->setLabel(tr("bytes loaded per FLOP"));
    m_title = tr("Global-memory traffic per FLOP");
    if (!m_data.title.isEmpty()) m_title += QStringLiteral(", ") + m_data.title;
    if (!m_data.countersSource.isEmpty()) m_title += QStringLiteral("\n") + m_data.countersSource;
    if (p->plotLayout()->rowCount() < 2 ||
        !qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0))) {
        p->plotLayout()->insertRow(0);
        p->plotLayout()->addElement(0, 0, new QCPTextElement(p, m_title, titleFont()));
        p->plotLayout()->addElement(2, 0, p->legend);
        p->plotLayout()->setRowStretchFactor(2, 0.001);
        p->legend->setBorderPen(Qt::NoPen);
        p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    }
    if (auto* t = qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0)))
        t->setFont(titleFont());
    p->legend->setVisible(!m_data.bars.empty());
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t i = 0; i < m_data.bars.size(); ++i)
        ticker->addTick(double(i + 1), (m_data.bars[i].current ? QStringLiteral("▶ ") : QString()) +
                                           m_data.bars[i].variant);
    p->xAxis->setTicker(ticker);
    p->xAxis->setTickLabelRotation(35);
    p->xAxis->grid()->setVisible(false);
    p->xAxis->setRange(0.4, double(m_data.bars.size()) + 0.6);
    double lo = 1e9, hi = 0;
    auto* group = new QCPBarsGroup(p);
    group->setSpacing(0);
    for (const Series& s : kSeries) {
        QVector<double> keys, values;
        for (std::size_t i = 0; i < m_data.bars.size(); ++i) {
            const double v = m_data.bars[i].*s.value;
            if (v <= 0) continue;
            keys << double(i + 1);
            values << v;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        if (keys.isEmpty()) continue;
        auto* bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(tr(s.name));
        bars->setData(keys, values, true);
        bars->setWidth(0.16);
        bars->setBaseValue(1e-6);
        bars->setPen(QPen(QColor(s.colour).darker(130), 1));
        bars->setBrush(QBrush(QColor(s.colour), s.pattern));
        bars->setBarsGroup(group);
        ++m_series;
    }
    if (hi > 0)
        p->yAxis->setRange(std::pow(10, std::floor(std::log10(lo))),
                           std::pow(10, std::ceil(std::log10(hi)) + 0.3));
    else
        p->yAxis->setRange(0.001, 10);
    fitToWidth();
    p->replot();
}

QFont ReuseView::titleFont() const {
    QFont f = font();
    f.setBold(true);
    return f;
}

bool ReuseView::eventFilter(QObject* watched, QEvent* e) {
    if (watched != m_plot || e->type() != QEvent::MouseMove)
        return QWidget::eventFilter(watched, e);
    const QPointF pos = static_cast<QMouseEvent*>(e)->position();
    const int i = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x()))) - 1;
    if (i < 0 || i >= int(m_data.bars.size()) ||
        !m_plot->axisRect()->rect().contains(pos.toPoint())) {
        QToolTip::hideText();
        return false;
    }
    const ReuseBar& b = m_data.bars[std::size_t(i)];
    QString text = tr("<b>%1</b>").arg(b.variant);
    for (const Series& s : kSeries) {
        const double v = b.*s.value;
        text += tr("<br>%1: %2")
                    .arg(tr(s.name),
                         v > 0 ? QString::number(v, 'g', 4) + tr(" B/FLOP") : tr("not measured"));
    }
    QToolTip::showText(static_cast<QMouseEvent*>(e)->globalPosition().toPoint(), text, m_plot);
    return false;
}

}  // namespace ws
