#include "widgets/memkinds/constant_broadcast_view.h"

#include <qcustomplot.h>

#include <QBoxLayout>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "core/memkinds/constant_broadcast.h"
#include "core/memkinds/memkinds_settings.h"
#include "core/memkinds/memkinds_tables.h"
#include "widgets/memkinds/memkinds_plot_pieces.h"
#include "widgets/plots/plot_style.h"
#include "widgets/view/lane_numbers.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

using memkinds::ConstantPath;
using memkinds::ConstantPoint;

constexpr int kLanes = 32;
// Okabe & Ito: the pass at work orange, lanes already served bluish green.
QColor servingColour() { return QColor(QRgb(0xE69F00)); }
QColor servedColour() { return QColor(QRgb(0x009E73)); }

QString pathName(ConstantPath path) {
    switch (path) {
        case ConstantPath::Constant:
            return QObject::tr("__constant__");
        case ConstantPath::Global:
            return QObject::tr("global");
        case ConstantPath::ReadOnly:
            return QObject::tr("__ldg");
    }
    return {};
}

// "1, 5, 9, 13" or "1, 5, 9 … 29": the lanes a pass serves.
QString laneList(const std::vector<int>& lanes) {
    QStringList parts;
    if (lanes.size() <= 6) {
        for (int l : lanes) parts << QString::number(l);
        return parts.join(QStringLiteral(", "));
    }
    return QStringLiteral("%1, %2, %3 … %4")
        .arg(lanes[0])
        .arg(lanes[1])
        .arg(lanes[2])
        .arg(lanes.back());
}

// The lanes and words, painted for the view that owns them.
class ConstantLanes : public QWidget {
public:
    ConstantLanes(const ConstantBroadcastView* view, QWidget* parent)
        : QWidget(parent), m_view(view) {
        setAttribute(Qt::WA_OpaquePaintEvent);
    }
    QSize minimumSizeHint() const override { return {260, 240}; }
    QSize sizeHint() const override { return {620, 440}; }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    const ConstantBroadcastView* m_view;
};

