#include "widgets/plots/throughput_plot.h"

#include <qcustomplot.h>

#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "widgets/plots/plot_style.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
// Powers of two read better as "64 Ki" or "16 Mi" than as 1.67772·10^7.
class BinaryTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return formatCount(tick);
    }
};
}  // namespace

ThroughputPlot::ThroughputPlot(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    keepTickLabelsApart(m_plot);
    connect(m_plot, &QCustomPlot::afterReplot, this, &ThroughputPlot::fitValueLabel);
    connect(m_plot, &QCustomPlot::afterReplot, this, &ThroughputPlot::fitLoneDotLabels);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    rebuild();
}

void ThroughputPlot::setData(const ThroughputData& data) {
    m_data = data;
    rebuild();
}

void ThroughputPlot::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitLegend();
    fitEmptyMessage();
    fitLoneDotLabels();
    m_plot->replot();
}

// The message of a plot with nothing to show, in lines as wide as the plot:
// on one line it was cut at both sides of a narrow plot.
void ThroughputPlot::fitEmptyMessage() {
    if (!m_emptyItem) return;
    m_emptyItem->setText(
        wrapToWidth(QFontMetrics(m_emptyItem->font()), m_emptyMessage, std::max(80, width() - 24)));
}

namespace {
// `name` broken over lines at its spaces so that no line (with the icon) is
// wider than `room`.
QString wrapName(const QString& name, int room, const QFontMetrics& fm, int icon) {
    if (fm.horizontalAdvance(name) + icon <= room) return name;
    QStringList lines{QString()};
    for (const QString& word : name.split(QLatin1Char(' '))) {
        const QString next = lines.back().isEmpty() ? word : lines.back() + ' ' + word;
        if (fm.horizontalAdvance(next) + icon > room && !lines.back().isEmpty())
            lines << word;
        else
            lines.back() = next;
    }
    return lines.join(QLatin1Char('\n'));
}
}  // namespace

ThroughputPlot::LegendPlace ThroughputPlot::chooseLegendPlace() const {
    QCPLegend* legend = m_plot->legend;
    const QFontMetrics fm(legend->font());
    const int icon = legend->iconSize().width() + legend->iconTextPadding() + 12;
    const int line = std::max(fm.height(), legend->iconSize().height()) + legend->rowSpacing();
    const int spacing = legend->columnSpacing();
    const int belowRoom = std::max(60, width() - 22), besideRoom = std::max(60, width() * 2 / 5);
    int entries = 0, widestBelow = 1, linesBelow = 0, linesBeside = 0, widestBeside = 1;
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        if (!item) continue;
        ++entries;
        const QString name = item->plottable()->name().replace(QLatin1Char('\n'), QLatin1Char(' '));
        for (const auto& [room, widest, lines] :
             {std::tuple{belowRoom, &widestBelow, &linesBelow},
              std::tuple{besideRoom, &widestBeside, &linesBeside}}) {
            const QStringList wrapped = wrapName(name, room, fm, icon).split(QLatin1Char('\n'));
            *lines += int(wrapped.size());
            for (const QString& l : wrapped)
                *widest = std::max(*widest, fm.horizontalAdvance(l) + icon);
        }
    }
    if (entries == 0) return LegendPlace::Below;
    // Below: in as many columns as fit, rows as tall as their tallest entry
    // (counted as if every entry of a row had the most lines: an upper bound).
    const int columns = std::max(1, (belowRoom + spacing) / (widestBelow + spacing));
    const int rows = (entries + columns - 1) / columns;
    const int below = rows * line * std::max(1, linesBelow / entries) + 14;
    const int beside = linesBeside * fm.height() + entries * legend->rowSpacing() + 16;
    // Beside, the axes keep what the widest entry leaves (a word longer
    // than the room is not broken): at least 200 px.
    const int axesBeside = width() - widestBeside - 16;
    const bool besideFits = beside <= height() - 8 && axesBeside >= 200;
    const bool wideAndShort = height() < 320 && width() >= 2 * height();
    // Below, the axes keep at least 110 px: a 148-px plot under a laptop's
    // memory lab kept 25 under four rows of legend, its entries cut.
    const bool axesKeepBelow = height() - below >= 110;
    if (wideAndShort && besideFits) return LegendPlace::Beside;
    if (below <= height() * 0.45 && axesKeepBelow) return LegendPlace::Below;
    if (besideFits && axesBeside >= width() * 0.55) return LegendPlace::Beside;
    if (below <= height() * 0.7 && axesKeepBelow) return LegendPlace::Below;
    if (besideFits) return LegendPlace::Beside;
    // Neither leaves the axes room: a legend squeezed further draws its
    // entries over each other. Say so instead.
    return LegendPlace::Hidden;
}

