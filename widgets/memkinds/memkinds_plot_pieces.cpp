#include "widgets/memkinds/memkinds_plot_pieces.h"

#include <algorithm>
#include <cmath>

#include "widgets/plots/plot_style.h"
#include "widgets/view/legend_columns.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

class BytesTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return bytesText(tick);
    }
};

QString trimmed(double value, int digits) {
    return QString::number(value, 'f', value >= 100 || value == std::round(value) ? 0 : digits);
}

}  // namespace

std::string runParam(const Run& run, const char* name, const char* fallback) {
    const auto it = run.params.find(name);
    return it == run.params.end() ? fallback : it->second;
}

QString bytesText(double bytes) {
    constexpr double kKiB = 1024, kMiB = kKiB * 1024, kGiB = kMiB * 1024;
    auto in = [](double v, const char* unit) {
        return QString::number(v, 'g', 4) + QChar(0x00A0) + QLatin1String(unit);
    };
    if (bytes >= kGiB) return in(bytes / kGiB, "GiB");
    if (bytes >= kMiB) return in(bytes / kMiB, "MiB");
    if (bytes >= kKiB) return in(bytes / kKiB, "KiB");
    return in(bytes, "B");
}

QString cyclesText(double cycles) {
    return QObject::tr("%1 cycles").arg(trimmed(cycles, cycles < 10 ? 1 : 0));
}

QString nsText(double ns) { return QObject::tr("%1 ns").arg(trimmed(ns, ns < 10 ? 1 : 0)); }

QString gbsText(double gbs) {
    return gbs >= 100 ? QObject::tr("%1 GB/s").arg(groupDigits(std::llround(gbs)))
                      : QObject::tr("%1 GB/s").arg(gbs, 0, 'g', 3);
}

QSharedPointer<QCPAxisTickerLog> bytesTicker() {
    QSharedPointer<QCPAxisTickerLog> t(new BytesTicker);
    t->setLogBase(2);
    t->setSubTickCount(0);
    // A tick every factor of 4 where the labels fit (keepTickLabelsApart
    // asks for fewer where they do not).
    t->setTickCount(12);
    return t;
}

void fitBytesRange(QCustomPlot* plot, double first, double last) {
    if (!(first > 0) || !(last >= first)) return;
    const QFontMetrics fm(plot->xAxis->tickLabelFont());
    const double lead = fm.horizontalAdvance(bytesText(first)) / 2.0 + 6;
    const double tail = fm.horizontalAdvance(bytesText(last)) / 2.0 + 6;
    double lo = first / 1.5, hi = last * 1.5;
    // The axes' width depends a little on the range (the value axis's
    // labels do not, the layout settles in a few rounds).
    for (int round = 0; round < 3; ++round) {
        plot->xAxis->setRange(lo, hi);
        const double perDoubling =
            std::max(40, axisRectNow(plot).width()) / std::max(1.0, std::log2(hi / lo));
        lo = first / std::exp2(std::max(std::log2(1.5), lead / perDoubling));
        hi = last * std::exp2(std::max(std::log2(1.5), tail / perDoubling));
    }
    plot->xAxis->setRange(lo, hi);
}

void startWorkingSetAxes(QCustomPlot* plot, const QFont& font, const QString& valueLabel) {
    plot->clearPlottables();
    plot->clearItems();
    styleAxes(plot, font);
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->xAxis->setTicker(bytesTicker());
    plot->xAxis->setLabel(QObject::tr("working set (log scale)"));
    plot->yAxis->setLabel(valueLabel);
}

NearestPoint nearestGraphPoint(QCustomPlot* plot, const QPointF& position, double within) {
    NearestPoint nearest;
    double best = within;
    for (int g = 0; g < plot->graphCount(); ++g) {
        QCPGraph* graph = plot->graph(g);
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const double d = std::hypot(plot->xAxis->coordToPixel(it->key) - position.x(),
                                        plot->yAxis->coordToPixel(it->value) - position.y());
            if (d >= best) continue;
            best = d;
            nearest = {graph, g, it->key, it->value};
        }
    }
    return nearest;
}

QCPItemText* showPlotMessage(QCustomPlot* plot, const QFont& font, const QString& text) {
    auto* item = new QCPItemText(plot);
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(0.5, 0.45);
    item->setFont(font);
    item->setColor(palette::mutedText());
    item->setText(
        wrapToWidth(QFontMetrics(font), text, std::max(160, axisRectNow(plot).width() - 24)));
    return item;
}

QCPTextElement* addPlotTitle(QCustomPlot* plot) {
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, QString(), titleFont(plot->font()));
    plot->plotLayout()->addElement(0, 0, title);
    plot->setMinimumWidth(kNarrowestPlot);
    return title;
}

