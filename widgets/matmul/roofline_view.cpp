#include "widgets/matmul/roofline_view.h"

#include <qcustomplot.h>

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "widgets/plots/plot_style.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

constexpr int kMarkerSize = 9;  // px, the kernels' markers

constexpr double kMinIntensity = 0.05, kMaxIntensity = 500;

// Okabe & Ito without the yellow, which a line on white does not carry.
QColor seriesColourOf(int i) {
    static constexpr int order[] = {0, 1, 2, 4, 5, 6};
    return palette::okabeIto(order[i % 6]);
}
}  // namespace

RooflineView::RooflineView(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    rebuild();
}

void RooflineView::setData(const RooflineData& data) {
    m_data = data;
    rebuild();
}

void RooflineView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void RooflineView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    // The labels' height in decades of the axis changes with the plot's height.
    rebuild();
}

void RooflineView::fitLabels() {
    QCustomPlot* p = m_plot;
    // The plot's own resize event may still be pending (a view rendered before
    // it was shown): lay it out at the size it already has.
    if (p->viewport().size() != p->size()) p->setViewport(p->rect());
    // "FP32 peak ..." is two lines above the peak roof: on a short plot they
    // reach past the top of the axis, where they would be cut. Each pass
    // raises the top (log axis: by the missing pixels' share of decades).
    for (int attempt = 0; attempt < 5; ++attempt) {
        p->replot();
        fitRoofLabels();
        const QRect area = p->axisRect()->rect();
        double highest = area.top() + 2;
        for (QCPItemText* t : m_roofLabels)
            highest = std::min(highest, t->topLeft->pixelPosition().y());
        const double missing = area.top() + 2 - highest;
        if (missing <= 0) break;
        const QCPRange r = p->yAxis->range();
        const double decades = std::log10(r.upper / r.lower);
        const double perPixel = decades / std::max(1, area.height() - int(missing));
        p->yAxis->setRangeUpper(r.upper * std::pow(10, 1.2 * missing * perPixel));
    }
    fitRoofLabels();  // at the range the passes left
    // The notes' lines as wide as the plot allows (at a projector's font a
    // half-width plot is narrower than one line of them).
    const int width = int(p->axisRect()->rect().width() * 0.94);
    for (auto& [item, text] : m_notes)
        item->setText(wrapToWidth(QFontMetrics(item->font()), text, width));
    p->replot();
}

void RooflineView::fitRoofLabels() {
    QCustomPlot* p = m_plot;
    const QRect area = p->axisRect()->rect();
    // The peak's lines no wider than the plot: whole, its second line
    // reached left over the axis's "10^5".
    if (m_peak.first)
        m_peak.first->setText(wrapToWidth(QFontMetrics(m_peak.first->font()), m_peak.second,
                                          int(area.width() * 0.9)));
    // The memory's along its roof, from near the plot's left to the ridge:
    // level, the roof rose through it, and a long source was cut at the right.
    if (m_memory.first) {
        const double ridge =
            m_data.peakGflops > 0 ? m_data.peakGflops / m_data.memoryGBs : kMaxIntensity;
        const double x1 = std::min(ridge, kMaxIntensity);
        const auto at = [&](double x) {
            return QPointF(p->xAxis->coordToPixel(x), p->yAxis->coordToPixel(roofAt(x)));
        };
        const QPointF far = at(x1), near = at(kMinIntensity);
        const double angle = std::atan2(far.y() - near.y(), far.x() - near.x());
        QCPItemText* t = m_memory.first;
        const double height = QFontMetrics(t->font()).height() + 4;
        // Turned about its bottom left, the label's top left swings back by
        // its height times the slope's sine: the start moves in by as much.
        const double startX = area.left() + 4 + height * std::abs(std::sin(angle));
        const double x0 = p->xAxis->pixelToCoord(startX);
        t->position->setCoords(x0, roofAt(x0));
        t->setRotation(angle * 180.0 / M_PI);
        const QPointF start = at(x0);
        // It ends before the ridge, and before the peak's label where it
        // would run into it: where the text's top rises to the label's
        // bottom and the label reaches left over that point (a projector's
        // font, a two-line label), they met.
        QPointF end = far;
        if (m_peak.first && far.x() > start.x()) {
            const double peakLeft = std::min(m_peak.first->topLeft->pixelPosition().x(),
                                             m_peak.first->bottomLeft->pixelPosition().x());
            const double peakBottom = m_peak.first->bottomLeft->pixelPosition().y();
            const double slope = (far.y() - start.y()) / (far.x() - start.x());
            const double band =
                slope < 0 ? start.x() + (peakBottom + height - start.y()) / slope : far.x();
            const double meet = std::max(band, peakLeft - 8);
            if (meet < end.x()) end = at(p->xAxis->pixelToCoord(std::max(start.x(), meet)));
        }
        const double length = std::hypot(end.x() - start.x(), end.y() - start.y());
        // The roof's value stays; where it came from gives way first.
        const qsizetype paren = m_memory.second.indexOf(QStringLiteral(" ("));
        t->setText(fitCaptionPieces(
            QFontMetrics(t->font()), int(std::max(40.0, length - 12)),
            {{paren < 0 ? m_memory.second : m_memory.second.left(paren), kCaptionValue},
             {paren < 0 ? QString() : m_memory.second.mid(paren), 0}}));
        // Above the roof, unless more kernels' markers lie there than under
        // it: kernels that load from L1 and L2 sit above the memory roof,
        // and the seed's naive kernel drew its triangles over "2481". Off
        // the line by more than a marker's half, which it covered too.
        const int gap = 4 + kMarkerSize / 2 + 1;
        const bool under = markersBesideRoofLabel(start, angle, false) <
                           markersBesideRoofLabel(start, angle, true);
        t->setPositionAlignment(Qt::AlignLeft | (under ? Qt::AlignTop : Qt::AlignBottom));
        t->setPadding(under ? QMargins(0, gap, 0, 0) : QMargins(0, 0, 0, gap));
    }
}

