#pragma once
// Small painting pieces every view shares: a title line and a legend of
// colour swatches, sized from the widget's font so that a larger UI font
// (projection) scales them too.
#include <QColor>
#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <QRect>
#include <QRectF>
#include <QString>
#include <functional>
#include <vector>

namespace ws {

struct LegendItem {
    QColor colour;
    QString label;
    bool outlineOnly = false;  // an outline marker (selection) rather than a fill
};

QFont titleFont(const QFont& base);
// A view's title line: in the title font, elided by that font's own width so
// a long title ends in "…" instead of being cut; the painter's font is
// `base` again afterwards.
void drawTitle(QPainter& p, const QFont& base, const QRect& line, const QString& text,
               int flags = Qt::AlignLeft);
// Legend entries laid out left to right in `area`, rows wrapping, and an
// entry wider than the whole area on several lines (cut at the edge, one
// read "… (+1 pass e"). `swatch` is the side of each entry's swatch; draw
// paints entry i (none: only measure). Returns the height used.
using LegendEntryPainter =
    std::function<void(int i, const QRect& swatch, const QRect& text, const QString& lines)>;
int layoutLegendEntries(const QFont& font, const QRect& area, const QStringList& labels, int swatch,
                        const LegendEntryPainter& draw = {});
// Height the legend needs when wrapped into `width`.
int legendHeight(const QFont& font, int width, const std::vector<LegendItem>& items);
// Draws the legend from the top-left of `area`, wrapping; returns the height used.
int drawLegend(QPainter& p, const QRect& area, const std::vector<LegendItem>& items);
// Centered explanatory text for an empty or untraced view.
void drawMessage(QPainter& p, const QRect& area, const QString& text);
// The box of an axis tick's label centred on x, moved inward where it would
// cross `left` or `right`: the label of a tick at the plot's edge stays whole.
// The time axes of the SM timeline, the work-queue timeline and the pages
// view place their labels with it.
QRectF tickLabelBox(const QFontMetrics& fm, const QString& text, double x, double top, double left,
                    double right);
// `text` broken at spaces into lines no wider than `width` (its own line
// breaks kept; a single word wider than `width` stays whole): for notes in
// plots, whose text items do not wrap.
QString wrapToWidth(const QFontMetrics& fm, const QString& text, int width);
// wrapToWidth's lines, at most `lines` of them: where text is left over, the
// last line shown ends in "…", so that a cut reads as one.
QString wrapToLines(const QFontMetrics& fm, const QString& text, int width, int lines);

}  // namespace ws
