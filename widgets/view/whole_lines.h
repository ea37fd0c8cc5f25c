#pragma once
// Text broken into lines that each fit a width. The one way views break
// text: wholeLines leaves nothing out (the why-slow views' captions, source
// lines and notes on a projected slide's half, where an elided "line 71: 31
// instr…" hid what the text was for); wrapToWidth (view_painting.h), for the
// plots' notes, keeps a word too wide for a line whole.
#include <QFontMetrics>
#include <QString>
#include <QStringList>

namespace ws {

// `text` broken at spaces into lines no wider than `width`; a word wider
// than a line on its own (a long template argument, a file's name) is broken
// inside, after a bracket, comma or other punctuation where one is near. The
// first line may be given less room (`firstWidth`, when it follows a label on
// its row); where not even the first word fits there the first line is ""
// and the text starts on the next. Runs of spaces count as one; a no-break
// space (keepNumbersWithUnits, keptTogether) never breaks, and is drawn as a
// space.
QStringList wholeLines(const QFontMetrics& fm, const QString& text, int width, int firstWidth = -1);

// The breaking both share: at spaces, each paragraph (line break) on its own;
// a word wider than a line is broken inside only where `breakWords`.
QStringList linesWithin(const QFontMetrics& fm, const QString& text, int width, int firstWidth,
                        bool breakWords);

// At most `lines` of wholeLines' lines (at least one): where text is left
// over, the last one shown ends in "…". Only where the room itself runs
// out, not the width.
QStringList wholeLinesUpTo(const QFontMetrics& fm, const QString& text, int width, int lines);

// `text` whose last space does not break: "line 71", "31 instructions",
// "memory_trace.h line 57" broken before "line", never inside "line 57".
QString keptTogether(QString text);

}  // namespace ws
