#pragma once
// Axis and scatter styling the lab plots share, from the widget's font and
// the colour-blind-safe palette; a shape per series, so colour is not alone.
#include <qcustomplot.h>

namespace ws {

void styleAxes(QCustomPlot* plot, const QFont& font);
QCPScatterStyle::ScatterShape seriesShape(int index);
// Log ticks labelled 0.1, 1, 10, 100 ... or 1 k, 10 k.
QSharedPointer<QCPAxisTickerLog> decadeTicker();

}  // namespace ws
