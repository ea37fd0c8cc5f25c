#include "widgets/plots/ladder_chart.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include "widgets/plots/plot_style.h"
#include "widgets/view/palette.h"

namespace ws {

LadderChart::LadderChart(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    followColourScheme(m_plot, [this] { rebuild(); });
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(m_plot);
    rebuild();
}

void LadderChart::changeEvent(QEvent* e) {
    // A new UI font (projection scale) re-styles the axes and labels.
    if (e->type() == QEvent::FontChange) rebuild();
    QWidget::changeEvent(e);
}

void LadderChart::setData(const LadderData& data) {
    m_data = data;
    rebuild();
}

QStringList LadderChart::valueLabels() const { return m_labels; }

std::vector<QRectF> LadderChart::valueLabelRects() const {
    std::vector<QRectF> rects;
    for (QCPItemText* t : m_labelItems)
        rects.push_back(QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()));
    return rects;
}

QString LadderChart::valueLabel(const LadderBar& b, int detail) const {
    QString label = QString::number(b.gbps, 'f', b.gbps < 10 ? 1 : 0);
    if (detail < 2) label += " " + m_data.unit;
    if (b.failed)
        // A percentage of the reference would rank a wrong answer as a rung.
        label += detail < 3   ? tr("\nwrong result")
                 : detail < 4 ? tr("\nwrong\nresult")
                              : tr("\nwrong");
    else if (m_data.peakGBs > 0 && detail < 4)
        label += QStringLiteral("\n%1 %").arg(100.0 * b.gbps / m_data.peakGBs, 0, 'f',
                                              b.gbps / m_data.peakGBs < 0.1 ? 1 : 0) +
                 (detail == 0 ? QLatin1Char(' ') + m_data.fractionName : QString());
    if (!b.note.isEmpty() && detail < 4) {
        QString note = b.note;
        // "A6000: 78.4 %" as two lines, each half as wide.
        if (detail >= 3) note.replace(QStringLiteral(": "), QStringLiteral(":\n"));
        label += QStringLiteral("\n") + note;
    }
    return label;
}

int LadderChart::fittingDetail() const {
    if (m_data.bars.empty()) return 0;
    // The bars share the plot's width less the value axis (its numbers and title).
    const QFontMetrics fm(font());
    const double axis = fm.horizontalAdvance(QStringLiteral("00000")) + 2.5 * fm.height();
    const double perBar = (width() - axis) / double(m_data.bars.size());
    // The least: the number alone (and "wrong"); labels wider than that still
    // are stacked by placeLabels(), which a one-line label keeps low.
    constexpr int kLeast = 4;
    for (int detail = 0; detail < kLeast; ++detail) {
        bool fits = true;
        for (const LadderBar& b : m_data.bars)
            for (const QString& line : valueLabel(b, detail).split('\n'))
                fits = fits && fm.horizontalAdvance(line) <= 0.92 * perBar;
        if (fits) return detail;
    }
    return kLeast;
}

void LadderChart::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    // Narrower bars say "7 %" where wider ones say "7 % of peak"; the axis
    // title says what the percentage is of.
    if (m_detail != fittingDetail())
        rebuild();
    else
        placeLabels();
}

void LadderChart::fitValueLabel() {
    // The longest value axis title that fits the axis: the tensor cores'
    // "TFLOP/s (2 n³ / kernel time), BF16 in, FP32 accumulate" ran past both
    // ends of a projector's chart. Then without the bars' share, then up to
    // its first comma, then its unit alone.
    QCPAxisRect* rect = m_plot->axisRect();
    if (!rect) return;
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    const QString& full = m_data.axisLabel;
    QStringList forms;
    if (m_detail > 0 && m_detail < 4 && m_data.peakGBs > 0)
        forms << tr("%1; bars: %2 %3").arg(full, QStringLiteral("%"), m_data.fractionName);
    forms << full;
    if (const qsizetype comma = full.indexOf(QStringLiteral(", ")); comma > 0)
        forms << full.left(comma);
    if (const qsizetype paren = full.indexOf(QStringLiteral(" (")); paren > 0)
        forms << full.left(paren);
    // Before its first layout the axis is about the widget's height.
    const int room = rect->rect().height() > 20 ? rect->rect().height() : height() - 60;
    const QFontMetrics fm(y->labelFont());
    QString chosen = forms.back();
    for (const QString& f : forms)
        if (fm.horizontalAdvance(f) + 8 <= room) {
            chosen = f;
            break;
        }
    y->setLabel(chosen);
}

void LadderChart::placeLabels() {
    fitValueLabel();
    if (m_labelItems.empty()) return;
    QCustomPlot* p = m_plot;
    // The plot's own resize event may still be pending (a widget rendered
    // before it was shown): lay it out at the size it already has.
    if (p->viewport().size() != p->size()) p->setViewport(p->rect());
    QCPAxis* y = m_labelItems.front()->position->valueAxis();
    y->setRange(0, m_top);
    auto rectOf = [](QCPItemText* t) {
        return QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
    };
    // Labels wider than their bar's share of the width (very many bars, a
    // narrow window) climb over the neighbour they would cover, and the value
    // axis grows to keep the highest one inside the plot. A grown axis moves
    // the bars' tops: the labels are placed again on it.
    auto place = [&] {
        p->replot();
        std::vector<QRectF> placed;
        if (m_peakText) placed.push_back(rectOf(m_peakText));
        double highest = 1e300;
        for (std::size_t i = 0; i < m_labelItems.size(); ++i) {
            QCPItemText* t = m_labelItems[i];
            t->position->setCoords(double(i + 1), m_data.bars[i].gbps);
            QRectF r = rectOf(t);
            for (bool moved = true; moved;) {
                moved = false;
                for (const QRectF& other : placed)
                    if (r.intersects(other)) {
                        r.moveBottom(other.top() - 1);
                        moved = true;
                    }
            }
            t->position->setCoords(double(i + 1), y->pixelToCoord(r.bottom()));
            placed.push_back(r);
            highest = std::min(highest, r.top());
        }
        return p->axisRect()->rect().top() + 2 - highest;  // pixels missing at the top
    };
    for (int attempt = 0; attempt < 6; ++attempt) {
        const double missing = place();
        if (missing <= 0) break;
        const QRect area = p->axisRect()->rect();
        const double perPixel = y->range().size() / std::max(1, area.height());
        y->setRangeUpper(y->range().upper + 1.25 * missing * perPixel + 0.02 * y->range().size());
        if (attempt == 5) place();
    }
    p->replot();
}