void ConstantLanes::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette::background());
    const ConstantBroadcastView& v = *m_view;
    if (!v.message().isEmpty()) return;
    const QFontMetrics fm(font());
    const QFont bold = titleFont(font());
    const QFontMetrics bfm(bold);
    const int w = width() - 16;
    // The headline, then the pass at work, each wrapped to the width.
    int y = 6;
    const QString head = wrapToWidth(bfm, v.headline(), w);
    const int headLines = int(head.count(QLatin1Char('\n'))) + 1;
    p.setFont(bold);
    p.setPen(palette::text());
    p.drawText(QRect(8, y, w, headLines * bfm.height()), Qt::AlignLeft | Qt::AlignTop, head);
    y += headLines * bfm.height() + 4;
    p.setFont(font());
    const QString pass = wrapToWidth(fm, v.passText(), w);
    const int passLines = int(pass.count(QLatin1Char('\n'))) + 1;
    p.drawText(QRect(8, y, w, passLines * fm.height()), Qt::AlignLeft | Qt::AlignTop, pass);
    y += passLines * fm.height() + 8;

    // The key at the bottom, measured first so the rest fits above it.
    const std::vector<LegendItem> key = {{servedColour(), QObject::tr("served by an earlier pass")},
                                         {servingColour(), QObject::tr("served by this pass")},
                                         {palette::cellFill(), QObject::tr("waiting")}};
    const int keyHeight = legendHeight(font(), w, key);
    const int bottom = height() - keyHeight - 8;

    const int left = 8 + fm.horizontalAdvance(QObject::tr("words")) + 8;
    const double cw = double(width() - 8 - left) / kLanes;
    const int laneH = fm.height() + 8;
    const int wordH = 2 * fm.height() + 8;
    // The links take most of the room left (their slopes read better long),
    // and the lanes, links and words stand in the middle of what remains.
    const int spare = bottom - y - laneH - wordH;
    const int gap = std::clamp(spare * 3 / 4, fm.height(), 12 * fm.height());
    const int laneTop = y + std::max(0, (spare - gap) / 2);
    const int wordTop = laneTop + laneH + gap;

    const std::uint32_t current = v.currentPass();
    const std::vector<std::uint32_t> words = v.passWords();
    const auto passOf = [&](std::uint32_t word) {
        return std::uint32_t(std::find(words.begin(), words.end(), word) - words.begin());
    };
    const auto fillOf = [&](std::uint32_t p) {
        return p < current ? servedColour() : p == current ? servingColour() : palette::cellFill();
    };
    // Word boxes: evenly over the lanes' width, at most four lanes wide each.
    const double slot = double(width() - 8 - left) / std::max<std::size_t>(1, words.size());
    const double boxW = std::min(slot - 4, 4 * cw);
    auto wordRect = [&](std::size_t i) {
        const double cx = left + slot * (double(i) + 0.5);
        return QRectF(cx - boxW / 2, wordTop, boxW, wordH);
    };
    auto laneRect = [&](int lane) { return QRectF(left + lane * cw, laneTop, cw, laneH); };

    // Links first, the pass at work on top.
    for (int round = 0; round < 2; ++round)
        for (int lane = 0; lane < kLanes && std::size_t(lane) < v.laneWords().size(); ++lane) {
            const std::uint32_t pw = passOf(v.laneWords()[std::size_t(lane)]);
            const bool lit = pw == current;
            if (lit != (round == 1)) continue;
            // The others quiet, in the muted text colour half see-through:
            // a darkened grid colour vanished on the dark scheme.
            QColor quiet = palette::mutedText();
            quiet.setAlpha(110);
            p.setPen(lit ? QPen(servingColour(), 3) : QPen(quiet, 1.2));
            p.drawLine(QPointF(laneRect(lane).center().x(), laneRect(lane).bottom()),
                       QPointF(wordRect(pw).center().x(), wordRect(pw).top()));
        }
    // Lanes.
    const LaneNumbers numbers = laneNumbersFor(font(), cw);
    for (int lane = 0; lane < kLanes && std::size_t(lane) < v.laneWords().size(); ++lane) {
        const std::uint32_t pw = passOf(v.laneWords()[std::size_t(lane)]);
        const QRectF r = laneRect(lane).adjusted(0.5, 0.5, -0.5, -0.5);
        p.setPen(pw == current ? QPen(palette::text(), 2.5) : QPen(palette::mutedText(), 1));
        p.setBrush(fillOf(pw));
        p.drawRect(r);
    }
    p.setFont(numbers.font);
    const QFontMetrics nfm(numbers.font);
    p.setPen(palette::text());
    for (int lane = 0; lane < kLanes; lane += numbers.every) {
        const QRectF r = laneRect(lane);
        const QString n = QString::number(lane);
        const double tw = std::max(r.width(), double(nfm.horizontalAdvance(n)) + 2);
        const QRectF box(r.center().x() - tw / 2, r.top(), tw, r.height());
        // A number wider than its cell on a plate of the cell's colour, so
        // the neighbours' borders do not cross it.
        if (numbers.plates && tw > r.width())
            p.fillRect(box.adjusted(0, 2, 0, -2), fillOf(passOf(v.laneWords()[std::size_t(lane)])));
        p.drawText(box, Qt::AlignCenter, n);
    }
    p.setFont(font());
    p.setPen(palette::mutedText());
    p.drawText(QRectF(0, laneTop, left - 6, laneH), Qt::AlignRight | Qt::AlignVCenter,
               QObject::tr("lane"));
    p.drawText(QRectF(0, wordTop, left - 6, wordH), Qt::AlignRight | Qt::AlignVCenter,
               QObject::tr("words"));
    // Words: the index, and the pass that serves it, where they fit.
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
    const QFontMetrics sfm(small);
    // One form for every box, as the widest needs it: "word 32" over "pass 2",
    // the index alone, or nothing where even that does not fit.
    enum class Words { Both, Index, None };
    Words form = Words::Both;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const double room = wordRect(i).width() - 4;
        if (fm.horizontalAdvance(QObject::tr("word %1").arg(words[i])) > room ||
            fm.horizontalAdvance(QObject::tr("pass %1").arg(i + 1)) > room)
            form = std::max(form, Words::Index);
        if (sfm.horizontalAdvance(QString::number(words[i])) > room + 2) form = Words::None;
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
        const QRectF r = wordRect(i);
        p.setPen(i == current ? QPen(palette::text(), 2.5) : QPen(palette::mutedText(), 1));
        p.setBrush(fillOf(std::uint32_t(i)));
        p.drawRect(r);
        p.setPen(palette::text());
        if (form == Words::Both) {
            p.drawText(r.adjusted(2, 3, -2, 0), Qt::AlignHCenter | Qt::AlignTop,
                       QObject::tr("word %1").arg(words[i]));
            p.drawText(r.adjusted(2, 0, -2, -3), Qt::AlignHCenter | Qt::AlignBottom,
                       QObject::tr("pass %1").arg(i + 1));
        } else if (form == Words::Index) {
            p.setFont(small);
            p.drawText(r, Qt::AlignCenter, QString::number(words[i]));
            p.setFont(font());
        }
    }
    p.setFont(font());
    drawLegend(p, QRect(8, bottom + 4, w, keyHeight), key);
}

}  // namespace

