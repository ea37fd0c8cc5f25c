#include "widgets/memkinds/latency_staircase_plot.h"

#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/memkinds/memkinds_settings.h"
#include "core/memkinds/memkinds_tables.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

using memkinds::CacheSizes;
using memkinds::LatencyPoint;
using memkinds::LoadPath;
using memkinds::Plateau;

constexpr double kLabelLift = 8;  // pixels between a plateau and its label

LoadPath pathOf(const Run& run) {
    const auto settings = memkindsSettingsOf(run);
    return settings ? settings->latency.path : LoadPath::Global;
}

QString pathWords(LoadPath path) {
    switch (path) {
        case LoadPath::Global:
            return QObject::tr("global loads");
        case LoadPath::ReadOnly:
            return QObject::tr("__ldg loads");
        case LoadPath::L2Only:
            return QObject::tr("ld.global.cg loads (L2, not L1)");
        case LoadPath::Shared:
            return QObject::tr("shared memory");
        case LoadPath::Constant:
            return QObject::tr("__constant__ memory");
        case LoadPath::Texture:
            return QObject::tr("texture fetches");
    }
    return {};
}

QString seriesName(const Run& run) {
    const QString stride = QString::fromStdString(runParam(run, "stride", ""));
    bool ok = false;
    const double bytes = stride.toDouble(&ok);
    return ok ? QObject::tr("%1, stride %2").arg(pathWords(pathOf(run)), bytesText(bytes))
              : pathWords(pathOf(run));
}

QString plateauText(const Plateau& p) {
    return QObject::tr("%1 %2, %3")
        .arg(QString::fromStdString(p.level), cyclesText(p.cyclesPerLoad), nsText(p.nsPerLoad));
}

}  // namespace

LatencyStaircasePlot::LatencyStaircasePlot(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    keepTickLabelsApart(m_plot);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_title = addPlotTitle(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setMouseTracking(true);
    // The right axis reads the left one in ns, at the run's own ratio.
    connect(m_plot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) {
                if (m_nsPerCycle > 0)
                    m_plot->yAxis2->setRange(r.lower * m_nsPerCycle, r.upper * m_nsPerCycle);
            });
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const NearestPoint n =
            nearestGraphPoint(m_plot, e->position(), QFontMetrics(font()).height());
        if (!n.graph) {
            QToolTip::hideText();
            return;
        }
        QString text = tr("%1\n%2 working set: %3 per load")
                           .arg(n.graph->name(), bytesText(n.key), cyclesText(n.value));
        if (m_nsPerCycle > 0 && n.graphIndex == 0)
            text += tr(", about %1").arg(nsText(n.value * m_nsPerCycle));
        QToolTip::showText(e->globalPosition().toPoint(), text, m_plot);
    });
    connect(model, &PlaybackModel::runChanged, this, &LatencyStaircasePlot::rebuild);
    rebuild();
}

void LatencyStaircasePlot::setOtherRuns(std::vector<std::shared_ptr<const Run>> runs) {
    m_others = std::move(runs);
    rebuild();
}

QStringList LatencyStaircasePlot::plateauLabels() const {
    QStringList out;
    for (const Plateau& pl : m_plateaus) out << plateauText(pl);
    return out;
}

void LatencyStaircasePlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void LatencyStaircasePlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fit();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LatencyStaircasePlot::rebuild() {
    QCustomPlot* p = m_plot;
    m_markers.clear();
    m_plateauItems.clear();
    m_plateauTops.clear();
    m_plateaus.clear();
    m_curves = 0;
    m_maxCycles = 0;
    m_nsPerCycle = 0;
    startWorkingSetAxes(p, font(), tr("cycles per load"));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    p->yAxis2->setLabelFont(font());
    p->yAxis2->setTickLabelFont(small);
    p->yAxis2->setLabel(tr("ns per load"));
    const Run* run = m_model->run();
    const auto rows = run ? memkinds::readLatency(*run)
                          : Result<std::vector<LatencyPoint>>(std::vector<LatencyPoint>{});
    m_message = tableMessage(rows, tr("Run memory-latency to see the latency staircase: one "
                                      "thread chasing pointers through ever larger working sets."));
    const QString device =
        run && !run->device.name.empty() ? QString::fromStdString(run->device.name) : QString();
    if (!m_message.isEmpty()) {
        m_titleText = tr("Latency staircase");
        p->yAxis2->setVisible(false);
        setLegendBelow(p, false);
        m_firstBytes = 1024;
        m_lastBytes = double(1 << 30);
        p->yAxis->setRange(0, 800);
        showPlotMessage(p, font(), m_message);
        fit();
        p->replot();
        return;
    }
    const std::vector<LatencyPoint>& points = rows.value();
    const CacheSizes sizes = memkinds::cacheSizes(run->device);
    m_plateaus = memkinds::findPlateaus(points, sizes, pathOf(*run));
    m_titleText = tr("Latency staircase: %1").arg(seriesName(*run));
    if (!device.isEmpty()) m_titleText += tr(" — %1").arg(device);

    double xMin = 1e300, xMax = 0;
    auto addCurve = [&](const std::vector<LatencyPoint>& pts, const QString& name, int index) {
        QCPGraph* g = p->addGraph();
        g->setName(name);
        const QColor c = palette::seriesColour(index);
        g->setPen(QPen(c, index == 0 ? 3 : 2));
        g->setScatterStyle(
            QCPScatterStyle(seriesShape(index), c, index == 0 ? c : palette::background(), 9));
        for (const LatencyPoint& pt : pts) {
            g->addData(double(pt.workingSetBytes), pt.cyclesPerLoad);
            xMin = std::min(xMin, double(pt.workingSetBytes));
            xMax = std::max(xMax, double(pt.workingSetBytes));
            m_maxCycles = std::max(m_maxCycles, pt.cyclesPerLoad);
        }
        ++m_curves;
    };
    addCurve(points, seriesName(*run), 0);
    for (const auto& other : m_others) {
        if (!other || other.get() == run || other->experiment != run->experiment ||
            other->params == run->params)
            continue;
        const auto theirs = memkinds::readLatency(*other);
        if (theirs && !theirs->empty()) addCurve(*theirs, seriesName(*other), m_curves);
    }
    // ns per cycle: the median of the run's own points (the clock may have
    // moved a little between them).
    std::vector<double> ratios;
    for (const LatencyPoint& pt : points)
        if (pt.cyclesPerLoad > 0 && pt.nsPerLoad > 0)
            ratios.push_back(pt.nsPerLoad / pt.cyclesPerLoad);
    if (!ratios.empty()) {
        std::nth_element(ratios.begin(), ratios.begin() + long(ratios.size() / 2), ratios.end());
        m_nsPerCycle = ratios[ratios.size() / 2];
    }
    p->yAxis2->setVisible(m_nsPerCycle > 0);
    p->yAxis2->setTickLabels(m_nsPerCycle > 0);
    setLegendBelow(p, m_curves > 1);

    std::vector<SizeMarker> marks;
    if (sizes.sharedBytes > 0)
        marks.push_back({double(sizes.sharedBytes),
                         tr("shared %1 per SM").arg(bytesText(double(sizes.sharedBytes)))});
    if (sizes.l1Bytes > 0)
        marks.push_back({double(sizes.l1Bytes), tr("L1 %1").arg(bytesText(double(sizes.l1Bytes)))});
    if (sizes.l2Bytes > 0)
        marks.push_back({double(sizes.l2Bytes), tr("L2 %1").arg(bytesText(double(sizes.l2Bytes)))});
    m_firstBytes = xMin;
    m_lastBytes = xMax;
    p->xAxis->setRange(xMin / 1.5, xMax * 1.5);
    m_markers.add(p, marks, xMin / 1.5, xMax * 1.5, small);

    for (const Plateau& pl : m_plateaus) {
        double top = pl.cyclesPerLoad;
        for (const LatencyPoint& pt : points)
            if (pt.workingSetBytes >= pl.fromBytes && pt.workingSetBytes <= pl.toBytes)
                top = std::max(top, pt.cyclesPerLoad);
        m_plateauTops.push_back(top);
        auto* t = new QCPItemText(p);
        t->setText(plateauText(pl));
        t->setFont(font());
        t->setColor(palette::text());
        t->setBrush(palette::labelPlate());
        t->setPadding(QMargins(4, 1, 4, 1));
        t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        t->position->setCoords(std::sqrt(double(pl.fromBytes) * double(pl.toBytes)),
                               pl.cyclesPerLoad);
        m_plateauItems.push_back(t);
    }
    fit();
    p->replot();
}