void LadderChart::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    p->plotLayout()->clear();
    p->plotLayout()->addElement(0, 0, new QCPAxisRect(p));
    m_bars = nullptr;
    m_labels.clear();
    m_labelItems.clear();
    m_peakText = nullptr;
    m_detail = fittingDetail();
    QFont f = font();
    QFont bold = f;
    bold.setBold(true);
    auto* rect = static_cast<QCPAxisRect*>(p->plotLayout()->element(0, 0));
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    for (QCPAxis* a : {x, y}) {
        a->setTickLabelFont(f);
        a->setLabelFont(f);
        a->setBasePen(QPen(palette::text(), 1));
        a->setTickPen(QPen(palette::text(), 1));
        a->setTickLabelColor(palette::text());
        a->setLabelColor(palette::text());
        a->grid()->setPen(QPen(palette::gridLine(), 1));
    }
    p->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(
        p,
        m_data.title.isEmpty()
            ? tr("Throughput ladder")
            : m_data.title +
                  (m_data.deviceName.isEmpty() ? QString() : tr(" — %1").arg(m_data.deviceName)),
        bold);
    p->plotLayout()->addElement(0, 0, title);
    fitValueLabel();
    if (m_data.bars.empty()) {
        p->replot();
        return;
    }
    m_bars = new QCPBars(x, y);
    m_bars->setWidth(0.7);
    m_bars->setPen(QPen(palette::text(), 1));
    m_bars->setBrush(QColor(QRgb(0x0072B2)));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double most = 0;
    QVector<double> keys, values;
    for (std::size_t i = 0; i < m_data.bars.size(); ++i) {
        const LadderBar& b = m_data.bars[i];
        keys << double(i + 1);
        values << b.gbps;
        ticker->addTick(double(i + 1), b.label);
        most = std::max(most, b.gbps);
    }
    m_bars->setData(keys, values, true);
    x->setTicker(ticker);
    x->setTickLabelRotation(m_data.bars.size() > 5 ? 30 : 0);
    x->setRange(0.3, double(m_data.bars.size()) + 0.7);
    x->grid()->setVisible(false);
    const double top = std::max(most, m_data.peakGBs) * 1.18;
    m_top = top > 0 ? top : 1;
    y->setRange(0, m_top);
    // The run on show stands out in orange; the rest stay blue. A run whose
    // result failed verification is hatched grey over a pale fill: it ran,
    // but it is no rung of the ladder.
    for (std::size_t i = 0; i < m_data.bars.size(); ++i) {
        const LadderBar& b = m_data.bars[i];
        if (!b.current && !b.failed) continue;
        auto* mark = new QCPBars(x, y);
        mark->setWidth(0.7);
        mark->setPen(QPen(palette::text(), 1));
        mark->setBrush(b.failed ? palette::idleCell() : QColor(QRgb(0xE69F00)));
        mark->setData({double(i + 1)}, {b.gbps});
        mark->setName(b.current ? tr("run on show") : tr("failed verification"));
        if (!b.failed) continue;
        auto* hatch = new QCPBars(x, y);
        hatch->setWidth(0.7);
        hatch->setPen(b.current ? QPen(QColor(QRgb(0xE69F00)), 3) : QPen(palette::text(), 1));
        hatch->setBrush(QBrush(QColor(QRgb(0x707070)), Qt::BDiagPattern));
        hatch->setData({double(i + 1)}, {b.gbps});
        hatch->setName(tr("failed verification"));
    }
    if (m_data.peakGBs > 0) {
        auto* peak = new QCPItemStraightLine(p);
        peak->point1->setCoords(0, m_data.peakGBs);
        peak->point2->setCoords(1, m_data.peakGBs);
        QPen pen(QColor(QRgb(0xD55E00)), 2, Qt::DashLine);
        peak->setPen(pen);
        auto* peakText = m_peakText = new QCPItemText(p);
        peakText->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        peakText->position->setCoords(0.35, m_data.peakGBs);
        peakText->setText(QStringLiteral("%1 %2 %3")
                              .arg(m_data.referenceName)
                              .arg(m_data.peakGBs, 0, 'f', 0)
                              .arg(m_data.unit));
        peakText->setFont(f);
        peakText->setColor(QColor(QRgb(0xD55E00)));
    }
    for (std::size_t i = 0; i < m_data.bars.size(); ++i) {
        const LadderBar& b = m_data.bars[i];
        m_labels << valueLabel(b, m_detail);
        const QString& label = m_labels.back();
        auto* text = new QCPItemText(p);
        m_labelItems.push_back(text);
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->position->setCoords(double(i + 1), b.gbps);
        text->setText(label);
        text->setFont(f);
        text->setColor(palette::text());
        text->setPadding(QMargins(0, 0, 0, 4));
        if (b.failed) text->setColor(QColor(QRgb(0xB00000)));
    }
    placeLabels();
}

}  // namespace ws