int RooflineView::markersBesideRoofLabel(QPointF start, double angle, bool above) const {
    QCustomPlot* p = m_plot;  // plottable() has no const form
    const QCPItemText* t = m_memory.first;
    const QFontMetrics fm(t->font());
    const QPointF along(std::cos(angle), std::sin(angle));
    const QPointF up(std::sin(angle), -std::cos(angle));  // off the line, to the side above it
    const double width = fm.horizontalAdvance(t->text()) + kMarkerSize;
    const double reach = fm.height() + 4 + kMarkerSize + 1;  // the text, its gap, half a marker
    int count = 0;
    for (int i = 0; i < p->plottableCount(); ++i) {
        const auto* curve = qobject_cast<const QCPCurve*>(p->plottable(i));
        if (!curve) continue;
        for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it) {
            const QPointF v =
                QPointF(p->xAxis->coordToPixel(it->key), p->yAxis->coordToPixel(it->value)) - start;
            const double a = v.x() * along.x() + v.y() * along.y();
            const double off = (v.x() * up.x() + v.y() * up.y()) * (above ? 1 : -1);
            if (a > -kMarkerSize && a < width && off > -kMarkerSize / 2.0 && off < reach) ++count;
        }
    }
    return count;
}

double RooflineView::roofAt(double intensity) const {
    if (m_data.memoryGBs <= 0) return m_data.peakGflops;
    const double memory = m_data.memoryGBs * intensity;  // GB/s x FLOP/B = GFLOP/s
    return m_data.peakGflops > 0 ? std::min(m_data.peakGflops, memory) : memory;
}