ConstantBroadcastView::ConstantBroadcastView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_layout(new QBoxLayout(QBoxLayout::LeftToRight, this)),
      m_lanes(new ConstantLanes(this, this)),
      m_chart(new QCustomPlot(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);
    m_layout->addWidget(m_lanes, 3);
    m_layout->addWidget(m_chart, 2);
    followColourScheme(m_chart, [this] { rebuildChart(); });
    keepTickLabelsApart(m_chart);
    m_chart->setMinimumWidth(kNarrowestPlot);
    connect(model, &PlaybackModel::runChanged, this, &ConstantBroadcastView::rebuild);
    connect(model, &PlaybackModel::timeChanged, m_lanes, qOverload<>(&QWidget::update));
    fitDirection();
    rebuild();
}

std::uint32_t ConstantBroadcastView::currentPass() const {
    const double span = m_model->duration();
    if (!(span > 0) || m_passes <= 1) return 0;
    const double f = std::clamp(m_model->time() / span, 0.0, 1.0);
    return std::min(m_passes - 1, std::uint32_t(f * m_passes));
}

std::vector<std::uint32_t> ConstantBroadcastView::passWords() const {
    std::vector<std::uint32_t> words;
    for (std::uint32_t w : m_laneWords)
        if (std::find(words.begin(), words.end(), w) == words.end()) words.push_back(w);
    return words;
}

QString ConstantBroadcastView::headline() const {
    const QString indices =
        m_distinct == 1 ? tr("1 distinct index") : tr("%1 distinct indices").arg(m_distinct);
    const QString passes =
        m_passes == 1 ? tr("1 pass (a broadcast)") : tr("%1 passes").arg(m_passes);
    const QString sectors = m_sectors == 1 ? tr("1 sector") : tr("%1 sectors").arg(m_sectors);
    return tr("%1: %2; global: %3 in one request").arg(indices, passes, sectors);
}

QString ConstantBroadcastView::passText() const {
    const std::vector<std::uint32_t> words = passWords();
    if (words.empty()) return {};
    const std::uint32_t pass =
        std::min<std::uint32_t>(currentPass(), std::uint32_t(words.size() - 1));
    std::vector<int> lanes;
    for (std::size_t l = 0; l < m_laneWords.size(); ++l)
        if (m_laneWords[l] == words[pass]) lanes.push_back(int(l));
    const QString who = lanes.size() == std::size_t(kLanes) ? tr("all 32 lanes read")
                        : lanes.size() == 1                 ? tr("lane %1 reads").arg(lanes[0])
                                            : tr("lanes %1 read").arg(laneList(lanes));
    return tr("pass %1 of %2: %3 word %4").arg(pass + 1).arg(m_passes).arg(who).arg(words[pass]);
}

void ConstantBroadcastView::rebuild() {
    const Run* run = m_model->run();
    const auto rows = run ? memkinds::readConstant(*run)
                          : Result<std::vector<ConstantPoint>>(std::vector<ConstantPoint>{});
    m_message = tableMessage(rows, tr("Run constant-memory to see a warp read __constant__ "
                                      "memory: one pass per distinct index."));
    m_distinct = 4;
    if (const auto settings = run ? memkindsSettingsOf(*run) : std::nullopt;
        settings && settings->is(MemkindsExperiment::Constant))
        m_distinct = settings->constant.distinct;
    m_laneWords = memkinds::laneIndices(m_distinct);
    m_passes = memkinds::constantPasses(m_laneWords);
    m_sectors = memkinds::sectorsTouched(m_laneWords);
    m_lanes->setVisible(m_message.isEmpty());
    m_chart->setVisible(m_message.isEmpty());
    rebuildChart();
    m_lanes->update();
    update();
}

