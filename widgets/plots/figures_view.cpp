#include "widgets/plots/figures_view.h"

#include <qcustomplot.h>

#include <QVBoxLayout>
#include <cmath>
#include <map>

#include "widgets/plots/plot_style.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

// Large figures (bytes, bytes per second) as "1.07 G", "250 M": the digits
// of 1073741824 or the "1.07374e+09" of %g run into the next tick label.
QString engineering(double v) {
    static const char* const prefixes[] = {"", " k", " M", " G", " T", " P"};
    int power = 0;
    double m = v;
    while (std::abs(m) >= 999.5 && power < 5) {
        m /= 1000;
        ++power;
    }
    if (power == 0) return QString::number(v, 'g', 4);
    return QString::number(m, 'g', 3) + QLatin1String(prefixes[power]);
}

// Ticks as far apart as their widest label needs, in engineering notation:
// QCustomPlot's own step is picked for a tick count, not for the pixels.
class SpacedTicker : public QCPAxisTicker {
public:
    // percent: the values are shares (0.33), labelled as the bars are ("33 %").
    SpacedTicker(QCPAxis* axis, const QFont& font, bool percent = false)
        : m_axis(axis), m_font(font), m_percent(percent) {}

protected:
    double getTickStep(const QCPRange& range) override {
        const QFontMetrics fm(m_font);
        const double label = fm.horizontalAdvance(QStringLiteral("888 M")) + 1.5 * fm.height();
        const double pixels = std::max(1, m_axis->axisRect()->width());
        return niceStep(range.size() * label / pixels);
    }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        // An axis of 0.1 to 0.45 beside bars labelled "33 %" read as two scales.
        if (m_percent) return QString::number(tick * 100, 'g', 3) + QStringLiteral(" %");
        return engineering(tick);
    }

private:
    QCPAxis* m_axis;
    QFont m_font;
    bool m_percent = false;
};

QString valueText(double v, const std::string& unit) {
    // Counts are whole: "6", not "6.00" (large ones in engineering notation).
    if (unit.empty() && v == std::round(v) && std::abs(v) < 1e4) return groupDigits((long long)v);
    const int decimals = v >= 100 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : 3;
    QString text = v >= 1e4 ? engineering(v) : QString::number(v, 'f', decimals);
    if (!unit.empty() && unit.rfind("share", 0) != 0)
        text += QStringLiteral(" ") + QString::fromStdString(unit.substr(0, unit.find(' ')));
    else if (unit.rfind("share", 0) == 0)
        text = QString::number(v * 100, 'f', 0) + QStringLiteral(" %");
    return text;
}

void styleAxis(QCPAxis* a, const QFont& f) {
    a->setTickLabelFont(f);
    a->setLabelFont(f);
    a->setBasePen(QPen(palette::text(), 1));
    a->setTickPen(QPen(palette::text(), 1));
    a->setSubTickPen(Qt::NoPen);
    a->setTickLabelColor(palette::text());
    a->setLabelColor(palette::text());
    a->grid()->setPen(QPen(palette::gridLine(), 1));
}

}  // namespace

FiguresView::FiguresView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(m_plot);
    // The titles and captions wrap to the width the view is given; the
    // plot's own minimum, that of the lines as last wrapped, would hold the
    // view at the width it first had.
    m_plot->setMinimumWidth(kNarrowestPlot);
    connect(model, &PlaybackModel::runChanged, this, &FiguresView::rebuild);
    rebuild();
}

void FiguresView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    rebuild();  // captions wrap to the new width
}

void FiguresView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) rebuild();  // projection scale
    QWidget::changeEvent(e);
}