void LatencyStaircasePlot::fit() {
    QCustomPlot* p = m_plot;
    const bool data = fitPlotFrame(p, m_title, font(), m_titleText, width(), 2, m_message);
    // The x axis also under a message: an empty plot has its ticks too.
    fitBytesRange(p, m_firstBytes, m_lastBytes);
    // A tick every factor of 4 again where a wider plot has room for it
    // (keepTickLabelsApart takes ticks away where the labels would touch).
    p->xAxis->ticker()->setTickCount(12);
    if (!data) return;
    // Room above the highest point for the markers' rows and a plateau's
    // label: the rows come first, then the y axis (whose labels' width moves
    // the axes), then the rows again where the axes moved.
    int rows = m_markers.place(p);
    for (int pass = 0; pass < 2; ++pass) {
        const QRect rect = axisRectNow(p);
        const double h = std::max(40, rect.height());
        const double label = QFontMetrics(font()).height() + 8 + kLabelLift;
        const double reserved = std::min(0.6 * h, rows + label + 6);
        p->yAxis->setRange(0, std::max(1.0, m_maxCycles) / (1 - reserved / h));
        rows = m_markers.place(p);
    }
    // Each plateau's label over its middle, kept inside the axes; one that
    // would lie on a label to its left (a narrow plateau beside the next,
    // little slower) goes up over it.
    const QRect rect = axisRectNow(p);
    std::vector<QRectF> placed;
    for (std::size_t i = 0; i < m_plateauItems.size() && i < m_plateaus.size(); ++i) {
        QCPItemText* t = m_plateauItems[i];
        const Plateau& pl = m_plateaus[i];
        const QFontMetrics fm(t->font());
        // On two lines, the level over its numbers, where one is wider than the axes.
        const QString line = plateauText(pl);
        t->setText(fm.horizontalAdvance(line) + 8 < rect.width() - 4
                       ? line
                       : QString::fromStdString(pl.level) + QLatin1Char('\n') +
                             tr("%1, %2").arg(cyclesText(pl.cyclesPerLoad), nsText(pl.nsPerLoad)));
        const QStringList lines = t->text().split(QLatin1Char('\n'));
        double widest = 0;
        for (const QString& l : lines) widest = std::max(widest, double(fm.horizontalAdvance(l)));
        const double w = widest + 8, h = fm.height() * lines.size() + 2;
        double x = p->xAxis->coordToPixel(std::sqrt(double(pl.fromBytes) * double(pl.toBytes)));
        if (w < rect.width() - 4)
            x = std::clamp(x, rect.left() + 2 + w / 2, rect.right() - 2 - w / 2);
        // Lifted off the line, so that its plate hides neither the points nor the line.
        double bottom = p->yAxis->coordToPixel(m_plateauTops[i]) - kLabelLift;
        for (bool moved = true; moved;) {
            moved = false;
            for (const QRectF& other : placed)
                if (QRectF(x - w / 2 - 2, bottom - h, w + 4, h).intersects(other)) {
                    bottom = other.top() - 2;
                    moved = true;
                }
        }
        placed.push_back(QRectF(x - w / 2, bottom - h, w, h));
        t->position->setCoords(p->xAxis->pixelToCoord(x), p->yAxis->pixelToCoord(bottom));
    }
}

}  // namespace ws
