#pragma once
// A legend below a plot, in as many columns as the plot's width holds: at a
// laptop's width or a projector's font the entries stack instead of holding
// the plot (and the window) wider than the screen.
class QCPLegend;

namespace ws {

// The most columns, from 1 to `most`, whose rows of entries fit `width`
// pixels (entries fill rows left to right, as QCPLegend::foColumnsFirst).
int legendColumnsThatFit(const QCPLegend* legend, int width, int most);
// Gives the legend that many columns, moving its entries if it changes.
void fitLegendColumns(QCPLegend* legend, int width, int most);
// The width a legend of one column needs: its widest entry and its margins.
int oneColumnLegendWidth(const QCPLegend* legend);
// Breaks each entry's name into lines no wider than the legend's room in
// `width` (its full name kept aside, so that a wider plot joins the lines
// again): a long entry in a narrow dock was cut instead.
void wrapLegendNames(QCPLegend* legend, int width);

}  // namespace ws
