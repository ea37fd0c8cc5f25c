#include "widgets/plots/launch_stats_view.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QVBoxLayout>

#include "core/profile/occupancy_prediction.h"
#include "widgets/plots/plot_style.h"
#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

QCustomPlot* makePlot(QWidget* parent) {
    auto* plot = new QCustomPlot(parent);
    plot->setInteractions(QCP::iSelectPlottables);
    plot->setMinimumHeight(120);
    return plot;
}

}  // namespace

LaunchStatsView::LaunchStatsView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_summary(new QLabel(this)),
      m_durations(makePlot(this)),
      m_sms(makePlot(this)) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_summary->setWordWrap(true);
    v->addWidget(m_summary);
    v->addWidget(m_durations, 1);
    v->addWidget(m_sms, 1);
    connect(model, &PlaybackModel::runChanged, this, &LaunchStatsView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] {
        if (m_model->prepared() && launchToShow() != m_launch) rebuild();
    });
    connect(model, &PlaybackModel::selectionChanged, this, [this] {
        if (m_model->prepared() && launchToShow() != m_launch) rebuild();
    });
    for (QCustomPlot* plot : {m_durations, m_sms})
        connect(plot, &QCustomPlot::plottableClick, this, &LaunchStatsView::onPlotClick);
    connect(UiScale::instance(), &UiScale::changed, this, &LaunchStatsView::rebuild);
    connect(ColourScheme::instance(), &ColourScheme::changed, this, &LaunchStatsView::rebuild);
    rebuild();
}

void LaunchStatsView::restyle() {
    for (QCustomPlot* plot : {m_durations, m_sms}) {
        styleAxes(plot, font());
        plot->setBackground(palette::background());
        plot->yAxis2->setTickLabelFont(plot->yAxis->tickLabelFont());
        plot->yAxis2->setLabelFont(plot->yAxis->labelFont());
        plot->yAxis2->setBasePen(plot->yAxis->basePen());
        plot->yAxis2->setTickPen(plot->yAxis->tickPen());
        plot->yAxis2->setTickLabelColor(palette::text());
        plot->yAxis2->setLabelColor(palette::text());
    }
}

int LaunchStatsView::launchToShow() const {
    const PreparedRun* p = m_model->prepared();
    if (!p || p->run->launches.empty()) return -1;
    // The selected block's launch: at the end of a run the playhead's launch
    // is its last, often a tiny one (a reduction's final pass).
    const BlockRef sel = m_model->selected();
    if (sel.valid() && std::size_t(sel.launch) < p->run->launches.size()) return sel.launch;
    return std::max(0, p->launchAt(m_model->time()));
}

void LaunchStatsView::rebuild() {
    restyle();
    m_durations->clearPlottables();
    m_sms->clearPlottables();
    const PreparedRun* p = m_model->prepared();
    if (!p || p->run->launches.empty()) {
        m_launch = -1;
        m_stats = {};
        m_summary->setText(tr("No run loaded."));
        m_durations->replot();
        m_sms->replot();
        return;
    }
    m_launch = launchToShow();
    const Launch& l = p->run->launches[std::size_t(m_launch)];
    // The kernel's registers and static shared memory, where the profile
    // read them from its cubin: the ceiling then counts them as the
    // counters view's does.
    m_stats = launchStatistics(l, p->run->device, 20,
                               profiledBlockResources(*p->run).value_or(BlockResources{}));
    m_summary->setText(summaryText());
    if (l.blocks.size() == 0) {
        m_durations->replot();
        m_sms->replot();
        return;
    }

    // Durations in µs: a bar per bin, its blocks counted.
    auto* bars = new QCPBars(m_durations->xAxis, m_durations->yAxis);
    const auto& h = m_stats.durations;
    QVector<double> x, y;
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        x << (h.firstNs + (double(i) + 0.5) * h.binNs) / 1000.0;
        y << h.counts[i];
    }
    bars->setData(x, y);
    bars->setWidth(h.binNs / 1000.0 * 0.9);
    bars->setBrush(palette::okabeIto(4));
    bars->setPen(QPen(palette::text(), ui::px(0.5)));
    bars->setSelectable(QCP::stSingleData);
    m_durations->xAxis->setLabel(tr("block duration (µs)"));
    m_durations->yAxis->setLabel(tr("blocks"));
    m_durations->rescaleAxes();
    m_durations->xAxis->scaleRange(1.1, m_durations->xAxis->range().center());
    m_durations->yAxis->setRangeLower(0);
    m_durations->yAxis->setRangeUpper(m_durations->yAxis->range().upper * 1.1);

    // Per SM: blocks as bars, busy time as points on the right axis, so the
    // two read apart by shape as well as colour.
    auto* smBars = new QCPBars(m_sms->xAxis, m_sms->yAxis);
    auto* busy = new QCPGraph(m_sms->xAxis, m_sms->yAxis2);
    QVector<double> sx, sy, sb;
    for (const SmLoad& s : m_stats.sms) {
        sx << s.sm;
        sy << s.blocks;
        sb << s.busyNs / 1000.0;
    }
    smBars->setData(sx, sy);
    smBars->setWidth(0.8);
    smBars->setBrush(palette::okabeIto(2));
    smBars->setPen(Qt::NoPen);
    smBars->setSelectable(QCP::stSingleData);
    busy->setData(sx, sb);
    busy->setLineStyle(QCPGraph::lsNone);
    busy->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, palette::okabeIto(5),
                                          palette::okabeIto(5), ui::px(6)));
    busy->setSelectable(QCP::stNone);
    m_sms->xAxis->setLabel(tr("SM"));
    m_sms->yAxis->setLabel(tr("blocks (bars)"));
    m_sms->yAxis2->setLabel(tr("busy µs (◆)"));
    m_sms->yAxis2->setVisible(true);
    m_sms->rescaleAxes();
    m_sms->xAxis->setRange(m_sms->xAxis->range().lower - 1, m_sms->xAxis->range().upper + 1);
    m_sms->yAxis->setRangeLower(0);
    m_sms->yAxis->setRangeUpper(m_sms->yAxis->range().upper * 1.15);
    m_sms->yAxis2->setRangeLower(0);
    m_sms->yAxis2->setRangeUpper(m_sms->yAxis2->range().upper * 1.15);
    m_durations->replot();
    m_sms->replot();
}