void RooflineView::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearPlottables();  // the variants' QCPCurves too, not only the graphs
    p->clearItems();
    m_roofLabels.clear();
    m_peak = {};
    m_memory = {};
    m_notes.clear();
    m_variantCurves = 0;
    styleAxes(p, font());
    for (QCPAxis* a : {p->xAxis, p->yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setTicker(decadeTicker());
    }
    p->xAxis->setLabel(tr("arithmetic intensity (FLOP per byte loaded)"));
    p->yAxis->setLabel(tr("GFLOP/s"));
    p->xAxis->setRange(kMinIntensity, kMaxIntensity);
    double top = std::max({m_data.peakGflops, m_data.tensorPeakGflops, 1.0}), bottom = top;
    for (const auto& pt : m_data.points) {
        top = std::max(top, pt.gflops);
        bottom = std::min(bottom, pt.gflops);
    }
    // A decade below the slowest point, so the roofs and the points fill the plot.
    p->yAxis->setRange(std::max(1.0, std::pow(10, std::floor(std::log10(bottom)) - 1)), top * 2.5);
    p->legend->setVisible(!m_data.points.empty());
    if (p->plotLayout()->elementCount() < 2) {
        p->plotLayout()->addElement(1, 0, p->legend);
        p->plotLayout()->setRowStretchFactor(1, 0.001);
        p->legend->setBorderPen(Qt::NoPen);
    }

    // The roofs, as one line over a log-spaced set of intensities.
    if (m_data.peakGflops > 0 || m_data.memoryGBs > 0) {
        QVector<double> xs, ys;
        for (double x = kMinIntensity; x <= kMaxIntensity * 1.01; x *= 1.1) {
            xs << x;
            ys << roofAt(x);
        }
        QCPGraph* roof = p->addGraph();
        roof->setData(xs, ys, true);
        roof->setPen(QPen(palette::text(), 2.5));
        roof->setName(tr("roofs"));
        roof->removeFromLegend();
        auto label = [&](double x, double y, const QString& text, Qt::Alignment align) {
            auto* t = new QCPItemText(p);
            t->setPositionAlignment(align);
            t->position->setCoords(x, y);
            t->setText(text);
            t->setFont(font());
            t->setColor(palette::text());
            m_roofLabels.push_back(t);
            return t;
        };
        if (m_data.peakGflops > 0) {
            const QString text = tr("FP32 peak %1 GFLOP/s\n%2")
                                     .arg(m_data.peakGflops, 0, 'f', 0)
                                     .arg(m_data.peakText);
            m_peak = {label(kMaxIntensity * 0.8, m_data.peakGflops * 1.08, text,
                            Qt::AlignRight | Qt::AlignBottom),
                      text};
            m_peak.first->setTextAlignment(Qt::AlignRight);
        }
        if (m_data.tensorPeakGflops > 0) {
            // The tensor cores' roof, dashed: the memory roof runs on up to it.
            QVector<double> tx, ty;
            for (double x = kMinIntensity; x <= kMaxIntensity * 1.01; x *= 1.1) {
                tx << x;
                ty << (m_data.memoryGBs > 0
                           ? std::min(m_data.tensorPeakGflops, m_data.memoryGBs * x)
                           : m_data.tensorPeakGflops);
            }
            QCPGraph* tensor = p->addGraph();
            tensor->setData(tx, ty, true);
            tensor->setPen(QPen(palette::text(), 2, Qt::DashLine));
            tensor->removeFromLegend();
            const QString text = tr("BF16 tensor peak %1 GFLOP/s\n%2")
                                     .arg(m_data.tensorPeakGflops, 0, 'f', 0)
                                     .arg(m_data.tensorPeakText);
            label(kMaxIntensity * 0.8, m_data.tensorPeakGflops * 1.08, text,
                  Qt::AlignRight | Qt::AlignBottom)
                ->setTextAlignment(Qt::AlignRight);
        }
        if (m_data.memoryGBs > 0) {
            const QString text =
                tr("memory %1 GB/s (%2)").arg(m_data.memoryGBs, 0, 'f', 0).arg(m_data.memorySource);
            m_memory = {label(kMinIntensity * 1.3, roofAt(kMinIntensity * 1.3), text,
                              Qt::AlignLeft | Qt::AlignBottom),
                        text};
        }
        if (m_data.peakGflops > 0 && m_data.memoryGBs > 0) {
            const double ridge = m_data.peakGflops / m_data.memoryGBs;
            auto* line = new QCPItemStraightLine(p);
            line->point1->setCoords(ridge, 1);
            line->point2->setCoords(ridge, 10);
            line->setPen(QPen(palette::mutedText(), 1, Qt::DashLine));
            label(ridge * 1.05, 2, tr("ridge %1 FLOP/B").arg(ridge, 0, 'f', 1),
                  Qt::AlignLeft | Qt::AlignBottom);
        }
    }

    // The intensities count the bytes the threads load; where the caches
    // serve them, a point can stand above the DRAM roof, and the plot says why.
    const bool aboveMemoryRoof =
        m_data.memoryGBs > 0 &&
        std::any_of(m_data.points.begin(), m_data.points.end(), [&](auto& pt) {
            return !pt.measuredIntensity && pt.gflops > 1.05 * m_data.memoryGBs * pt.intensity;
        });
    if (aboveMemoryRoof) {
        auto* why = new QCPItemText(p);
        why->position->setType(QCPItemPosition::ptAxisRectRatio);
        why->position->setCoords(0.98, 0.97);
        why->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        const QString text =
            tr("points above the memory roof load from L1 and L2, not from DRAM: "
               "their intensity counts the bytes the threads load");
        why->setText(text);
        m_notes.push_back({why, text});
        why->setTextAlignment(Qt::AlignRight);
        why->setFont(font());
        why->setColor(palette::mutedText());
        why->setBrush(palette::labelPlate());  // the ridge's dashed line runs under it
    }
    if (!m_data.note.isEmpty()) {
        auto* note = new QCPItemText(p);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.02, 0.03);
        note->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        note->setTextAlignment(Qt::AlignLeft);
        note->setText(m_data.note);
        m_notes.push_back({note, m_data.note});
        note->setFont(font());
        note->setColor(palette::mutedText());
        note->setBrush(palette::labelPlate());
    }

    // One curve per variant: its sizes in order, a shape and a colour each.
    // Sizes placed by their counters and sizes placed by the load model are
    // joined apart: a line from one to the other would draw a change of
    // method as a change of the kernel.
    std::map<QString, std::vector<const RooflinePoint*>> byVariant;
    for (const auto& pt : m_data.points) byVariant[pt.variant].push_back(&pt);
    QStringList order = m_data.variants;
    for (const auto& [v, unused] : byVariant)
        if (!order.contains(v)) order << v;
    for (int i = 0; i < order.size(); ++i) {
        auto it = byVariant.find(order[i]);
        if (it == byVariant.end()) continue;
        auto points = it->second;
        std::sort(points.begin(), points.end(), [](auto* a, auto* b) { return a->n < b->n; });
        const QColor colour = seriesColourOf(i);
        bool named = false;
        for (const bool measured : {true, false}) {
            QVector<double> xs, ys;
            for (const RooflinePoint* pt : points)
                if (pt->measuredIntensity == measured) {
                    xs << pt->intensity;
                    ys << pt->gflops;
                }
            if (xs.isEmpty()) continue;
            QCPCurve* curve = new QCPCurve(p->xAxis, p->yAxis);
            curve->setData(xs, ys);
            curve->setPen(QPen(colour, 1.5));
            curve->setScatterStyle(
                QCPScatterStyle(seriesShape(i), colour, colour.lighter(130), kMarkerSize));
            curve->setName(order[i]);
            if (named) curve->removeFromLegend();
            named = true;
        }
        ++m_variantCurves;
    }
    // Points the load model placed (no counters) ringed with a dashed line.
    {
        QVector<double> xs, ys;
        for (const auto& pt : m_data.points)
            if (!pt.measuredIntensity) {
                xs << pt.intensity;
                ys << pt.gflops;
            }
        if (!xs.isEmpty()) {
            QCPGraph* model = p->addGraph();
            model->setData(xs, ys);
            model->setLineStyle(QCPGraph::lsNone);
            model->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                                   QPen(palette::mutedText(), 1.2, Qt::DashLine),
                                                   Qt::NoBrush, kMarkerSize + 8));
            model->setName(tr("load model, no counters"));
        }
    }
    // Each run with counters at its L2 and L1 bytes, joined to its DRAM point.
    if (!m_data.levelPoints.empty()) {
        QVector<double> xs, ys;
        for (const auto& pt : m_data.levelPoints) {
            xs << pt.intensity;
            ys << pt.gflops;
            const auto dram =
                std::find_if(m_data.points.begin(), m_data.points.end(), [&](auto& q) {
                    return q.variant == pt.variant && q.n == pt.n && q.measuredIntensity;
                });
            if (dram == m_data.points.end()) continue;
            auto* join = new QCPItemLine(p);
            join->start->setCoords(dram->intensity, dram->gflops);
            join->end->setCoords(pt.intensity, pt.gflops);
            join->setPen(QPen(palette::mutedText(), 1, Qt::DotLine));
        }
        QCPGraph* levels = p->addGraph();
        levels->setData(xs, ys);
        levels->setLineStyle(QCPGraph::lsNone);
        levels->setScatterStyle(QCPScatterStyle(
            QCPScatterStyle::ssDiamond, QPen(palette::mutedText(), 1.5), Qt::NoBrush, kMarkerSize));
        levels->setName(tr("L2 and L1 bytes (counters)"));
    }
    if (m_data.current) {
        QCPGraph* ring = p->addGraph();
        ring->setData({m_data.current->intensity}, {m_data.current->gflops});
        ring->setLineStyle(QCPGraph::lsNone);
        ring->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                              QPen(palette::selection(), 3), Qt::NoBrush, 22));
        ring->setName(tr("run on show"));
        // Without counters the ring stands where the load model puts it; the
        // legend says so (a label beside it covered the roofs' labels).
        if (m_data.measuredLevels.empty() && !m_data.current->measuredIntensity)
            ring->setName(tr("run on show (load model)"));
    }
    if (!m_data.measuredLevels.empty()) {
        // The same GFLOP/s over each level's bytes: joined by a dotted line,
        // each point named by its level.
        QCPGraph* levels = p->addGraph();
        QVector<double> xs, ys;
        for (const auto& pt : m_data.measuredLevels) {
            xs << pt.intensity;
            ys << pt.gflops;
        }
        levels->setData(xs, ys);
        levels->setPen(QPen(palette::text(), 1.5, Qt::DotLine));
        levels->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, palette::text(),
                                                palette::text(), kMarkerSize + 2));
        levels->setName(tr("run on show, measured bytes"));
        // Below and above the line in turn: L1 and L2 sit close together.
        for (std::size_t i = 0; i < m_data.measuredLevels.size(); ++i) {
            const auto& pt = m_data.measuredLevels[i];
            const bool below = i % 2 == 0;
            auto* label = new QCPItemText(p);
            label->position->setCoords(pt.intensity, pt.gflops);
            label->setPositionAlignment(Qt::AlignHCenter |
                                        (below ? Qt::AlignTop : Qt::AlignBottom));
            label->setPadding(below ? QMargins(0, 10, 0, 0) : QMargins(0, 0, 0, 10));
            label->setText(pt.level);
            label->setFont(font());
            label->setColor(palette::text());
        }
    }
    // As many legend columns as the width holds: four side by side held the
    // view wider than a narrow dock, where the last entry's glyph was cut.
    fitLegendColumns(p->legend, std::max(120, width() - 16), 4);
    p->setMinimumWidth(std::max(kNarrowestPlot, oneColumnLegendWidth(p->legend) + 16));
    fitLabels();
}

