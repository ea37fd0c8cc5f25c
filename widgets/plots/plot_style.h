#pragma once
// Axis and scatter styling the lab plots share, from the widget's font and
// the colour-blind-safe palette; a shape per series, so colour is not alone.
#include <qcustomplot.h>

#include <functional>

namespace ws {

void styleAxes(QCustomPlot* plot, const QFont& font);
// The colour scheme's background, text and grid colours on every axis,
// legend (and its entries) and default-coloured title of the plot, keeping
// each pen's style.
void applySchemeColours(QCustomPlot* plot);
// Applies the scheme's colours before every replot, and calls `rebuild`
// whenever the scheme changes: curves drawn in the text colour (a vendor
// line, a peak) are made anew in the new one.
void followColourScheme(QCustomPlot* plot, std::function<void()> rebuild);
// After every replot, fewer ticks on any axis whose labels would touch: large
// fonts on a projector, or a narrow view, never print overlapping numbers.
void keepTickLabelsApart(QCustomPlot* plot);
// The plot's axis rect laid out at the plot's size now. A QCustomPlot lays
// itself out in its own resize event, which a plot not yet shown has not
// had: a note wrapped to the width before was cut at the axis's edge. Every
// view that fits notes or headroom to the axes asks here.
QRect axisRectNow(QCustomPlot* plot);
QCPScatterStyle::ScatterShape seriesShape(int index);
// The narrowest a plot whose title, notes and legend wrap to its width asks
// to be: its axes' tick labels and a few words a line. Held by its one-line
// texts instead, a plot kept a laptop's dock (and the window) too wide.
inline constexpr int kNarrowestPlot = 240;
// Log ticks labelled 0.1, 1, 10, 100 ... or 1 k, 10 k.
QSharedPointer<QCPAxisTickerLog> decadeTicker();

}  // namespace ws
