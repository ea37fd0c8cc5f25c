#include "widgets/view/view_painting.h"

#include <QFontMetrics>
#include <algorithm>

#include "widgets/view/palette.h"
#include "widgets/view/whole_lines.h"

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

int layoutLegendEntries(const QFont& font, const QRect& area, const QStringList& labels, int swatch,
                        const LegendEntryPainter& draw) {
    const QFontMetrics fm(font);
    const int h = fm.height();
    const int space = fm.horizontalAdvance(' ');
    const int gap = fm.horizontalAdvance(QStringLiteral("  "));
    const int room = std::max(40, area.width() - swatch - space);
    int x = area.left(), y = area.top(), rowH = swatch;
    for (int i = 0; i < labels.size(); ++i) {
        const QString& label = labels[i];
        const QString text =
            fm.horizontalAdvance(label) > room ? wrapToWidth(fm, label, room) : label;
        int textW = 0;
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (const QString& line : lines) textW = std::max(textW, fm.horizontalAdvance(line));
        const int textH = int(lines.size()) * h;
        const int w = swatch + space + textW;
        if (x > area.left() && x + w > area.right()) {
            x = area.left();
            y += rowH + 4;
            rowH = swatch;
        }
        rowH = std::max(rowH, textH);
        // A line of text beside its swatch, centred on it.
        const int textTop = y + std::max(0, (swatch - h) / 2);
        if (draw)
            draw(i, QRect(x, y, swatch, swatch),
                 QRect(x + swatch + space, textTop, textW + 1, textH), text);
        x += w + gap;
    }
    return labels.isEmpty() ? 0 : y - area.top() + rowH + 4;
}

namespace {
QStringList labelsOf(const std::vector<LegendItem>& items) {
    QStringList labels;
    for (const auto& item : items) labels << item.label;
    return labels;
}
}  // namespace

int legendHeight(const QFont& font, int width, const std::vector<LegendItem>& items) {
    return layoutLegendEntries(font, QRect(0, 0, width, 1000), labelsOf(items),
                               QFontMetrics(font).height());
}

int drawLegend(QPainter& p, const QRect& area, const std::vector<LegendItem>& items) {
    return layoutLegendEntries(
        p.font(), area, labelsOf(items), QFontMetrics(p.font()).height(),
        [&](int i, const QRect& sw, const QRect& textRect, const QString& text) {
            const LegendItem& item = items[std::size_t(i)];
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
    return linesWithin(fm, text, width, width, false).join(QLatin1Char('\n'));
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
