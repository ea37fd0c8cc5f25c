#include "widgets/memkinds/occupancy_plot.h"

#include <QComboBox>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/memkinds/memkinds_tables.h"
#include "core/memkinds/occupancy_model.h"
#include "widgets/plots/plot_style.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

using memkinds::OccupancyLimits;
using memkinds::OccupancyPoint;

constexpr std::uint32_t kFewestRegisters = 16;
constexpr std::uint32_t kMostRegisters = 255;

// The sweep's fewest, a middle and most registers: three lines a class can
// tell apart.
std::vector<OccupancyPoint> threeCaps(std::vector<OccupancyPoint> points) {
    std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) {
        return a.registersPerThread < b.registersPerThread;
    });
    if (points.size() <= 3) return points;
    return {points.front(), points[points.size() / 2], points.back()};
}

}  // namespace

OccupancyPlot::OccupancyPlot(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_axisChooser(new QComboBox(this)),
      m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    keepTickLabelsApart(m_plot);
    m_axisChooser->addItems({tr("against registers per thread"), tr("against threads per block"),
                             tr("against shared memory per block")});
    m_axisChooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_axisChooser, &QComboBox::activated, this,
            [this](int i) { setAxis(OccupancyAxis(i)); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_axisChooser, 0, Qt::AlignLeft);
    layout->addWidget(m_plot);
    m_title = addPlotTitle(m_plot);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const Run* run = m_model->run();
        if (!run || !m_message.isEmpty()) return;
        const auto rows = memkinds::readOccupancy(*run);
        if (!rows || m_axis != OccupancyAxis::Registers) return;
        double best = QFontMetrics(font()).height();
        QString text;
        for (const OccupancyPoint& pt : rows.value()) {
            const double d =
                std::hypot(m_plot->xAxis->coordToPixel(pt.registersPerThread) - e->position().x(),
                           m_plot->yAxis->coordToPixel(pt.measuredBlocksPerSm) - e->position().y());
            if (d >= best) continue;
            best = d;
            const OccupancyLimits l = memkinds::predictOccupancy(
                run->device, pt.registersPerThread, pt.threadsPerBlock, pt.sharedBytesPerBlock);
            text = tr("%1 registers per thread, %2 B of local memory (spills)\n"
                      "measured %3 blocks per SM, runtime %4, model %5 (limited by %6)")
                       .arg(pt.registersPerThread)
                       .arg(pt.localBytesPerThread)
                       .arg(pt.measuredBlocksPerSm)
                       .arg(pt.predictedBlocksPerSm)
                       .arg(l.blocks)
                       .arg(QString::fromStdString(l.limitedBy));
        }
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(e->globalPosition().toPoint(), text, m_plot);
    });
    connect(model, &PlaybackModel::runChanged, this, &OccupancyPlot::rebuild);
    rebuild();
}

void OccupancyPlot::setAxis(OccupancyAxis axis) {
    if (axis == m_axis) return;
    m_axis = axis;
    m_axisChooser->setCurrentIndex(int(axis));
    rebuild();
}

QStringList OccupancyPlot::limitLabels() const {
    QStringList out;
    for (const QCPItemText* t : m_limitItems) out << t->text();
    return out;
}

void OccupancyPlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void OccupancyPlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fit();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyPlot::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    m_limitItems.clear();
    m_maxBlocks = 0;
    styleAxes(p, font());
    p->xAxis->setLabel(tr("registers per thread"));
    p->yAxis->setLabel(tr("blocks resident per SM"));
    QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed);
    whole->setTickStep(1);
    whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    p->yAxis->setTicker(whole);
    const Run* run = m_model->run();
    const auto rows = run ? memkinds::readOccupancy(*run)
                          : Result<std::vector<OccupancyPoint>>(std::vector<OccupancyPoint>{});
    m_message = tableMessage(rows, tr("Run local-memory to see blocks per SM against registers "
                                      "per thread."));
    m_titleText = tr("Occupancy: blocks per SM against registers");
    if (!m_message.isEmpty()) {
        setLegendBelow(p, false);
        p->xAxis->setRange(0, 256);
        p->yAxis->setRange(0, 8);
        showPlotMessage(p, font(), m_message);
        fit();
        p->replot();
        return;
    }
    const std::vector<OccupancyPoint>& points = rows.value();
    const std::uint32_t threads = points.front().threadsPerBlock;
    const std::uint32_t shared = points.front().sharedBytesPerBlock;
    m_titleText = tr("Occupancy: %1 threads and %2 of shared memory per block")
                      .arg(threads)
                      .arg(bytesText(double(shared)));
    if (!run->device.name.empty())
        m_titleText += tr(" — %1").arg(QString::fromStdString(run->device.name));
    if (m_axis != OccupancyAxis::Registers) {
        addSweepLines(*run, points);
        setLegendBelow(p, true);
        fit();
        p->replot();
        return;
    }
    std::uint32_t lo = kFewestRegisters, hi = kMostRegisters;
    for (const OccupancyPoint& pt : points) {
        lo = std::min(lo, std::max<std::uint32_t>(1, pt.registersPerThread));
        hi = std::max(hi, pt.registersPerThread);
    }
    // The model's line: one step per register count, and where its
    // limiting factor changes, the stretch's name.
    QCPGraph* model = p->addGraph();
    model->setName(tr("model: registers, threads, shared memory and block slots per SM"));
    model->setPen(QPen(palette::text(), 2));
    model->setLineStyle(QCPGraph::lsStepLeft);
    std::string limit;
    for (std::uint32_t r = lo; r <= hi; ++r) {
        const OccupancyLimits l = memkinds::predictOccupancy(run->device, r, threads, shared);
        model->addData(double(r), double(l.blocks));
        m_maxBlocks = std::max(m_maxBlocks, double(l.blocks));
        if (l.limitedBy == limit) continue;
        limit = l.limitedBy;
        auto* t = new QCPItemText(p);
        t->setText(tr("limited by %1").arg(QString::fromStdString(limit)));
        t->setFont(font());
        t->setColor(palette::text());
        t->setBrush(palette::labelPlate());
        t->setPadding(QMargins(4, 1, 4, 3));
        t->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        t->position->setCoords(double(r), double(l.blocks));
        m_limitItems.push_back(t);
    }
    QCPGraph* runtime = p->addGraph();
    runtime->setName(tr("the runtime's prediction (occupancy API)"));
    runtime->setLineStyle(QCPGraph::lsNone);
    const QColor rc = palette::seriesColour(1);
    runtime->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(rc, 2.5), Qt::NoBrush, 16));
    QCPGraph* measured = p->addGraph();
    measured->setName(tr("measured: most blocks at once on one SM"));
    measured->setLineStyle(QCPGraph::lsNone);
    const QColor mc = palette::seriesColour(0);
    measured->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, mc, mc, 10));
    for (const OccupancyPoint& pt : points) {
        runtime->addData(double(pt.registersPerThread), double(pt.predictedBlocksPerSm));
        measured->addData(double(pt.registersPerThread), double(pt.measuredBlocksPerSm));
        m_maxBlocks = std::max(
            {m_maxBlocks, double(pt.predictedBlocksPerSm), double(pt.measuredBlocksPerSm)});
    }
    p->xAxis->setRange(double(lo) - 6, double(hi) + 6);
    setLegendBelow(p, true);
    fit();
    p->replot();
}

