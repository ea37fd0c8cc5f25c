#include "widgets/memkinds/bandwidth_staircase_plot.h"

#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/memkinds/latency_plateaus.h"
#include "core/memkinds/memkinds_tables.h"
#include "widgets/plots/plot_style.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

using memkinds::BandwidthLevel;
using memkinds::BandwidthPoint;

// A horizontal line across the axes at `gbs`, and its words at one end.
QCPItemText* horizontalLine(QCustomPlot* p, double gbs, const QPen& pen, const QString& words,
                            const QFont& font, bool atLeft, bool above) {
    auto* line = new QCPItemStraightLine(p);
    line->point1->setCoords(1, gbs);
    line->point2->setCoords(2, gbs);
    line->setPen(pen);
    auto* t = new QCPItemText(p);
    t->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    t->position->setTypeY(QCPItemPosition::ptPlotCoords);
    t->position->setCoords(atLeft ? 0.01 : 0.99, gbs);
    t->setPositionAlignment((atLeft ? Qt::AlignLeft : Qt::AlignRight) |
                            (above ? Qt::AlignBottom : Qt::AlignTop));
    t->setFont(font);
    t->setColor(pen.color());
    t->setBrush(palette::labelPlate());
    t->setPadding(QMargins(4, 1, 4, 2));
    t->setText(words);
    return t;
}

}  // namespace

BandwidthStaircasePlot::BandwidthStaircasePlot(PlaybackModel* model, QWidget* parent)
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
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const NearestPoint n =
            nearestGraphPoint(m_plot, e->position(), QFontMetrics(font()).height());
        if (!n.graph)
            QToolTip::hideText();
        else
            QToolTip::showText(
                e->globalPosition().toPoint(),
                tr("%1\n%2: %3").arg(n.graph->name(), bytesText(n.key), gbsText(n.value)), m_plot);
    });
    connect(model, &PlaybackModel::runChanged, this, &BandwidthStaircasePlot::rebuild);
    rebuild();
}

QStringList BandwidthStaircasePlot::lineLabels() const {
    QStringList out;
    for (const QCPItemText* t : m_lineItems) out << t->text();
    return out;
}

void BandwidthStaircasePlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void BandwidthStaircasePlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fit();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BandwidthStaircasePlot::rebuild() {
    QCustomPlot* p = m_plot;
    m_markers.clear();
    m_lineItems.clear();
    m_maxGBs = 0;
    startWorkingSetAxes(p, font(), tr("GB/s (bytes read / time)"));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    p->yAxis->setNumberFormat("f");
    p->yAxis->setNumberPrecision(0);
    const Run* run = m_model->run();
    const auto rows = run ? memkinds::readBandwidth(*run)
                          : Result<std::vector<BandwidthPoint>>(std::vector<BandwidthPoint>{});
    m_message = tableMessage(rows, tr("Run memory-bandwidth to see the bandwidth staircase: "
                                      "every SM reading ever larger working sets."));
    m_titleText = tr("Bandwidth staircase: every SM reading");
    if (run && !run->device.name.empty())
        m_titleText += tr(" — %1").arg(QString::fromStdString(run->device.name));
    if (!m_message.isEmpty()) {
        setLegendBelow(p, false);
        m_firstBytes = 16 * 1024;
        m_lastBytes = double(1 << 30);
        p->yAxis->setRange(0, 4000);
        showPlotMessage(p, font(), m_message);
        fit();
        p->replot();
        return;
    }
    const DeviceInfo& device = run->device;
    QCPGraph* global = p->addGraph();
    global->setName(tr("global memory, all SMs"));
    const QColor c = palette::seriesColour(0);
    global->setPen(QPen(c, 3));
    global->setScatterStyle(QCPScatterStyle(seriesShape(0), c, c, 9));
    // The same reads with ld.global.cg: L2 alone, where plain loads still
    // find part of a set in the SMs' L1s.
    QCPGraph* l2Only = p->addGraph();
    l2Only->setName(tr("skipping L1 (ld.global.cg): L2 alone"));
    const QColor cg = palette::seriesColour(1);
    l2Only->setPen(QPen(cg, 3, Qt::DashLine));
    l2Only->setScatterStyle(QCPScatterStyle(seriesShape(1), cg, cg, 9));
    QCPGraph* wrong = nullptr;
    double xMin = 1e300, xMax = 0, maxGlobal = 0;
    std::vector<BandwidthPoint> shared;
    for (const BandwidthPoint& pt : rows.value()) {
        if (pt.level == BandwidthLevel::Shared) {
            shared.push_back(pt);
            continue;
        }
        (pt.level == BandwidthLevel::L2Only ? l2Only : global)
            ->addData(double(pt.workingSetBytes), pt.gbPerS);
        xMin = std::min(xMin, double(pt.workingSetBytes));
        xMax = std::max(xMax, double(pt.workingSetBytes));
        maxGlobal = std::max(maxGlobal, pt.gbPerS);
        if (!pt.verified) {
            if (!wrong) {
                wrong = p->addGraph();
                wrong->setName(tr("checksum wrong: not a valid reading"));
                wrong->setLineStyle(QCPGraph::lsNone);
                wrong->setScatterStyle(QCPScatterStyle(
                    QCPScatterStyle::ssCross, QPen(palette::selection(), 3), Qt::NoBrush, 16));
            }
            wrong->addData(double(pt.workingSetBytes), pt.gbPerS);
        }
    }
    if (l2Only->dataCount() == 0) p->removeGraph(l2Only);
    if (global->dataCount() == 0) p->removeGraph(global);
    m_maxGBs = maxGlobal;
    for (const BandwidthPoint& s : shared) {
        xMin = std::min(xMin, double(s.workingSetBytes));
        xMax = std::max(xMax, double(s.workingSetBytes));
    }
    if (!(xMax > 0)) xMin = xMax = 1 << 20;
    const QColor sharedColour = palette::seriesColour(2);
    for (std::size_t i = 0; i < shared.size(); ++i) {
        const BandwidthPoint& s = shared[i];
        QCPGraph* g = p->addGraph();
        g->setName(tr("shared memory, each block reading its own %1")
                       .arg(bytesText(double(s.workingSetBytes))));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDiamond, sharedColour, sharedColour, 14));
        g->addData(double(s.workingSetBytes), s.gbPerS);
        if (i + 1 < shared.size()) continue;  // one line: the last (largest) shared point
        m_lineItems.push_back(horizontalLine(p, s.gbPerS, QPen(sharedColour, 2, Qt::DotLine),
                                             tr("shared memory: %1").arg(gbsText(s.gbPerS)), font(),
                                             false, true));
        m_maxGBs = std::max(m_maxGBs, s.gbPerS);
    }
    if (device.memBandwidthGBs > 0) {
        m_lineItems.push_back(
            horizontalLine(p, device.memBandwidthGBs, QPen(palette::text(), 2, Qt::DashLine),
                           tr("HBM peak %1 (theoretical)").arg(gbsText(device.memBandwidthGBs)),
                           font(), true, true));
        m_maxGBs = std::max(m_maxGBs, device.memBandwidthGBs);
    }
    const memkinds::CacheSizes sizes = memkinds::cacheSizes(device);
    std::vector<SizeMarker> marks;
    if (sizes.l1Bytes > 0)
        marks.push_back(
            {double(sizes.l1Bytes), tr("L1 %1 per SM").arg(bytesText(double(sizes.l1Bytes)))});
    if (sizes.l2Bytes > 0)
        marks.push_back({double(sizes.l2Bytes), tr("L2 %1").arg(bytesText(double(sizes.l2Bytes)))});
    m_firstBytes = xMin;
    m_lastBytes = xMax;
    p->xAxis->setRange(xMin / 1.5, xMax * 1.5);
    m_markers.add(p, marks, xMin / 1.5, xMax * 1.5, small);
    setLegendBelow(p, true);
    fit();
    p->replot();
}

void BandwidthStaircasePlot::fit() {
    QCustomPlot* p = m_plot;
    const bool data = fitPlotFrame(p, m_title, font(), m_titleText, width(), 2, m_message);
    // The x axis also under a message: an empty plot has its ticks too.
    fitBytesRange(p, m_firstBytes, m_lastBytes);
    // A tick every factor of 4 again where a wider plot has room for it
    // (keepTickLabelsApart takes ticks away where the labels would touch).
    p->xAxis->ticker()->setTickCount(12);
    if (!data) return;
    int rows = m_markers.place(p);
    for (int pass = 0; pass < 2; ++pass) {
        const QRect rect = axisRectNow(p);
        const double h = std::max(40, rect.height());
        const double label = QFontMetrics(font()).height() + 8;
        const double reserved = std::min(0.6 * h, rows + label + 6);
        p->yAxis->setRange(0, std::max(1.0, m_maxGBs) / (1 - reserved / h));
        rows = m_markers.place(p);
    }
}

}  // namespace ws
