#pragma once
// A view's caption line that keeps its value. Elided at a projector's width,
// captions lost what they were there for ("result 45…", "1 wa…", "2 phases
// of 16 la…"): a line too wide for its box drops its least important pieces
// first, and the value is shortened only where it alone is still too wide.
#include <QFontMetrics>
#include <QString>
#include <QStringList>
#include <vector>

namespace ws {

// One piece of a caption line, in reading order. Where the line is too
// wide, the lightest pieces go first (of equal weight, the later one);
// pieces of kCaptionValue weight never go.
struct CaptionPiece {
    QString text;
    int weight = 0;
};
inline constexpr int kCaptionValue = 1000;

// The pieces that fit `width`, joined as written.
QString fitCaptionPieces(const QFontMetrics& fm, int width,
                         const std::vector<CaptionPiece>& pieces);
// The first wording whose pieces fit `width` (fitCaptionPieces, each
// wording giving up its light pieces first), the fullest wording first;
// where none does, the last, elided.
QString fitCaptionWordings(const QFontMetrics& fm, int width,
                           const std::vector<std::vector<CaptionPiece>>& wordings);
// The first of `forms` (the fullest first) that fits `width`; where none
// does, the last, elided at its end.
QString fitCaptionForms(const QFontMetrics& fm, int width, const QStringList& forms);

}  // namespace ws
