#include "widgets/atomics/cas_attempts_plot.h"

#include <qcustomplot.h>

#include <QToolTip>
#include <QVBoxLayout>

#include "core/atomics/atomics_settings.h"
#include "core/atomics/cas_records.h"
#include "widgets/plots/plot_style.h"
#include "widgets/view/palette.h"
#include "widgets/view/sequential_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

CasAttemptsPlot::CasAttemptsPlot(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMouseTracking(true);
    // The title wraps to the width the plot is given; its one line, as the
    // plot's own minimum, held it wider than a laptop's dock (cut at both sides).
    m_plot->setMinimumWidth(kNarrowestPlot);
    connect(model, &PlaybackModel::runChanged, this, &CasAttemptsPlot::rebuild);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        if (m_histogram.empty() || !m_plot->axisRect()->rect().contains(e->pos())) {
            QToolTip::hideText();
            return;
        }
        const long a = std::lround(m_plot->xAxis->pixelToCoord(e->position().x()));
        if (a < 0 || std::size_t(a) >= m_histogram.size()) return;
        const bool open = std::size_t(a) + 1 == m_histogram.size();
        QToolTip::showText(e->globalPosition().toPoint(),
                           tr("%1 threads made %2%3 atomicCAS")
                               .arg(groupDigits((long long)m_histogram[std::size_t(a)]))
                               .arg(a)
                               .arg(open ? tr(" or more") : QString()),
                           m_plot);
    });
    rebuild();
}

void CasAttemptsPlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitTitle();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CasAttemptsPlot::fitTitle() {
    // The axis's label in lines the axes hold: whole, "(last bar: that many
    // or more)" was cut at both ends of a comparison's half.
    if (!m_xLabel.isEmpty())
        m_plot->xAxis->setLabel(wrapToWidth(QFontMetrics(m_plot->xAxis->labelFont()), m_xLabel,
                                            std::max(80, axisRectNow(m_plot).width() - 8)));
    if (m_titleElement)
        m_titleElement->setText(
            wrapToWidth(QFontMetrics(titleFont(font())), m_title, std::max(120, width() - 16)));
    if (m_problemItem)
        m_problemItem->setText(
            wrapToWidth(QFontMetrics(font()), m_problem, std::max(80, width() - 16)));
}

void CasAttemptsPlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void CasAttemptsPlot::rebuild() {
    m_histogram.clear();
    m_title.clear();
    m_xLabel.clear();
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    if (p->plotLayout()->rowCount() > 1) p->plotLayout()->removeAt(0);
    p->plotLayout()->simplify();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    p->xAxis->setLabelFont(font());
    p->yAxis->setLabelFont(font());
    p->xAxis->setTickLabelFont(small);
    p->yAxis->setTickLabelFont(small);
    QString problem = tr("No CAS records: the argmin experiment's CAS loops record them.");
    const Run* run = m_model->run();
    for (std::size_t li = 0; run && li < run->launches.size() && m_histogram.empty(); ++li) {
        auto cas = readCasRecords(run->launches[li], int(li));
        if (!cas)
            problem = QString::fromStdString(cas.error());
        else
            m_histogram = cas->histogram;
    }
    // Axes over nothing (0 to 5 threads) would read as a measurement, and
    // the message, one line in the axis rectangle, was cut at both sides:
    // it stands alone, in lines as wide as the plot.
    const bool empty = m_histogram.empty();
    for (QCPAxis* axis : {p->xAxis, p->yAxis}) axis->setVisible(!empty);
    m_problem = empty ? problem : QString();
    m_problemItem = nullptr;
    if (empty) {
        auto* text = new QCPItemText(p);
        text->position->setType(QCPItemPosition::ptViewportRatio);
        text->position->setCoords(0.5, 0.45);
        text->setClipToAxisRect(false);
        text->setFont(font());
        text->setColor(palette::mutedText());
        m_problemItem = text;
        fitTitle();
        p->replot();
        return;
    }
    const CasStatistics s = casStatistics(m_histogram);
    const auto figure = [&](const char* name) {
        const auto it = run->figures.find(name);
        return it == run->figures.end() ? 0.0 : it->second;
    };
    const auto settings = atomicsSettingsOf(*run);
    const std::string variant = settings ? settings->argmin.variant : std::string();
    m_title = tr("%1: atomicCAS per thread\nover all %2 threads: mean %3, most %4")
                  .arg(QString::fromStdString(variant), groupDigits((long long)s.threads))
                  .arg(figure("casAttemptsMean"), 0, 'f', 3)
                  .arg(figure("casAttemptsMax"));
    p->plotLayout()->insertRow(0);
    m_titleElement = new QCPTextElement(p, m_title, titleFont(font()));
    p->plotLayout()->addElement(0, 0, m_titleElement);
    fitTitle();
    auto* bars = new QCPBars(p->xAxis, p->yAxis);
    bars->setPen(QPen(sequentialColour(1.0), 1));
    bars->setBrush(sequentialColour(0.55));
    bars->setWidth(0.8);
    // The last non-empty bin bounds the axis. The log axis has no 0, so the
    // bars rise from 0.5, and QCPBars draws a bar from its base to base +
    // value: each value is its count less the base, or a bin of one thread
    // would reach 1.5.
    constexpr double kBase = 0.5;
    std::size_t last = 0;
    for (std::size_t a = 0; a < m_histogram.size(); ++a) {
        if (m_histogram[a] == 0) continue;
        bars->addData(double(a), double(m_histogram[a]) - kBase);
        last = a;
    }
    bars->setBaseValue(kBase);
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    p->yAxis->setTicker(ticker);
    p->yAxis->setNumberFormat("gb");
    p->yAxis->setRange(kBase, double(s.threads) * 3);
    // Attempts are whole numbers: ticks on multiples of a whole step, never
    // at 2.5 or 7.5.
    QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed);
    whole->setTickStep(1);
    whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    p->xAxis->setTicker(whole);
    // The grid's zero line ran up through the bar of 0 attempts, a stray
    // line over the bin of threads that made none.
    p->xAxis->grid()->setZeroLinePen(Qt::NoPen);
    p->xAxis->setNumberFormat("f");
    p->xAxis->setNumberPrecision(0);
    p->xAxis->setRange(-0.7, double(last) + 0.7);
    m_xLabel = tr("atomicCAS calls by one thread") +
               (last + 1 == m_histogram.size() ? tr(" (last bar: that many or more)") : QString());
    p->yAxis->setLabel(tr("threads (log scale)"));
    fitTitle();
    p->replot();
}

}  // namespace ws