bool RooflineView::eventFilter(QObject* watched, QEvent* e) {
    if (watched != m_plot || e->type() != QEvent::MouseMove)
        return QWidget::eventFilter(watched, e);
    const QPointF pos = static_cast<QMouseEvent*>(e)->position();
    const RooflinePoint* best = nullptr;
    double bestDistance = 12;  // pixels
    std::vector<const RooflinePoint*> hoverable;
    for (const auto& pt : m_data.points) hoverable.push_back(&pt);
    for (const auto& pt : m_data.measuredLevels) hoverable.push_back(&pt);
    for (const auto& pt : m_data.levelPoints) hoverable.push_back(&pt);
    for (const RooflinePoint* at : hoverable) {
        const RooflinePoint& pt = *at;
        const double x = m_plot->xAxis->coordToPixel(pt.intensity);
        const double y = m_plot->yAxis->coordToPixel(pt.gflops);
        const double d = std::hypot(x - pos.x(), y - pos.y());
        if (d < bestDistance) {
            bestDistance = d;
            best = &pt;
        }
    }
    if (!best) {
        QToolTip::hideText();
        return false;
    }
    const double roof = roofAt(best->intensity);
    QToolTip::showText(
        static_cast<QMouseEvent*>(e)->globalPosition().toPoint(),
        tr("<b>%1</b>, n = %2<br>%3 GFLOP/s (%4 % of the roof there)<br>"
           "%5 FLOP per byte (%6)")
            .arg(best->variant)
            .arg(best->n)
            .arg(best->gflops, 0, 'f', 0)
            .arg(roof > 0 ? 100 * best->gflops / roof : 0, 0, 'f', 1)
            .arg(best->intensity, 0, 'g', 3)
            .arg(!best->level.isEmpty() ? tr("%1 bytes measured by the counters").arg(best->level)
                 : best->measuredIntensity ? tr("DRAM bytes measured")
                                           : tr("the kernel's loads, modelled")),
        m_plot);
    return false;
}

}  // namespace ws
