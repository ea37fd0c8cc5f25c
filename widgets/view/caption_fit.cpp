#include "widgets/view/caption_fit.h"

#include <algorithm>

namespace ws {

namespace {
// Whole within `width`, with a pixel to spare: a line exactly as wide as
// its box was elided all the same by the painter's own measure ("1 wa…").
bool fits(const QFontMetrics& fm, const QString& text, int width) {
    return fm.horizontalAdvance(text) + 2 <= width;
}
}  // namespace

QString fitCaptionPieces(const QFontMetrics& fm, int width,
                         const std::vector<CaptionPiece>& pieces) {
    std::vector<bool> kept(pieces.size(), true);
    auto joined = [&] {
        QString s;
        for (std::size_t i = 0; i < pieces.size(); ++i)
            if (kept[i]) s += pieces[i].text;
        // A line's own indent stays; the space a dropped first piece left does not.
        if (!pieces.empty() && !kept[0])
            while (s.startsWith(QLatin1Char(' '))) s.remove(0, 1);
        while (s.endsWith(QLatin1Char(' '))) s.chop(1);
        return s;
    };
    // Dropping order: lightest first, of equal weight the one read last.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (pieces[i].weight < kCaptionValue) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (pieces[a].weight != pieces[b].weight) return pieces[a].weight < pieces[b].weight;
        return a > b;
    });
    QString line = joined();
    for (std::size_t i : order) {
        if (fits(fm, line, width)) return line;
        kept[i] = false;
        line = joined();
    }
    return fits(fm, line, width) ? line : fm.elidedText(line, Qt::ElideRight, width);
}

QString fitCaptionWordings(const QFontMetrics& fm, int width,
                           const std::vector<std::vector<CaptionPiece>>& wordings) {
    QString line;
    for (const auto& pieces : wordings) {
        line = fitCaptionPieces(fm, width, pieces);
        if (fits(fm, line, width) && !line.endsWith(QChar(0x2026))) return line;
    }
    return line;
}

QString fitCaptionForms(const QFontMetrics& fm, int width, const QStringList& forms) {
    for (const QString& f : forms)
        if (fits(fm, f, width)) return f;
    return forms.isEmpty() ? QString() : fm.elidedText(forms.back(), Qt::ElideRight, width);
}

}  // namespace ws
