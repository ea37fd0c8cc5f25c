#include "widgets/ladder_chart.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include "widgets/palette.h"

namespace ws {

LadderChart::LadderChart(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
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

QString LadderChart::valueLabel(const LadderBar& b, bool named) const {
    QString label = QString::number(b.gbps, 'f', b.gbps < 10 ? 1 : 0) + " " + m_data.unit;
    if (m_data.peakGBs > 0)
        label += QStringLiteral("\n%1 %").arg(100.0 * b.gbps / m_data.peakGBs, 0, 'f',
                                              b.gbps / m_data.peakGBs < 0.1 ? 1 : 0) +
                 (named ? QLatin1Char(' ') + m_data.fractionName : QString());
    if (!b.note.isEmpty()) label += QStringLiteral("\n") + b.note;
    return label;
}

bool LadderChart::labelsFit(bool named) const {
    if (m_data.bars.empty()) return true;
    // The bars share the plot's width less the value axis (its numbers and title).
    const QFontMetrics fm(font());
    const double axis = fm.horizontalAdvance(QStringLiteral("00000")) + 2.5 * fm.height();
    const double perBar = (width() - axis) / double(m_data.bars.size());
    for (const LadderBar& b : m_data.bars)
        for (const QString& line : valueLabel(b, named).split('\n'))
            if (fm.horizontalAdvance(line) > 0.92 * perBar) return false;
    return true;
}

void LadderChart::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    // Narrower bars say "7 %" where wider ones say "7 % of peak"; the axis
    // title says what the percentage is of.
    if (m_shortLabels == labelsFit(true)) rebuild();
}

void LadderChart::rebuild() {
    QCustomPlot* p = m_plot;
    p->clearPlottables();
    p->clearItems();
    p->plotLayout()->clear();
    p->plotLayout()->addElement(0, 0, new QCPAxisRect(p));
    m_bars = nullptr;
    m_labels.clear();
    m_shortLabels = !labelsFit(true);
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
    y->setLabel(
        m_shortLabels && m_data.peakGBs > 0
            ? tr("%1; bars: %2 %3").arg(m_data.axisLabel, QStringLiteral("%"), m_data.fractionName)
            : m_data.axisLabel);
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
    y->setRange(0, top > 0 ? top : 1);
    // The run on show stands out in orange; the rest stay blue.
    for (std::size_t i = 0; i < m_data.bars.size(); ++i) {
        if (!m_data.bars[i].current) continue;
        auto* mark = new QCPBars(x, y);
        mark->setWidth(0.7);
        mark->setPen(QPen(palette::text(), 1));
        mark->setBrush(QColor(QRgb(0xE69F00)));
        mark->setData({double(i + 1)}, {m_data.bars[i].gbps});
        mark->setName(tr("run on show"));
    }
    if (m_data.peakGBs > 0) {
        auto* peak = new QCPItemStraightLine(p);
        peak->point1->setCoords(0, m_data.peakGBs);
        peak->point2->setCoords(1, m_data.peakGBs);
        QPen pen(QColor(QRgb(0xD55E00)), 2, Qt::DashLine);
        peak->setPen(pen);
        auto* peakText = new QCPItemText(p);
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
        m_labels << valueLabel(b, !m_shortLabels);
        const QString& label = m_labels.back();
        auto* text = new QCPItemText(p);
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->position->setCoords(double(i + 1), b.gbps);
        text->setText(label);
        text->setFont(f);
        text->setColor(palette::text());
        text->setPadding(QMargins(0, 0, 0, 4));
    }
    p->replot();
}

}  // namespace ws