void ThroughputPlot::placeLegend(LegendPlace place) {
    QCPLayoutGrid* layout = m_plot->plotLayout();
    QCPLegend* legend = m_plot->legend;
    legend->setVisible(place != LegendPlace::Hidden && !m_empty);
    if (m_legendHint) {
        m_plot->removeItem(m_legendHint);
        m_legendHint = nullptr;
    }
    if (place == LegendPlace::Hidden) {
        if (legend->layout()) legend->layout()->take(legend);
        layout->simplify();
        auto* hint = new QCPItemText(m_plot);
        hint->position->setType(QCPItemPosition::ptAxisRectRatio);
        // Bottom right, on a plate of the background: the slow, small sizes
        // sit bottom left, and the peak line runs along the top.
        hint->position->setCoords(0.98, 0.97);
        hint->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        hint->setFont(legend->font());
        hint->setColor(palette::mutedText());
        QColor plate = palette::background();
        plate.setAlpha(220);
        hint->setBrush(plate);
        hint->setPadding(QMargins(3, 1, 3, 1));
        // In lines no wider than the axes can hold: whole, it was cut at
        // the left of a narrow plot ("large for names").
        hint->setTextAlignment(Qt::AlignRight);
        hint->setText(wrapToWidth(QFontMetrics(legend->font()),
                                  tr("%1 curves; enlarge for names").arg(m_plot->graphCount()),
                                  std::max(50, axisRectNow(m_plot).width() - 16)));
        m_legendHint = hint;
        return;
    }
    const bool beside = place == LegendPlace::Beside;
    const int row = beside ? 0 : 1, column = beside ? 1 : 0;
    if (layout->hasElement(row, column) && layout->element(row, column) == legend) return;
    if (legend->layout()) legend->layout()->take(legend);
    layout->simplify();
    layout->addElement(row, column, legend);
    if (beside) {
        layout->setColumnStretchFactor(1, 0.001);
        legend->setMargins(QMargins(4, 8, 4, 4));
    } else {
        layout->setRowStretchFactor(1, 0.001);
        legend->setMargins(QMargins(7, 5, 7, 4));
    }
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setBorderPen(Qt::NoPen);
}

void ThroughputPlot::fitValueLabel() {
    // The longest label that fits along the value axis: a short plot would
    // cut "throughput (GB/s, log scale)" to "throughput (GB/s, log sc". The
    // axis is as long as the last layout made it (the widget's height before
    // the first); afterReplot comes back here and replots once if that
    // changed the choice.
    if (m_yLabels.isEmpty()) return;
    const QFontMetrics fm(m_plot->yAxis->labelFont());
    const int laidOut = m_plot->axisRect() ? m_plot->axisRect()->height() : 0;
    const int room = laidOut > 20 ? laidOut + 8 : std::max(40, height() - 3 * fm.height());
    QString chosen = m_yLabels.back();
    for (const QString& label : m_yLabels)
        if (fm.horizontalAdvance(label) <= room) {
            chosen = label;
            break;
        }
    if (m_plot->yAxis->label() == chosen) return;
    m_plot->yAxis->setLabel(chosen);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ThroughputPlot::fitLegend() {
    fitValueLabel();
    QCPLegend* legend = m_plot->legend;
    const LegendPlace place = chooseLegendPlace();
    placeLegend(place);
    if (place == LegendPlace::Hidden) return;
    // As many columns as the widest entry allows: a column narrower than its
    // entry cuts the text ("loads (measur"). An entry wider than its room is
    // broken over lines at its spaces. Beside the axes: one column, at most
    // two fifths of the width.
    const QMargins m = legend->margins();
    const int room = place == LegendPlace::Beside
                         ? std::max(60, width() * 2 / 5 - m.left() - m.right())
                         : std::max(60, width() - m.left() - m.right() - 8);
    const QFontMetrics fm(legend->font());
    const int icon = legend->iconSize().width() + legend->iconTextPadding() + 12;
    int widest = 1;
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        if (!item) continue;
        QCPAbstractPlottable* plottable = item->plottable();
        plottable->setName(wrapName(plottable->name().replace(QLatin1Char('\n'), QLatin1Char(' ')),
                                    room, fm, icon));
        widest =
            std::max(widest, static_cast<QCPLayoutElement*>(item)->minimumOuterSizeHint().width());
    }
    const int spacing = legend->columnSpacing();
    legend->setWrap(
        place == LegendPlace::Beside ? 1 : std::max(1, (room + spacing) / (widest + spacing)));
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // re-flows the entries
}