QString LaunchStatsView::summaryText() const {
    const PreparedRun* p = m_model->prepared();
    if (!p || m_launch < 0) return tr("No run loaded.");
    const std::size_t blocks = p->run->launches[std::size_t(m_launch)].blocks.size();
    QString text = tr("Launch %1 of %2: %3 %4 on %5 %6 over %7; tail %8 (last block start to end)")
                       .arg(m_launch + 1)
                       .arg(p->run->launches.size())
                       .arg(blocks)
                       .arg(blocks == 1 ? tr("block") : tr("blocks"))
                       .arg(m_stats.sms.size())
                       .arg(m_stats.sms.size() == 1 ? tr("SM") : tr("SMs"))
                       .arg(formatDuration(m_stats.spanNs), formatDuration(m_stats.tailNs));
    text += tr(". Occupancy achieved %1 %").arg(m_stats.achievedOccupancy * 100, 0, 'f', 0);
    if (m_stats.theoreticalOccupancy && m_stats.theoreticalRegisters > 0)
        text += tr(", at most %1 % (%2 blocks per SM, limited by %3; %4 registers a thread)")
                    .arg(*m_stats.theoreticalOccupancy * 100, 0, 'f', 0)
                    .arg(m_stats.theoreticalBlocksPerSm)
                    .arg(QString::fromStdString(m_stats.theoreticalLimit))
                    .arg(m_stats.theoreticalRegisters);
    else if (m_stats.theoreticalOccupancy)
        text += tr(", at most %1 % by threads, blocks and shared memory (%2 blocks per SM; "
                   "registers were not recorded and may allow fewer)")
                    .arg(*m_stats.theoreticalOccupancy * 100, 0, 'f', 0)
                    .arg(m_stats.theoreticalBlocksPerSm);
    return text + QLatin1Char('.');
}

void LaunchStatsView::markDurationBin(int bin) {
    if (bin < 0 || bin >= int(m_stats.durations.records.size())) return;
    std::vector<BlockRef> refs;
    for (std::uint32_t r : m_stats.durations.records[std::size_t(bin)])
        refs.push_back({m_launch, int(r)});
    if (!refs.empty()) m_model->setSelected(refs.front());
    m_model->setMarked(std::move(refs));
}

void LaunchStatsView::markSm(std::size_t index) {
    const PreparedRun* p = m_model->prepared();
    if (!p || index >= m_stats.sms.size()) return;
    const BlockRecords& b = p->run->launches[std::size_t(m_launch)].blocks;
    std::vector<BlockRef> refs;
    for (std::size_t i = 0; i < b.size(); ++i)
        if (b.sm[i] == m_stats.sms[index].sm) refs.push_back({m_launch, int(i)});
    if (!refs.empty()) m_model->setSelected(refs.front());
    m_model->setMarked(std::move(refs));
}

void LaunchStatsView::onPlotClick(QCPAbstractPlottable* plottable, int index, QMouseEvent*) {
    if (plottable->parentPlot() == m_durations)
        markDurationBin(index);
    else if (qobject_cast<QCPBars*>(plottable))
        markSm(std::size_t(index));
}

}  // namespace ws