void ConstantBroadcastView::rebuildChart() {
    QCustomPlot* c = m_chart;
    c->clearPlottables();
    c->clearItems();
    styleAxes(c, font());
    c->xAxis->setLabel(tr("distinct indices"));
    c->yAxis->setLabel(tr("cycles per load"));
    c->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    for (std::uint32_t d : memkinds::distinctCounts())
        ticks->addTick(double(d), QString::number(d));
    c->xAxis->setTicker(ticks);
    c->xAxis->setRange(0.75, 45);
    const Run* run = m_model->run();
    const auto rows = run ? memkinds::readConstant(*run)
                          : Result<std::vector<ConstantPoint>>(std::vector<ConstantPoint>{});
    double most = 1;
    if (rows) {
        const ConstantPath paths[] = {ConstantPath::Constant, ConstantPath::Global,
                                      ConstantPath::ReadOnly};
        for (int i = 0; i < 3; ++i) {
            QCPGraph* g = nullptr;
            for (const ConstantPoint& pt : rows.value()) {
                if (pt.path != paths[i]) continue;
                if (!g) {
                    g = c->addGraph();
                    g->setName(pathName(paths[i]));
                    const QColor colour = palette::seriesColour(i);
                    g->setPen(QPen(colour, i == 0 ? 3 : 2));
                    g->setScatterStyle(QCPScatterStyle(seriesShape(i), colour,
                                                       i == 0 ? colour : palette::background(), 9));
                }
                g->addData(double(pt.distinct), pt.cyclesPerLoad);
                most = std::max(most, pt.cyclesPerLoad);
            }
        }
    }
    auto* line = new QCPItemLine(c);
    for (QCPItemPosition* end : {line->start, line->end}) {
        end->setTypeX(QCPItemPosition::ptPlotCoords);
        end->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    line->start->setCoords(m_distinct, 0);
    line->end->setCoords(m_distinct, 1);
    line->setPen(QPen(palette::mutedText(), 1.5, Qt::DashLine));
    auto* label = new QCPItemText(c);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(m_distinct, 0);
    label->setPositionAlignment((m_distinct >= 8 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    label->setText(tr("this run"));
    label->setFont(font());
    label->setColor(palette::text());
    label->setBrush(palette::labelPlate());
    label->setPadding(QMargins(4, 1, 4, 1));
    c->setProperty("ws-most", most);
    setLegendBelow(c, c->graphCount() > 0);
    fitChart();
    c->replot();
}

void ConstantBroadcastView::fitChart() {
    QCustomPlot* c = m_chart;
    if (c->legend->visible()) fitLegendColumns(c->legend, std::max(120, c->width() - 16), 3);
    const QRect rect = axisRectNow(c);
    const double h = std::max(40, rect.height());
    const double reserved = std::min(0.5 * h, QFontMetrics(font()).height() + 8.0);
    c->yAxis->setRange(0, c->property("ws-most").toDouble() / (1 - reserved / h));
    // The value axis's label as long as the axis is: a short chart beside a
    // compared one cut "cycles per load" at both ends.
    const QString full = tr("cycles per load");
    c->yAxis->setLabel(
        QFontMetrics(c->yAxis->labelFont()).horizontalAdvance(full) + 8 <= h ? full : tr("cycles"));
}

void ConstantBroadcastView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (!m_message.isEmpty()) drawMessage(p, rect(), m_message);
}

void ConstantBroadcastView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuildChart();
    QWidget::changeEvent(e);
}

void ConstantBroadcastView::fitDirection() {
    // Side by side where the view is wide enough for the chart's axes in the
    // view's font, the chart under the lanes where it is not.
    const int line = QFontMetrics(font()).height();
    const bool wide = width() >= std::max(1.4 * height(), 45.0 * line);
    m_layout->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_layout->setStretch(0, wide ? 3 : 1);
    m_layout->setStretch(1, wide ? 2 : 1);
}

void ConstantBroadcastView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitDirection();
    fitChart();
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace ws