void ThroughputPlot::changeEvent(QEvent* e) {
    // A new UI font (projection scale) re-styles the axes and the legend.
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void ThroughputPlot::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearGraphs();
    p->clearItems();
    m_dotLabels.clear();
    m_emptyItem = nullptr;
    m_curves = 0;
    m_currentDot = nullptr;
    const QFont f = font();
    QFont small = f;
    small.setPointSizeF(f.pointSizeF() * 0.9);
    p->xAxis->setLabelFont(f);
    p->yAxis->setLabelFont(f);
    p->xAxis->setTickLabelFont(small);
    p->yAxis->setTickLabelFont(small);
    p->legend->setFont(small);
    p->legend->setVisible(true);
    // The legend goes below the axes, in columns, or beside them (fitLegend,
    // at the end): inside, a ladder of nine variants would cover the very
    // curves it names.
    p->xAxis->setLabel(m_data.xUnit.isEmpty()
                           ? m_data.xName
                           : QStringLiteral("%1 (%2)").arg(m_data.xName, m_data.xUnit));
    m_yLabels = {QStringLiteral("%1 (%2)").arg(m_data.yName, m_data.unit), m_data.unit};
    if (m_data.logX) {
        p->xAxis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerLog> ticker(new BinaryTicker);
        ticker->setLogBase(2);
        ticker->setSubTickCount(0);
        p->xAxis->setTicker(ticker);
    } else {
        p->xAxis->setScaleType(QCPAxis::stLinear);
        p->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }

    // One curve per series, points sorted by x.
    std::map<QString, std::vector<std::pair<double, double>>> series;
    for (const auto& pt : m_data.points) series[pt.series].push_back({pt.x, pt.gbps});
    double xMin = 1e300, xMax = -1e300, yMax = 0;
    auto extend = [&](double x, double y) {
        xMin = std::min(xMin, x);
        xMax = std::max(xMax, x);
        yMax = std::max(yMax, y);
    };
    int index = 0;
    const QCPGraph* currentSeries = nullptr;  // the shown run's variant
    for (auto& [name, pts] : series) {
        std::sort(pts.begin(), pts.end());
        QCPGraph* g = p->addGraph();
        g->setName(name);
        if (m_data.current && name == m_data.current->series) currentSeries = g;
        // Past seven series the colours come round again: the second round
        // is dashed with diamonds, so that "best" and "unroll-last-warp"
        // (the ladder's 8th and 1st) are not told apart by colour alone.
        const int round = index / 7;
        const QColor c = palette::seriesColour(index++);
        g->setPen(QPen(c, 2.5, round == 0 ? Qt::SolidLine : Qt::DashLine));
        // A series of one point is a dot with no line to find it by: larger.
        const double dot = pts.size() == 1 ? 11 : (round ? 9 : 7);
        g->setScatterStyle(QCPScatterStyle(
            round == 0 ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssDiamond, c, c, dot));
        for (const auto& [x, y] : pts) {
            g->addData(x, y);
            extend(x, y);
        }
        ++m_curves;
    }
    if (!m_data.vendor.empty()) {
        std::vector<std::pair<double, double>> pts;
        for (const auto& v : m_data.vendor) pts.push_back({v.x, v.gbps});
        std::sort(pts.begin(), pts.end());
        QCPGraph* g = p->addGraph();
        g->setName(m_data.vendorName);
        g->setPen(QPen(palette::text(), 2, Qt::DashLine));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 6));
        for (const auto& [x, y] : pts) {
            g->addData(x, y);
            extend(x, y);
        }
    }
    if (m_data.current) {
        // Its own series' dot again, on top: where series meet at one size,
        // another variant's dot drawn later would sit inside the ring.
        if (currentSeries) {
            QCPGraph* dot = p->addGraph();
            dot->setLineStyle(QCPGraph::lsNone);
            dot->setScatterStyle(currentSeries->scatterStyle());
            dot->addData(m_data.current->x, m_data.current->gbps);
            dot->removeFromLegend();
            m_currentDot = dot;
        }
        QCPGraph* g = p->addGraph();
        g->setName(tr("this run"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette::selection(), 3),
                                           Qt::NoBrush, 16));
        g->addData(m_data.current->x, m_data.current->gbps);
        extend(m_data.current->x, m_data.current->gbps);
    }
    if (m_data.peakGBs > 0) {
        // The peak is a horizontal line across the plot, labelled where it starts.
        QCPGraph* g = p->addGraph();
        g->setName(QStringLiteral("%1 %2 %3")
                       .arg(m_data.peakName)
                       .arg(m_data.peakGBs, 0, 'f', 0)
                       .arg(m_data.unit));
        g->setPen(QPen(palette::selection(), 2, Qt::DotLine));
        yMax = std::max(yMax, m_data.peakGBs);
        const double a = xMin < 1e300 ? xMin : 1, b = xMax > -1e300 ? xMax : 2;
        g->addData(m_data.logX ? a / 4 : a - 1, m_data.peakGBs);
        g->addData(m_data.logX ? b * 4 : b + 1, m_data.peakGBs);
    }
    m_empty = xMin > xMax;
    // Axes over nothing ("grid (blocks)" from -0.5 to 1.5) would read as a
    // measurement; the message stands alone.
    for (QCPAxis* axis : {p->xAxis, p->yAxis}) axis->setVisible(!m_empty);
    for (int i = 0; i < p->graphCount(); ++i) p->graph(i)->setVisible(!m_empty);
    if (xMin > xMax) {
        xMin = m_data.logX ? 1024 : 0;
        xMax = m_data.logX ? double(1 << 28) : 1;
        auto* text = new QCPItemText(p);
        // Centred in the whole plot: the axis rectangle keeps its margins
        // for the hidden axes, and a message centred there was cut at the left.
        text->position->setType(QCPItemPosition::ptViewportRatio);
        text->position->setCoords(0.5, 0.45);
        text->setFont(f);
        m_emptyMessage =
            m_data.emptyText.isEmpty()
                ? tr("No throughput measured yet.\nRun the experiment\nor open recorded traces.")
                : m_data.emptyText;
        text->setClipToAxisRect(false);
        m_emptyItem = text;
        fitEmptyMessage();
        text->setColor(palette::mutedText());
    }
    if (m_data.logX)
        // A power-of-two tick on both sides; the first one 0.6 of a power of
        // two in from the left end, so that its label clears the value axis's "0".
        p->xAxis->setRange(xMin / 3, xMax * 2.5);
    else
        p->xAxis->setRange(xMin - (xMax - xMin) * 0.05 - 0.5, xMax + (xMax - xMin) * 0.05 + 0.5);
    // Slow rungs of a ladder sit orders of magnitude below the peak: a log
    // axis keeps them readable next to it.
    double yMin = 1e300;
    for (const auto& pt : m_data.points) yMin = std::min(yMin, pt.gbps);
    // Lone dots (a series of one point) carry labels, which need the room
    // a log axis gives values a few times apart: from a span of 10 on.
    bool loneDots = false;
    for (const auto& [name, pts] : series) loneDots |= pts.size() == 1;
    const bool logY = yMin < 1e300 && yMin > 0 && yMax / yMin > (loneDots ? 10 : 30);
    p->yAxis->setScaleType(logY ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logY) {
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        p->yAxis->setTicker(ticker);
        p->yAxis->setNumberFormat("gb");
        p->yAxis->setRange(yMin / 2, yMax * 1.6);
        m_yLabels = {tr("%1 (%2, log scale)").arg(m_data.yName, m_data.unit),
                     tr("%1 (log)").arg(m_data.unit), m_data.unit};
    } else {
        p->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        p->yAxis->setNumberFormat("g");
        p->yAxis->setRange(0, yMax > 0 ? yMax * 1.12 : 100);
    }
    labelLoneDots(series);
    fitLegend();
    p->replot();
}

