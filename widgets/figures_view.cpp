#include "widgets/figures_view.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include "widgets/palette.h"

namespace ws {

namespace {

QString valueText(double v, const std::string& unit) {
    const int decimals = v >= 100 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : 3;
    QString text = QString::number(v, 'f', decimals);
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
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(m_plot);
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
        p->plotLayout()->addElement(
            row++, 0, new QCPTextElement(p, QString::fromStdString(chart.title), bold));
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
        const int n = int(chart.bars.size());
        for (int i = 0; i < n; ++i) {
            const FigureBar& b = chart.bars[std::size_t(i)];
            const double k = double(n - i);  // first bar on top
            ticker->addTick(k, QString::fromStdString(b.label));
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
        }
        key->setTicker(ticker);
        key->setRange(0.4, n + 0.6);
        value->setRange(0, most > 0 ? most * 1.3 : 1);
        if (!chart.caption.empty()) {
            // Wrapped by hand: a text element keeps one line per '\n'.
            const QFontMetrics fm(f);
            QStringList lines{QString()};
            for (const QString& word : QString::fromStdString(chart.caption).split(' ')) {
                const QString next = lines.back().isEmpty() ? word : lines.back() + ' ' + word;
                if (fm.horizontalAdvance(next) > std::max(200, width() - 40) &&
                    !lines.back().isEmpty())
                    lines << word;
                else
                    lines.back() = next;
            }
            auto* caption = new QCPTextElement(p, lines.join('\n'), f);
            caption->setTextColor(palette::mutedText());
            p->plotLayout()->addElement(row++, 0, caption);
        }
    }
    p->replot();
}

}  // namespace ws