void FiguresView::rebuild() {
    const Run* run = m_model->run();
    m_charts = run ? concurrencyCharts(*run) : std::vector<FigureChart>{};
    m_labels.clear();
    std::vector<std::pair<QCPAxis*, QCPItemText*>> labels;  // each bar's value axis and text
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    p->plotLayout()->clear();
    const QFont f = font();
    QFont bold = f;
    bold.setBold(true);
    if (m_charts.empty()) {
        p->plotLayout()->addElement(
            0, 0, new QCPTextElement(p, tr("No figures: this run records none."), f));
        p->replot();
        return;
    }
    int row = 0;
    for (const FigureChart& chart : m_charts) {
        // Titles and captions wrapped by hand: a text element keeps one
        // line per '\n', and a long title was cut at both sides when narrow.
        const int room = std::max(200, width() - 40);
        p->plotLayout()->addElement(
            row++, 0,
            new QCPTextElement(
                p, wrapToWidth(QFontMetrics(bold), QString::fromStdString(chart.title), room),
                bold));
        auto* rect = new QCPAxisRect(p);
        p->plotLayout()->addElement(row++, 0, rect);
        QCPAxis* key = rect->axis(QCPAxis::atLeft);
        QCPAxis* value = rect->axis(QCPAxis::atBottom);
        styleAxis(key, f);
        styleAxis(value, f);
        key->grid()->setVisible(false);
        value->setLabel(QString::fromStdString(chart.unit));
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        double most = 0;
        int lines = 1;  // of the longest bar name
        const int n = int(chart.bars.size());
        for (int i = 0; i < n; ++i) {
            const FigureBar& b = chart.bars[std::size_t(i)];
            const double k = double(n - i);  // first bar on top
            // At most 45 % of the width for the bars' names, so that a
            // narrow dock keeps room for the bars and their values.
            const QString name = wrapToWidth(QFontMetrics(f), QString::fromStdString(b.label),
                                             std::max(90, width() * 9 / 20));
            lines = std::max(lines, int(name.count(QLatin1Char('\n'))) + 1);
            ticker->addTick(k, name);
            most = std::max({most, b.value, b.high});
            auto* bar = new QCPBars(key, value);
            bar->setWidth(0.65);
            bar->setPen(QPen(palette::text(), 1));
            bar->setBrush(b.highlighted ? QColor(QRgb(0xE69F00)) : QColor(QRgb(0x0072B2)));
            bar->setData({k}, {b.value});
            if (b.high > b.low) {
                auto* range = new QCPErrorBars(key, value);
                range->setDataPlottable(bar);
                range->setData({b.value - b.low}, {b.high - b.value});
                range->setPen(QPen(palette::text(), 1.5));
            }
            const QString label = valueText(b.value, chart.unit);
            m_labels << label;
            auto* text = new QCPItemText(p);
            text->setClipAxisRect(rect);
            text->position->setAxes(value, key);
            text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            text->position->setCoords(std::max(b.value, b.high), k);
            text->setPadding(QMargins(6, 0, 0, 0));
            text->setText(label);
            text->setFont(f);
            text->setColor(palette::text());
            labels.push_back({value, text});
        }
        key->setTicker(ticker);
        // Names wrapped to two lines need the room of two lines a bar, or
        // they run into each other.
        rect->setMinimumSize(0, n * (lines * QFontMetrics(f).height() + 6));
        const bool share = chart.unit.rfind("share", 0) == 0;
        value->setTicker(QSharedPointer<QCPAxisTicker>(new SpacedTicker(value, f, share)));
        key->setRange(0.4, n + 0.6);
        value->setRange(0, most > 0 ? most * 1.3 : 1);
        if (!chart.caption.empty()) {
            auto* caption = new QCPTextElement(
                p, wrapToWidth(QFontMetrics(f), QString::fromStdString(chart.caption), room), f);
            caption->setTextColor(palette::mutedText());
            p->plotLayout()->addElement(row++, 0, caption);
        }
    }
    fitLabels(labels);
}

void FiguresView::fitLabels(const std::vector<std::pair<QCPAxis*, QCPItemText*>>& labels) {
    QCustomPlot* p = m_plot;
    // The plot's own resize event may still be pending (a view rendered before
    // it was shown): lay it out at the size it already has.
    if (p->viewport().size() != p->size()) p->setViewport(p->rect());
    // A value's text runs right of its bar; a long one ("1.07 GB/s") past the
    // end of the axis would be clipped, so the axis grows until every text
    // fits. The second and later passes also space the ticks for the
    // axis's laid-out width.
    for (int attempt = 0; attempt < 5; ++attempt) {
        p->replot();
        std::map<QCPAxis*, double> over;  // pixels past the axis's end
        for (const auto& [axis, text] : labels) {
            const double right = text->bottomRight->pixelPosition().x();
            over[axis] = std::max(over[axis], right - axis->axisRect()->right() + 2);
        }
        bool grown = false;
        for (const auto& [axis, pixels] : over) {
            if (pixels <= 0) continue;
            const double perPixel = axis->range().size() / std::max(1, axis->axisRect()->width());
            axis->setRangeUpper(axis->range().upper + 1.25 * pixels * perPixel);
            grown = true;
        }
        if (!grown && attempt > 0) break;
    }
    p->replot();
}

}  // namespace ws