void setPlotTitle(QCPTextElement* title, const QFont& font, const QString& text, int width) {
    title->setFont(titleFont(font));
    title->setText(wrapToWidth(QFontMetrics(titleFont(font)), text, std::max(120, width - 16)));
}

void setLegendBelow(QCustomPlot* plot, bool shown) {
    QCPLayoutGrid* grid = plot->plotLayout();
    bool placed = false;
    for (int i = 0; i < grid->elementCount(); ++i)
        placed = placed || grid->elementAt(i) == plot->legend;
    if (shown && !placed) {
        grid->addElement(grid->rowCount(), 0, plot->legend);
        grid->setRowStretchFactor(grid->rowCount() - 1, 0.001);
        plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
        plot->legend->setBorderPen(Qt::NoPen);
    } else if (!shown && placed) {
        grid->take(plot->legend);
        grid->simplify();
    } else if (!shown && plot->legend->layout()) {
        // Where QCustomPlot puts it first: inside the axes.
        plot->legend->layout()->take(plot->legend);
    }
    plot->legend->setVisible(shown);
}

void SizeMarkers::add(QCustomPlot* plot, const std::vector<SizeMarker>& markers, double fromBytes,
                      double toBytes, const QFont& font) {
    for (const SizeMarker& m : markers) {
        if (!(m.bytes > 0) || m.bytes < fromBytes || m.bytes > toBytes) continue;
        auto* line = new QCPItemLine(plot);
        for (QCPItemPosition* end : {line->start, line->end}) {
            end->setTypeX(QCPItemPosition::ptPlotCoords);
            end->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        line->start->setCoords(m.bytes, 0);
        line->end->setCoords(m.bytes, 1);
        line->setPen(QPen(palette::mutedText(), 1.5, Qt::DashLine));
        auto* text = new QCPItemText(plot);
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(m.bytes, 0);
        text->setFont(font);
        text->setColor(palette::text());
        text->setBrush(palette::labelPlate());
        text->setPadding(QMargins(4, 1, 4, 1));
        text->setText(m.label);
        text->setClipToAxisRect(false);
        m_items.push_back({m.bytes, text});
    }
    std::sort(m_items.begin(), m_items.end(),
              [](const Item& a, const Item& b) { return a.bytes < b.bytes; });
}

int SizeMarkers::place(QCustomPlot* plot) {
    if (m_items.empty()) return 0;
    const QRect rect = axisRectNow(plot);
    std::vector<std::vector<std::pair<double, double>>> rows;  // taken spans, per row
    int lineHeight = 0;
    for (const Item& item : m_items) {
        const QFontMetrics fm(item.text->font());
        lineHeight = std::max(lineHeight, fm.height() + 2);
        const double x = plot->xAxis->coordToPixel(item.bytes);
        const double w = fm.horizontalAdvance(item.text->text()) + 8;
        // Right of its line, else left of it; where neither fits the axes,
        // over it, moved inside.
        double left = x;
        if (x + w > rect.right())
            left = x - w >= rect.left()
                       ? x - w
                       : std::clamp(x - w / 2, double(rect.left()),
                                    std::max(double(rect.left()), rect.right() - w));
        const std::pair<double, double> span{left, left + w};
        std::size_t row = 0;
        for (; row < rows.size(); ++row) {
            const bool free = std::none_of(rows[row].begin(), rows[row].end(), [&](const auto& s) {
                return span.first < s.second + 4 && s.first < span.second + 4;
            });
            if (free) break;
        }
        if (row == rows.size()) rows.emplace_back();
        rows[row].push_back(span);
        item.text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        item.text->position->setCoords(
            plot->xAxis->pixelToCoord(left),
            (double(row) * (fm.height() + 2) + 2) / std::max(1, rect.height()));
    }
    return int(rows.size()) * lineHeight + 4;
}

QStringList SizeMarkers::labels() const {
    QStringList out;
    for (const Item& i : m_items) out << i.text->text();
    return out;
}

std::vector<QCPItemText*> SizeMarkers::items() const {
    std::vector<QCPItemText*> out;
    for (const Item& i : m_items) out.push_back(i.text);
    return out;
}

bool fitPlotFrame(QCustomPlot* plot, QCPTextElement* title, const QFont& font,
                  const QString& titleText, int width, int legendColumns, const QString& message) {
    setPlotTitle(title, font, titleText, width);
    if (plot->legend->visible()) {
        wrapLegendNames(plot->legend, std::max(120, width - 16));
        fitLegendColumns(plot->legend, std::max(120, width - 16), legendColumns);
    }
    if (message.isEmpty()) return true;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)))
            t->setText(wrapToWidth(QFontMetrics(font), message,
                                   std::max(160, axisRectNow(plot).width() - 24)));
    return false;
}

}  // namespace ws
