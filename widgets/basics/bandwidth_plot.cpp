#include "widgets/basics/bandwidth_plot.h"

#include <qcustomplot.h>

#include <QVBoxLayout>
#include <cmath>

#include "core/device/pcie_link.h"
#include "widgets/plots/plot_style.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {
QString bytesLabel(double b) {
    if (b >= double(1 << 30)) return QStringLiteral("%1 GiB").arg(b / double(1 << 30));
    if (b >= double(1 << 20)) return QStringLiteral("%1 MiB").arg(b / double(1 << 20));
    if (b >= 1024) return QStringLiteral("%1 KiB").arg(b / 1024);
    return QStringLiteral("%1 B").arg(b);
}
class BytesTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return bytesLabel(tick);
    }
};
}  // namespace

BandwidthPlot::BandwidthPlot(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    keepTickLabelsApart(m_plot);  // "16 MiB256 MiB" in a laptop's dock
    connect(model, &PlaybackModel::runChanged, this, &BandwidthPlot::rebuild);
    rebuild();
}

void BandwidthPlot::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void BandwidthPlot::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearGraphs();
    p->clearItems();
    p->clearPlottables();
    m_curves = 0;
    m_link.clear();
    m_floor.clear();
    m_floorNote = nullptr;
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
    p->xAxis->setLabel(tr("copy size"));
    p->yAxis->setLabel(tr("GB/s (log scale)"));
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> xt(new BytesTicker);
    xt->setLogBase(4);
    p->xAxis->setTicker(xt);
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    p->yAxis->setNumberFormat("gb");
    const Run* run = m_model->run();
    auto points = run && run->experiment == "host-device-bandwidth"
                      ? readTransfers(*run)
                      : Result<std::vector<TransferPoint>>(makeError("none"));
    if (!points) {
        auto* text = new QCPItemText(p);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.45);
        text->setText(
            run && run->experiment == "host-device-bandwidth"
                ? tr("The copies cannot be shown: %1").arg(QString::fromStdString(points.error()))
                : tr("Run host-device-bandwidth to see the copies."));
        text->setColor(palette::mutedText());
        p->replot();
        return;
    }
    const std::pair<CopyDirection, HostMemoryKind> kinds[] = {
        {CopyDirection::HostToDevice, HostMemoryKind::Pinned},
        {CopyDirection::DeviceToHost, HostMemoryKind::Pinned},
        {CopyDirection::HostToDevice, HostMemoryKind::Pageable},
        {CopyDirection::DeviceToHost, HostMemoryKind::Pageable},
        {CopyDirection::DeviceToDevice, HostMemoryKind::None},
        {CopyDirection::HostToHost, HostMemoryKind::Pageable}};
    const QCPScatterStyle::ScatterShape shapes[] = {
        QCPScatterStyle::ssDisc,    QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
        QCPScatterStyle::ssDiamond, QCPScatterStyle::ssCross,  QCPScatterStyle::ssPlus};
    double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
    int index = 0;
    for (auto [d, h] : kinds) {
        const auto s = seriesOf(*points, d, h);
        const int i = index++;
        if (s.empty()) continue;
        const QColor c = palette::seriesColour(i);
        QCPGraph* g = p->addGraph();
        g->setName(QString::fromStdString(seriesName(d, h)));
        g->setPen(QPen(c, 2.5, h == HostMemoryKind::Pageable ? Qt::DashLine : Qt::SolidLine));
        g->setScatterStyle(QCPScatterStyle(shapes[i], c, c, 8));
        auto* bars = new QCPErrorBars(p->xAxis, p->yAxis);
        bars->removeFromLegend();
        bars->setDataPlottable(g);
        bars->setPen(QPen(c, 1));
        for (const auto& pt : s) {
            const double gbs = pt.gbPerS();
            g->addData(double(pt.bytes), gbs);
            // Fast copies are the high end: min time is max GB/s.
            const double hi = double(pt.bytes) / (pt.minMs * 1e6),
                         lo = double(pt.bytes) / (pt.maxMs * 1e6);
            bars->addData(gbs - lo, hi - gbs);
            xMin = std::min(xMin, double(pt.bytes));
            xMax = std::max(xMax, double(pt.bytes));
            yMin = std::min(yMin, lo);
            yMax = std::max(yMax, hi);
        }
        ++m_curves;
        if (d == CopyDirection::HostToDevice && h == HostMemoryKind::Pinned) {
            const LinkFit fit = fitLatencyBandwidth(s);
            if (fit.ok) {
                QCPGraph* model = p->addGraph();
                model->setName(tr("fit: %1 µs + size / %2 GB/s")
                                   .arg(fit.latencyUs, 0, 'f', 1)
                                   .arg(fit.bandwidthGBs, 0, 'f', 1));
                model->setPen(QPen(c, 1.5, Qt::DotLine));
                for (double b = xMin; b <= xMax * 1.01; b *= 1.25)
                    model->addData(b, b / (fit.msFor(b) * 1e6));
                m_floor =
                    tr("below about %1 a copy costs its latency, %2 µs, whatever its size")
                        .arg(bytesLabel(std::pow(
                            2.0,
                            std::round(std::log2(fit.latencyUs * 1e-6 * fit.bandwidthGBs * 1e9)))))
                        .arg(fit.latencyUs, 0, 'f', 1);
            }
        }
    }
    auto horizontal = [&](double gbs, const QString& name, QColor c, Qt::PenStyle style) {
        QCPGraph* g = p->addGraph();
        g->setName(name);
        g->setPen(QPen(c, 2, style));
        g->addData(xMin / 4, gbs);
        g->addData(xMax * 4, gbs);
        yMax = std::max(yMax, gbs);
    };
    const PcieLink link = pcieLinkOf(run->environment);
    if (link.known()) {
        m_link = tr("%1: %2 GB/s per direction (%3 raw)")
                     .arg(QString::fromStdString(link.text()))
                     .arg(link.theoreticalGBs(), 0, 'f', 1)
                     .arg(link.rawGBs(), 0, 'f', 0);
        horizontal(link.theoreticalGBs(), m_link, palette::text(), Qt::DashDotLine);
    } else {
        m_link = tr("PCIe link not reported for this run (NVML)");
    }
    if (run->device.memBandwidthGBs > 0)
        horizontal(run->device.memBandwidthGBs / 2,
                   tr("device memory peak / 2: %1 GB/s (a copy reads and writes)")
                       .arg(run->device.memBandwidthGBs / 2, 0, 'f', 0),
                   palette::selection(), Qt::DotLine);
    if (!m_floor.isEmpty()) {
        auto* text = new QCPItemText(p);
        // Bottom right, under the large copies' curves (5 GB/s and up, two
        // decades above the axis's foot); at the top left the device
        // memory's line ran through it. On a plate, should a curve come near.
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.98, 0.97);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        text->setBrush(palette::labelPlate());
        text->setTextAlignment(Qt::AlignRight);
        text->setFont(f);
        text->setColor(palette::mutedText());
        m_floorNote = text;  // its text, wrapped to the axes, comes with the legend's fit
    }
    p->xAxis->setRange(xMin / 2, xMax * 2);
    p->yAxis->setRange(std::max(1e-4, yMin / 2), yMax * 3);
    fitLegend();
    p->replot();
}

// Two columns where the width holds them, else one, each name wrapped to
// the room: side by side in a narrow dock the entries were cut ("PCIe Gen5
// x16: 63.0 G").
void BandwidthPlot::fitLegend() {
    const int room = std::max(120, width() - 16);
    wrapLegendNames(m_plot->legend, room);
    fitLegendColumns(m_plot->legend, room, 2);
    m_plot->setMinimumWidth(kNarrowestPlot);  // the names wrap: the widest does not hold the dock
    // The latency note in lines the axes hold: whole, a laptop's dock cut it
    // at both ends ("osts its latency").
    if (m_floorNote)
        m_floorNote->setText(wrapToWidth(QFontMetrics(m_floorNote->font()), m_floor,
                                         std::max(60, axisRectNow(m_plot).width() - 16)));
}

void BandwidthPlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitLegend();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace ws
