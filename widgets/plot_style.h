#pragma once
// Axis and scatter styling the lab plots share, from the widget's font and
// the colour-blind-safe palette; a shape per series, so colour is not alone.
#include <qcustomplot.h>

namespace ws {

void styleAxes(QCustomPlot* plot, const QFont& font);
// After every replot, fewer ticks on any axis whose labels would touch: large
// fonts on a projector, or a narrow view, never print overlapping numbers.
void keepTickLabelsApart(QCustomPlot* plot);
QCPScatterStyle::ScatterShape seriesShape(int index);
// Log ticks labelled 0.1, 1, 10, 100 ... or 1 k, 10 k.
QSharedPointer<QCPAxisTickerLog> decadeTicker();

}  // namespace ws
