#include "widgets/memkinds/timing_bars.h"

#include <qcustomplot.h>

#include <QVBoxLayout>
#include <algorithm>

#include "widgets/memkinds/memkinds_plot_pieces.h"
#include "widgets/plots/plot_style.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
const QColor kBar(QRgb(0x0072B2));       // Okabe & Ito blue
const QColor kRecorded(QRgb(0xE69F00));  // Okabe & Ito orange: the variant recorded
}  // namespace

TimingBars::TimingBars(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    keepTickLabelsApart(m_plot);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_title = addPlotTitle(m_plot);
    rebuild();
}

void TimingBars::setBars(const QString& title, std::vector<TimingBar> bars,
                         const QString& message) {
    m_titleText = title;
    m_bars = std::move(bars);
    m_message = message;
    rebuild();
}

void TimingBars::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void TimingBars::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fit();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimingBars::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    m_labels.clear();
    m_texts.clear();
    styleAxes(p, font());
    QFont f = font();
    p->xAxis->setTickLabelFont(f);
    p->yAxis->setLabel(tr("kernel time (ms, lower is faster)"));
    p->xAxis->grid()->setVisible(false);
    if (!m_message.isEmpty() || m_bars.empty()) {
        setLegendBelow(p, false);
        p->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        p->xAxis->setTickLabels(false);
        p->xAxis->setRange(0, 1);
        p->yAxis->setRange(0, 1);
        if (!m_message.isEmpty()) showPlotMessage(p, font(), m_message);
        fit();
        p->replot();
        return;
    }
    p->xAxis->setTickLabels(true);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    auto* plain = new QCPBars(p->xAxis, p->yAxis);
    plain->setName(tr("timed only"));
    plain->setWidth(0.6);
    plain->setPen(QPen(palette::text(), 1));
    plain->setBrush(kBar);
    QCPBars* recorded = nullptr;
    QCPBars* wrong = nullptr;
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const TimingBar& b = m_bars[i];
        const double key = double(i + 1);
        ticker->addTick(key, b.name);
        if (b.recorded) {
            if (!recorded) {
                recorded = new QCPBars(p->xAxis, p->yAxis);
                recorded->setName(tr("timed and recorded block by block"));
                recorded->setWidth(0.6);
                recorded->setPen(QPen(palette::text(), 1));
                recorded->setBrush(kRecorded);
            }
            recorded->addData(key, b.ms);
        } else {
            plain->addData(key, b.ms);
        }
        if (!b.verified) {
            if (!wrong) {
                wrong = new QCPBars(p->xAxis, p->yAxis);
                wrong->setName(tr("wrong result: not a valid time"));
                wrong->setWidth(0.6);
                wrong->setPen(QPen(palette::text(), 1));
                wrong->setBrush(QBrush(palette::text(), Qt::BDiagPattern));
            }
            wrong->addData(key, b.ms);
        }
        auto* t = new QCPItemText(p);
        QString text = tr("%1 ms").arg(b.ms, 0, 'g', 3);
        if (!b.detail.isEmpty()) text += QLatin1Char('\n') + b.detail;
        if (!b.verified) text += QLatin1Char('\n') + tr("wrong result");
        t->setText(text);
        m_texts << text;
        t->setFont(f);
        t->setColor(palette::text());
        t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        t->setPadding(QMargins(2, 0, 2, 4));
        t->position->setCoords(key, b.ms);
        m_labels.push_back(t);
    }
    if (plain->dataCount() == 0) p->removePlottable(plain);
    p->xAxis->setTicker(ticker);
    p->xAxis->setRange(0.4, double(m_bars.size()) + 0.6);
    setLegendBelow(p, true);
    fit();
    p->replot();
}

void TimingBars::fit() {
    QCustomPlot* p = m_plot;
    if (!fitPlotFrame(p, m_title, font(), m_titleText, width(), 3, m_message)) return;
    if (m_bars.empty()) return;
    // Each label's words in lines as wide as a bar's share of the axes, and
    // room above the tallest bar for its lines.
    const QRect rect = axisRectNow(p);
    const QFontMetrics fm(font());
    // The widget's width less the value axis: the plot's own layout may not
    // have caught up with a resize yet.
    const int axes = std::max(rect.width(), width() - 6 * fm.height());
    const int share = std::max(60, axes / int(m_bars.size()) - 8);
    int tallest = 0;
    double most = 0;
    for (std::size_t i = 0; i < m_bars.size() && i < m_labels.size(); ++i) {
        const TimingBar& b = m_bars[i];
        QString text = tr("%1 ms").arg(b.ms, 0, 'g', 3);
        if (!b.detail.isEmpty())
            text += QLatin1Char('\n') + wrapToWidth(fm, keepNumbersWithUnits(b.detail), share);
        if (!b.verified) text += QLatin1Char('\n') + tr("wrong result");
        m_labels[i]->setText(text);
        tallest = std::max(tallest, int(text.count(QLatin1Char('\n')) + 1) * fm.height() + 8);
        most = std::max(most, b.ms);
    }
    const double h = std::max(40, rect.height());
    const double reserved = std::min(0.6 * h, double(tallest));
    p->yAxis->setRange(0, std::max(1e-6, most) / (1 - reserved / h));
}

}  // namespace ws
