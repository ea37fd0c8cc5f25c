#include "widgets/view_painting.h"

#include <QFontMetrics>
#include <algorithm>

#include "widgets/palette.h"

namespace ws {

QFont titleFont(const QFont& base) {
    QFont f = base;
    f.setBold(true);
    return f;
}

void drawTitle(QPainter& p, const QFont& base, const QRect& line, const QString& text, int flags) {
    const QFont title = titleFont(base);
    p.setFont(title);
    p.drawText(line, flags, QFontMetrics(title).elidedText(text, Qt::ElideRight, line.width()));
    p.setFont(base);
}

namespace {
// Lays the items out left to right, wrapping; calls draw(item, swatchRect,
// textRect, text). An entry wider than the whole area takes several lines
// (cut, it read "conflict: a bank serves several words (+1 pass e").
template <typename Draw>
int layoutLegend(const QFont& font, const QRect& area, const std::vector<LegendItem>& items,
                 Draw&& draw) {
    const QFontMetrics fm(font);
    const int h = fm.height();
    const int sw = h;  // swatch as tall as a line of text
    const int space = fm.horizontalAdvance(' ');
    const int gap = fm.horizontalAdvance(QStringLiteral("  "));
    const int room = std::max(40, area.width() - sw - space);
    int x = area.left(), y = area.top(), rowH = h;
    for (const auto& item : items) {
        const QString text = fm.horizontalAdvance(item.label) > room
                                 ? wrapToWidth(fm, item.label, room)
                                 : item.label;
        int textW = 0;
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (const QString& line : lines) textW = std::max(textW, fm.horizontalAdvance(line));
        const int w = sw + space + textW;
        if (x > area.left() && x + w > area.right()) {
            x = area.left();
            y += rowH + 4;
            rowH = h;
        }
        rowH = std::max(rowH, int(lines.size()) * h);
        draw(item, QRect(x, y, sw, h), QRect(x + sw + space, y, textW + 1, int(lines.size()) * h),
             text);
        x += w + gap;
    }
    return items.empty() ? 0 : y - area.top() + rowH + 4;
}
}  // namespace

int legendHeight(const QFont& font, int width, const std::vector<LegendItem>& items) {
    return layoutLegend(font, QRect(0, 0, width, 1000), items, [](auto&&...) {});
}

int drawLegend(QPainter& p, const QRect& area, const std::vector<LegendItem>& items) {
    return layoutLegend(p.font(), area, items,
                        [&](const LegendItem& item, QRect sw, QRect textRect, const QString& text) {
                            const QRect r = sw.adjusted(2, 2, -2, -2);
                            if (item.outlineOnly) {
                                p.setPen(QPen(item.colour, 3));
                                p.setBrush(Qt::NoBrush);
                            } else {
                                p.setPen(QPen(palette::mutedText(), 1));
                                p.setBrush(item.colour);
                            }
                            p.drawRect(r);
                            p.setPen(palette::text());
                            p.drawText(textRect, Qt::AlignLeft | Qt::AlignTop, text);
                        });
}

void drawMessage(QPainter& p, const QRect& area, const QString& text) {
    p.setPen(palette::mutedText());
    p.drawText(area.adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, text);
}

QString wrapToWidth(const QFontMetrics& fm, const QString& text, int width) {
    QStringList out;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && fm.horizontalAdvance(longer) > width) {
                out << line;
                line = word;
            } else {
                line = longer;
            }
        }
        out << line;
    }
    return out.join(QLatin1Char('\n'));
}

QString wrapToLines(const QFontMetrics& fm, const QString& text, int width, int lines) {
    QStringList all = wrapToWidth(fm, text, width).split(QLatin1Char('\n'));
    if (all.size() <= lines) return all.join(QLatin1Char('\n'));
    if (lines <= 0) return {};
    QStringList shown = all.mid(0, lines);
    // The rest run on from the last line shown and are elided there.
    const QString rest = QStringList(all.mid(lines)).join(QLatin1Char(' '));
    shown.back() = fm.elidedText(shown.back() + QLatin1Char(' ') + rest, Qt::ElideRight, width);
    return shown.join(QLatin1Char('\n'));
}

QRectF tickLabelBox(const QFontMetrics& fm, const QString& text, double x, double top, double left,
                    double right) {
    const double w = fm.horizontalAdvance(text) + 2;
    const double start = std::clamp(x - w / 2, left, std::max(left, right - w));
    return QRectF(start, top, w, fm.height());
}

}  // namespace ws
