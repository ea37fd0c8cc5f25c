#include "widgets/view/whole_lines.h"

#include <algorithm>

namespace ws {

namespace {

// Where a word too long for a line is broken: after its last bracket, comma
// or other punctuation in the second half of what fits (not inside a "::"),
// else where the line is full.
qsizetype breakAt(const QFontMetrics& fm, const QString& word, int width) {
    qsizetype fits = 1;
    while (fits < word.size() && fm.horizontalAdvance(word.left(fits + 1)) <= width) ++fits;
    const auto insideColons = [&](qsizetype i) {
        return word[i - 1] == QLatin1Char(':') && word[i] == QLatin1Char(':');
    };
    static const QString after = QStringLiteral("([{<,;:.*&_-=+/");
    for (qsizetype i = fits; i > fits / 2; --i)
        if (after.contains(word[i - 1]) && !insideColons(i)) return i;
    return fits > 1 && insideColons(fits) ? fits - 1 : fits;
}

}  // namespace

QStringList linesWithin(const QFontMetrics& fm, const QString& text, int width, int firstWidth,
                        bool breakWords) {
    width = std::max(1, width);
    if (firstWidth < 0) firstWidth = width;
    QStringList out;
    const auto room = [&] { return out.isEmpty() ? firstWidth : width; };
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (QString word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (fm.horizontalAdvance(longer) <= room()) {
                line = longer;
                continue;
            }
            if (!line.isEmpty()) {
                out << line;
                line.clear();
            } else if (out.isEmpty() && firstWidth < width) {
                out << QString();  // not even this word beside the label
            }
            while (breakWords && fm.horizontalAdvance(word) > room()) {
                const qsizetype cut = breakAt(fm, word, room());
                out << word.left(cut);
                word = word.mid(cut);
            }
            line = word;
        }
        out << line;
    }
    return out;
}

QStringList wholeLines(const QFontMetrics& fm, const QString& text, int width, int firstWidth) {
    QStringList out = linesWithin(fm, text, width, firstWidth, true);
    // Drawn, a no-break space is a space.
    for (QString& l : out) l.replace(QChar(0x00A0), QLatin1Char(' '));
    return out;
}

QStringList wholeLinesUpTo(const QFontMetrics& fm, const QString& text, int width, int lines) {
    QStringList all = wholeLines(fm, text, width);
    lines = std::max(1, lines);
    if (all.size() <= lines) return all;
    QStringList shown = all.mid(0, lines);
    shown.back() = fm.elidedText(shown.back() + QLatin1Char(' ') + all[lines], Qt::ElideRight,
                                 std::max(1, width));
    return shown;
}

QString keptTogether(QString text) {
    if (const qsizetype space = text.lastIndexOf(QLatin1Char(' ')); space >= 0)
        text[space] = QChar(0x00A0);
    return text;
}

}  // namespace ws