void ThroughputPlot::labelLoneDots(
    const std::map<QString, std::vector<std::pair<double, double>>>& series) {
    // A series of one point has no line to follow to its legend entry: its
    // name and value sit beside its dot. The axis sums' three kernels were
    // unlabelled dots near the axis, told apart by colour alone. Dots at one
    // place share a label.
    QCustomPlot* p = m_plot;
    const QCPRange xr = p->xAxis->range(), yr = p->yAxis->range();
    const bool logY = p->yAxis->scaleType() == QCPAxis::stLogarithmic;
    struct Lone {
        QString name;
        double x, y;
    };
    std::vector<Lone> lone;
    for (const auto& [name, pts] : series)
        if (pts.size() == 1)
            lone.push_back({QString(name).replace(QLatin1Char('\n'), QLatin1Char(' ')),
                            pts.front().first, pts.front().second});
    std::sort(lone.begin(), lone.end(),
              [](const Lone& a, const Lone& b) { return std::tie(a.x, a.y) < std::tie(b.x, b.y); });
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    m_dotLabels.clear();
    auto value = [&](double y) { return QString::number(y, 'f', y < 10 ? 1 : 0); };
    for (std::size_t i = 0; i < lone.size();) {
        // The dots at this x whose labels would lie on each other.
        std::size_t j = i + 1;
        while (j < lone.size() && lone[j].x == lone[i].x &&
               (logY ? lone[j].y < lone[j - 1].y * 1.3
                     : lone[j].y - lone[j - 1].y < 0.05 * (yr.upper - yr.lower)))
            ++j;
        QStringList names;
        for (std::size_t k = i; k < j; ++k) names << lone[k].name;
        const double x = lone[i].x, y = lone[i].y, top = lone[j - 1].y;
        const QString values =
            (top > y * 1.005 ? value(y) + QStringLiteral("–") + value(top) : value(y)) +
            QLatin1Char(' ') + m_data.unit;
        // Right of a dot in the left part of the plot, left of one in the right.
        const double at = m_data.logX && xr.lower > 0
                              ? std::log(x / xr.lower) / std::log(xr.upper / xr.lower)
                              : (x - xr.lower) / (xr.upper - xr.lower);
        const bool leftOfDot = at > 0.55;
        auto* t = new QCPItemText(p);
        t->position->setCoords(x, logY ? std::sqrt(y * top) : (y + top) / 2);
        t->setPositionAlignment((leftOfDot ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        t->setFont(small);
        t->setColor(palette::text());
        // Padding on the dot's side only: the words clear the dot.
        t->setPadding(leftOfDot ? QMargins(2, 0, 12, 0) : QMargins(12, 0, 2, 0));
        m_dotLabels.push_back(
            {t, names.join(QStringLiteral(", ")) + QStringLiteral(": ") + values,
             names.size() > 1 ? tr("%1 series: %2").arg(names.size()).arg(values) : values, values,
             leftOfDot ? at : 1 - at});
        i = j;
    }
    fitLoneDotLabels();
}

void ThroughputPlot::fitLoneDotLabels() {
    // The axes' width as the last layout made it, or the widget's less the
    // value axis: the labels are made before the plot is laid out.
    const int axes = m_plot->axisRect() && m_plot->axisRect()->width() > 20
                         ? m_plot->axisRect()->width()
                         : width() - 80;
    bool changed = false;
    for (const DotLabel& l : m_dotLabels) {
        if (!l.item) continue;
        const int room = int(std::max(100, axes) * l.room) - 20;
        const QFontMetrics fm(l.item->font());
        // The fullest that fits; none where even the value does not (the
        // axes cut it, and the legend still names the dot).
        QString text;
        for (const QString& form : {l.full, l.brief, l.values})
            if (fm.horizontalAdvance(form) + 14 <= room) {
                text = form;
                break;
            }
        if (l.item->text() == text) continue;
        l.item->setText(text);
        changed = true;
    }
    // Once laid out, the axes' real width decides again (afterReplot).
    if (changed && m_plot->axisRect() && m_plot->axisRect()->width() > 20)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace ws
