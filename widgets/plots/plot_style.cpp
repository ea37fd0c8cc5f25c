#include "widgets/plots/plot_style.h"

#include <algorithm>
#include <array>

#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
class DecadeTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return tick >= 1000 ? formatCount(tick) : QString::number(tick, 'g', 3);
    }
};
}  // namespace

void styleAxes(QCustomPlot* plot, const QFont& font) {
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.9);
    for (QCPAxis* a : {plot->xAxis, plot->yAxis}) {
        a->setLabelFont(font);
        a->setTickLabelFont(small);
        a->setBasePen(QPen(palette::text(), 1));
        a->setTickPen(QPen(palette::text(), 1));
        a->setTickLabelColor(palette::text());
        a->setLabelColor(palette::text());
        a->grid()->setPen(QPen(palette::gridLine(), 1));
    }
    plot->legend->setFont(small);
    applySchemeColours(plot);
    keepTickLabelsApart(plot);
}

namespace {
void recolour(QPen pen, const QColor& colour, const std::function<void(const QPen&)>& set) {
    if (pen.style() == Qt::NoPen) return;
    pen.setColor(colour);
    set(pen);
}
}  // namespace

void applySchemeColours(QCustomPlot* plot) {
    plot->setBackground(palette::background());
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* a : rect->axes()) {
            recolour(a->basePen(), palette::text(), [a](const QPen& p) { a->setBasePen(p); });
            recolour(a->tickPen(), palette::text(), [a](const QPen& p) { a->setTickPen(p); });
            recolour(a->subTickPen(), palette::text(), [a](const QPen& p) { a->setSubTickPen(p); });
            a->setTickLabelColor(palette::text());
            a->setLabelColor(palette::text());
            QCPGrid* g = a->grid();
            recolour(g->pen(), palette::gridLine(), [g](const QPen& p) { g->setPen(p); });
            recolour(g->subGridPen(), palette::gridLine(),
                     [g](const QPen& p) { g->setSubGridPen(p); });
            recolour(g->zeroLinePen(), palette::mutedText(),
                     [g](const QPen& p) { g->setZeroLinePen(p); });
        }
    // One walk of the layout (it runs before every replot): legends, their
    // entries and titles, wherever they sit, axis rects' insets included.
    // Titles left at QCustomPlot's default black are recoloured; a caption
    // given its own colour keeps it.
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true)) {
        if (auto* legend = qobject_cast<QCPLegend*>(e)) {
            legend->setBrush(palette::background());
            legend->setTextColor(palette::text());
            recolour(legend->borderPen(), palette::mutedText(),
                     [legend](const QPen& p) { legend->setBorderPen(p); });
        } else if (auto* item = qobject_cast<QCPAbstractLegendItem*>(e)) {
            item->setTextColor(palette::text());
        } else if (auto* title = qobject_cast<QCPTextElement*>(e)) {
            if (title->textColor() == QColor(Qt::black)) title->setTextColor(palette::text());
        }
    }
}

void followColourScheme(QCustomPlot* plot, std::function<void()> rebuild) {
    // Before every replot, so that axes, legends and titles a rebuild made
    // anew, on any of its paths, are coloured too.
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] { applySchemeColours(plot); });
    QObject::connect(ColourScheme::instance(), &ColourScheme::changed, plot, std::move(rebuild));
}

void keepTickLabelsApart(QCustomPlot* plot) {
    if (plot->property("ws-ticks-apart").toBool()) return;
    plot->setProperty("ws-ticks-apart", true);
    QObject::connect(plot, &QCustomPlot::afterReplot, plot, [plot] {
        bool changed = false;
        for (QCPAxisRect* rect : plot->axisRects())
            for (QCPAxis* a : rect->axes()) {
                if (!a->visible() || !a->tickLabels() || a->ticker().isNull()) continue;
                const QFontMetrics fm(a->tickLabelFont());
                const bool horizontal = a->orientation() == Qt::Horizontal;
                int widest = 0;
                for (const QString& label : a->tickVectorLabels())
                    widest =
                        std::max(widest, horizontal ? fm.horizontalAdvance(label) : fm.height());
                const double length = horizontal ? rect->width() : rect->height();
                if (widest == 0 || length <= 0) continue;
                // Room for each label and half of one more between neighbours.
                const int fit = std::max(2, int(length / (widest * 1.6)));
                const int shown = int(a->tickVectorLabels().size());
                // The count is a wish: a log ticker rounds its step, and
                // asked for 3 of 11 decades gave 5 ticks. Fewer is asked
                // each replot until the labels fit.
                const int count = a->ticker()->tickCount();
                if (shown > fit && count > 1) {
                    a->ticker()->setTickCount(std::max(1, std::min(fit, count - 1)));
                    changed = true;
                } else if (shown * 2 < fit && a->ticker()->tickCount() < 5) {
                    a->ticker()->setTickCount(std::min(fit, 5));  // room again: back to the default
                    changed = true;
                }
            }
        if (changed) plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

QRect axisRectNow(QCustomPlot* plot) {
    plot->setViewport(plot->rect());
    QCPLayoutGrid* layout = plot->plotLayout();
    layout->update(QCPLayoutElement::upPreparation);
    layout->update(QCPLayoutElement::upMargins);
    layout->update(QCPLayoutElement::upLayout);
    return plot->axisRect()->rect();
}

QCPScatterStyle::ScatterShape seriesShape(int index) {
    static constexpr std::array<QCPScatterStyle::ScatterShape, 9> shapes = {
        QCPScatterStyle::ssCircle,     QCPScatterStyle::ssSquare,
        QCPScatterStyle::ssTriangle,   QCPScatterStyle::ssDiamond,
        QCPScatterStyle::ssCross,      QCPScatterStyle::ssPlus,
        QCPScatterStyle::ssStar,       QCPScatterStyle::ssTriangleInverted,
        QCPScatterStyle::ssCrossSquare};
    return shapes[std::size_t(index) % shapes.size()];
}

QSharedPointer<QCPAxisTickerLog> decadeTicker() {
    QSharedPointer<QCPAxisTickerLog> t(new DecadeTicker);
    t->setLogBase(10);
    t->setSubTickCount(8);
    return t;
}

}  // namespace ws
