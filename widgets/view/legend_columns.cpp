#include "widgets/view/legend_columns.h"

#include <qcustomplot.h>

#include <algorithm>
#include <vector>

#include "widgets/view/view_painting.h"

namespace ws {

namespace {

std::vector<int> entryWidths(const QCPLegend* legend) {
    std::vector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            widths.push_back(item->minimumOuterSizeHint().width());
    return widths;
}

int rowWidth(const std::vector<int>& widths, int columns, const QCPLegend* legend) {
    int total = legend->margins().left() + legend->margins().right() +
                (columns - 1) * legend->columnSpacing();
    for (int c = 0; c < columns; ++c) {
        int widest = 0;
        for (std::size_t i = std::size_t(c); i < widths.size(); i += std::size_t(columns))
            widest = std::max(widest, widths[i]);
        total += widest;
    }
    return total;
}

}  // namespace

int legendColumnsThatFit(const QCPLegend* legend, int width, int most) {
    const std::vector<int> widths = entryWidths(legend);
    most = std::max(1, std::min(most, int(widths.size())));
    // With room to spare: the entries' text, measured here, painted wider in
    // a projector's font (a third column's "seed-tiled-bug" ran 8 px and
    // more past a cell that fit it exactly).
    for (int columns = most; columns > 1; --columns)
        if (rowWidth(widths, columns, legend) * 1.06 + 8 <= width) return columns;
    return 1;
}

void fitLegendColumns(QCPLegend* legend, int width, int most) {
    const int columns = legendColumnsThatFit(legend, width, most);
    if (legend->wrap() == columns && legend->fillOrder() == QCPLayoutGrid::foColumnsFirst) return;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

int oneColumnLegendWidth(const QCPLegend* legend) {
    return rowWidth(entryWidths(legend), 1, legend);
}

void wrapLegendNames(QCPLegend* legend, int width) {
    const QFontMetrics fm(legend->font());
    const int room = width - legend->margins().left() - legend->margins().right() -
                     legend->iconSize().width() - 2 * legend->iconTextPadding() - 8;
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        if (!item) continue;
        QCPAbstractPlottable* plottable = item->plottable();
        QVariant full = plottable->property("wsFullName");
        if (!full.isValid()) {
            full = plottable->name();
            plottable->setProperty("wsFullName", full);
        }
        plottable->setName(wrapToWidth(fm, full.toString(), std::max(60, room)));
    }
}

}  // namespace ws
