#include "widgets/basics/cpu_gpu_plot.h"

#include <qcustomplot.h>

#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/plots/plot_style.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

// The notes' band lies over the crossovers' dotted lines: a plate the lines
// do not show through (the views' half see-through one let them cross the
// words).
const QString kNotesLayer = QStringLiteral("notes");

QColor notePlate() {
    QColor c = palette::background();
    c.setAlpha(235);
    return c;
}

class CountTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return formatCount(tick);
    }
};
}  // namespace

CpuGpuPlot::CpuGpuPlot(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // The notes on a layer above every line: a crossover's dotted line made
    // after the first note's plate was drawn over its words.
    m_plot->addLayer(kNotesLayer, m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    rebuild();
}

void CpuGpuPlot::setPoints(std::vector<CostPoint> points, CostPoint current, QString source) {
    std::sort(points.begin(), points.end(),
              [](const CostPoint& a, const CostPoint& b) { return a.n < b.n; });
    m_points = std::move(points);
    m_current = current;
    m_source = std::move(source);
    rebuild();
}

void CpuGpuPlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void CpuGpuPlot::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearGraphs();
    p->clearItems();
    m_texts.clear();
    const QFont f = font();
    p->xAxis->setLabelFont(f);
    p->yAxis->setLabelFont(f);
    p->legend->setFont(f);
    p->legend->setVisible(true);
    // Below the axes, in columns: inside, the legend would cover the curves.
    if (p->plotLayout()->elementCount() < 2 || p->plotLayout()->element(1, 0) != p->legend) {
        p->plotLayout()->addElement(1, 0, p->legend);
        p->plotLayout()->setRowStretchFactor(1, 0.001);
        p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        p->legend->setBorderPen(Qt::NoPen);
    }
    p->legend->setWrap(2);
    p->xAxis->setLabel(tr("elements"));
    p->yAxis->setLabel(tr("time (ms, log scale)"));
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> xt(new CountTicker);
    xt->setLogBase(4);
    p->xAxis->setTicker(xt);
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    p->yAxis->setNumberFormat("gb");
    struct Series {
        QString name;
        double (*time)(const CostPoint&);
        QCPScatterStyle::ScatterShape shape;
        Qt::PenStyle style;
    };
    const Series series[] = {
        {tr("CPU, one thread"), [](const CostPoint& c) { return c.cpuMs; },
         QCPScatterStyle::ssSquare, Qt::SolidLine},
        {tr("CPU, all cores"), [](const CostPoint& c) { return c.cpuParallelMs; },
         QCPScatterStyle::ssDiamond, Qt::DashLine},
        {tr("GPU kernel"), [](const CostPoint& c) { return c.kernelMs; }, QCPScatterStyle::ssDisc,
         Qt::SolidLine},
        {tr("GPU with the copies"), [](const CostPoint& c) { return c.gpuWithTransfersMs(); },
         QCPScatterStyle::ssTriangle, Qt::DashLine}};
    double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
    int index = 0;
    QStringList missing;  // series no run measured: named once, not drawn
    for (const Series& s : series) {
        const QColor c = palette::seriesColour(index++);
        QCPGraph* g = p->addGraph();
        g->setName(s.name);
        g->setPen(QPen(c, 2.5, s.style));
        g->setScatterStyle(QCPScatterStyle(s.shape, c, c, 8));
        for (const CostPoint& pt : m_points) {
            const double t = s.time(pt);
            if (t <= 0 || pt.n <= 0) continue;
            g->addData(pt.n, t);
            xMin = std::min(xMin, pt.n);
            xMax = std::max(xMax, pt.n);
            yMin = std::min(yMin, t);
            yMax = std::max(yMax, t);
        }
        if (g->dataCount() == 0 && !m_points.empty()) {
            g->removeFromLegend();
            missing << s.name;
        }
    }
    m_missing = missing;
    if (m_current.n > 0 && m_current.kernelMs > 0) {
        QCPGraph* g = p->addGraph();
        g->setName(tr("this run"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette::selection(), 3),
                                           Qt::NoBrush, 16));
        g->addData(m_current.n, m_current.kernelMs);
        xMin = std::min(xMin, m_current.n);
        xMax = std::max(xMax, m_current.n);
        yMin = std::min(yMin, m_current.kernelMs);
        yMax = std::max(yMax, m_current.kernelMs);
    }
    m_notes.clear();
    for (auto [gpu, cpu, what] :
         {std::tuple{GpuCost::Kernel, CpuCost::OneThread, tr("kernel against one CPU thread")},
          std::tuple{GpuCost::WithTransfers, CpuCost::OneThread,
                     tr("with the copies against one thread")},
          std::tuple{GpuCost::WithTransfers, CpuCost::AllCores,
                     tr("with the copies against all cores")}}) {
        const Crossover x = findCrossover(m_points, gpu, cpu);
        if (x.kind == Crossover::Kind::NotEnoughPoints) continue;
        const QString text = what + QStringLiteral(": ") + QString::fromStdString(x.text());
        m_texts << text;
        // A dotted line where the lead changes hands.
        std::vector<double> changes;
        if (x.kind == Crossover::Kind::Crosses) changes.push_back(x.n);
        if (x.kind == Crossover::Kind::GpuBetween) {
            if (x.n > m_points.front().n) changes.push_back(x.n);
            changes.push_back(x.nEnd);
        }
        for (double n : changes) {
            auto* line = new QCPItemStraightLine(p);
            line->point1->setCoords(n, 1e-6);
            line->point2->setCoords(n, 1e6);
            line->setPen(QPen(palette::mutedText(), 1, Qt::DotLine));
        }
        auto* label = new QCPItemText(p);
        label->position->setType(QCPItemPosition::ptAxisRectRatio);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setFont(f);
        label->setColor(palette::text());
        label->setBrush(notePlate());
        label->setTextAlignment(Qt::AlignLeft);
        label->setLayer(kNotesLayer);
        m_notes.push_back({label, text});
    }
    if (xMin > xMax) {
        auto* text = new QCPItemText(p);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.5);
        text->setText(
            tr("No CPU or GPU times at several sizes yet.\nSweep the size, or run "
               "vector-add with crossover_sweep=on."));
        text->setColor(palette::mutedText());
        xMin = 256;
        xMax = double(1 << 26);
        yMin = 1e-3;
        yMax = 100;
    }
    if (!missing.isEmpty() && xMin <= xMax) {
        auto* note = new QCPItemText(p);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        note->setFont(f);
        note->setColor(palette::mutedText());
        note->setBrush(notePlate());
        note->setTextAlignment(Qt::AlignLeft);
        note->setLayer(kNotesLayer);
        m_notes.push_back(
            {note, tr("Not measured in these runs: %1").arg(missing.join(QStringLiteral("; ")))});
    }
    if (!m_source.isEmpty()) {
        auto* src = new QCPItemText(p);
        src->position->setType(QCPItemPosition::ptAxisRectRatio);
        src->position->setCoords(0.98, 0.98);
        src->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        src->setText(m_source);
        src->setColor(palette::mutedText());
    }
    p->xAxis->setRange(xMin / 2, xMax * 2);
    m_yMin = yMin / 3;
    m_yMax = yMax * 3;
    fitNotes();
    p->replot();
}

void CpuGpuPlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitNotes();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CpuGpuPlot::fitNotes() {
    QCustomPlot* p = m_plot;
    const QRect rect = axisRectNow(p);
    const double h = std::max(40, rect.height());
    const QFontMetrics fm(font());
    double y = 6;  // px below the top
    for (Note& n : m_notes) {
        const QString wrapped = wrapToWidth(fm, n.text, std::max(80, rect.width() - 24));
        n.item->setText(wrapped);
        n.item->position->setCoords(0.02, y / h);
        y += (wrapped.count(QLatin1Char('\n')) + 1) * fm.lineSpacing() + 6;
    }
    // On the log axis the data's top sits below the notes: the share of the
    // height they take is the share of the decades above the data.
    const double band = std::min(0.6, (y + 4) / h);
    const double lo = std::log10(m_yMin), hi = std::log10(std::max(m_yMax, m_yMin * 10));
    const double top = m_notes.empty() ? hi + 1 : (hi - band * lo) / (1 - band);
    p->yAxis->setRange(m_yMin, std::pow(10.0, std::max(top, hi + 0.2)));
}

}  // namespace ws