void OccupancyPlot::addSweepLines(const Run& run, const std::vector<OccupancyPoint>& points) {
    QCustomPlot* p = m_plot;
    const bool byThreads = m_axis == OccupancyAxis::Threads;
    const OccupancyPoint& first = points.front();
    const DeviceInfo& device = run.device;
    // Threads in whole warps up to the block limit; shared memory in KiB up
    // to what one block may ask for.
    const double most = byThreads ? std::max(device.maxThreadsPerBlock, 1024)
                                  : std::max(device.sharedMemPerBlockOptin, 1) / 1024.0;
    const double step = byThreads ? 32 : 1;
    const double own = byThreads ? first.threadsPerBlock : first.sharedBytesPerBlock / 1024.0;
    p->xAxis->setLabel(byThreads ? tr("threads per block") : tr("shared memory per block (KiB)"));
    m_titleText =
        byThreads ? tr("Occupancy against threads (%1 shared)")
                        .arg(bytesText(double(first.sharedBytesPerBlock)))
                  : tr("Occupancy against shared memory (%1 threads)").arg(first.threadsPerBlock);
    // The device's name stays out: beside the sweep's numbers it wrapped the
    // title onto the axis label in a laptop's dock.
    int series = 0;
    for (const OccupancyPoint& cap : threeCaps(points)) {
        const QColor colour = palette::seriesColour(series);
        QCPGraph* line = p->addGraph();
        line->setName(tr("model, %1 registers").arg(cap.registersPerThread));
        line->setPen(QPen(colour, 2.5));
        line->setLineStyle(QCPGraph::lsStepLeft);
        for (double x = step; x <= most + 1e-9; x += step) {
            const auto threads = std::uint32_t(byThreads ? x : first.threadsPerBlock);
            const auto shared = std::uint32_t(byThreads ? first.sharedBytesPerBlock : x * 1024);
            const double blocks =
                memkinds::predictOccupancy(device, cap.registersPerThread, threads, shared).blocks;
            line->addData(x, blocks);
            m_maxBlocks = std::max(m_maxBlocks, blocks);
        }
        QCPGraph* measured = p->addGraph();
        measured->setName(tr("measured, %1 registers").arg(cap.registersPerThread));
        measured->setLineStyle(QCPGraph::lsNone);
        measured->setScatterStyle(QCPScatterStyle(seriesShape(series), colour, colour, 12));
        measured->addData(own, double(cap.measuredBlocksPerSm));
        m_maxBlocks = std::max(m_maxBlocks, double(cap.measuredBlocksPerSm));
        ++series;
    }
    // A little room left of 0: the run's own point sits there without shared memory.
    p->xAxis->setRange(-most * 0.03, most * 1.03);
}

void OccupancyPlot::fit() {
    QCustomPlot* p = m_plot;
    if (!fitPlotFrame(p, m_title, font(), m_titleText, width(),
                      m_axis == OccupancyAxis::Registers ? 1 : 3, m_message))
        return;
    // Room above the top step for its name.
    const QRect rect = axisRectNow(p);
    const double h = std::max(40, rect.height());
    const double label = QFontMetrics(font()).height() + 8;
    const double reserved = std::min(0.5 * h, label + 4);
    p->yAxis->setRange(0, std::max(1.0, m_maxBlocks) / (1 - reserved / h));
    // A name that would run past the axes' right end ends there instead.
    for (QCPItemText* t : m_limitItems) {
        const double w = QFontMetrics(t->font()).horizontalAdvance(t->text()) + 8;
        const double x = p->xAxis->coordToPixel(t->position->key());
        t->setPositionAlignment((x + w > rect.right() ? Qt::AlignRight : Qt::AlignLeft) |
                                Qt::AlignBottom);
    }
}

}  // namespace ws
