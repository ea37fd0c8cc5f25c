#include "widgets/atomics/atomic_throughput_plot.h"

#include <qcustomplot.h>

#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/plots/plot_style.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
// Thread counts are powers of two: "32", "1 Ki", "256 Ki".
class CountTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return formatCount(tick);
    }
};
const QCPScatterStyle::ScatterShape kShapes[] = {
    QCPScatterStyle::ssDisc,    QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
    QCPScatterStyle::ssDiamond, QCPScatterStyle::ssCross,  QCPScatterStyle::ssStar};
}  // namespace

AtomicThroughputPlot::AtomicThroughputPlot(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        // The nearest measured point within a few pixels, with its numbers.
        double best = QFontMetrics(font()).height();
        QString text;
        for (const auto& s : m_data.series)
            for (const auto& [x, y] : s.points) {
                const double dx = m_plot->xAxis->coordToPixel(x) - e->position().x();
                const double dy = m_plot->yAxis->coordToPixel(y) - e->position().y();
                const double d = std::hypot(dx, dy);
                if (d < best) {
                    best = d;
                    text = tr("%1\n%2 threads: %3 atomics per second")
                               .arg(s.name, groupDigits((long long)x))
                               .arg(y, 0, 'g', 4);
                }
            }
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(e->globalPosition().toPoint(), text, m_plot);
    });
    rebuild();
}

void AtomicThroughputPlot::setData(const ContentionPlotData& data) {
    m_data = data;
    rebuild();
}

void AtomicThroughputPlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void AtomicThroughputPlot::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearGraphs();
    p->clearItems();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    p->xAxis->setLabelFont(font());
    p->yAxis->setLabelFont(font());
    p->xAxis->setTickLabelFont(small);
    p->yAxis->setTickLabelFont(small);
    p->legend->setFont(small);
    p->legend->setVisible(!m_data.series.empty());
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    p->xAxis->setLabel(tr("threads adding at once"));
    p->yAxis->setLabel(tr("atomicAdd per second (log scale)"));
    for (QCPAxis* axis : {p->xAxis, p->yAxis}) axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> xTicker(new CountTicker);
    xTicker->setLogBase(2);
    xTicker->setSubTickCount(0);
    p->xAxis->setTicker(xTicker);
    p->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    p->yAxis->setNumberFormat("gb");
    double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
    for (std::size_t i = 0; i < m_data.series.size(); ++i) {
        auto points = m_data.series[i].points;
        std::sort(points.begin(), points.end());
        QCPGraph* g = p->addGraph();
        g->setName(m_data.series[i].name);
        const QColor c = palette::seriesColour(int(i));
        g->setPen(QPen(c, 2.5));
        g->setScatterStyle(QCPScatterStyle(kShapes[i % std::size(kShapes)], c, c, 8));
        for (const auto& [x, y] : points) {
            g->addData(x, y);
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMin = std::min(yMin, y);
            yMax = std::max(yMax, y);
        }
    }
    if (m_data.current) {
        QCPGraph* g = p->addGraph();
        g->setName(tr("this run"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette::selection(), 3),
                                           Qt::NoBrush, 18));
        g->addData(m_data.current->first, m_data.current->second);
    }
    if (xMax <= 0) {
        auto* text = new QCPItemText(p);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.45);
        text->setFont(font());
        text->setColor(palette::mutedText());
        text->setText(
            tr("No contention measured yet.\nRun atomic-contention\nor open recorded traces."));
        xMin = 32;
        xMax = 1 << 20;
        yMin = 1e8;
        yMax = 1e11;
    }
    p->xAxis->setRange(xMin / 1.6, xMax * 1.6);
    p->yAxis->setRange(yMin / 2, yMax * 2);
    p->replot();
}

}  // namespace ws
