#include "widgets/plot_style.h"

#include <array>

#include "widgets/palette.h"
#include "widgets/view_text.h"

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
