#pragma once
// Renders a widget tree into a paint device that records every piece of text
// drawn (its string, pixel height and box) instead of pixels: what a test
// needs to say "no text smaller than 20 px" and "no two labels overlap" of a
// slide as the projector shows it. QCustomPlot plots paint from a bitmap
// buffer, so they are rendered through their own vector path.
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <vector>

class QWidget;

namespace ws::test {

struct DrawnText {
    QString text;
    double pixelHeight = 0;  // ascent + descent, in device pixels
    double fontPixels = 0;   // the font's em size in device pixels (96 dpi)
    QRectF box;              // in the probed widget's coordinates
    QString widget;          // class and object name of the widget that drew it
    QPolygonF shape;         // the text's own rectangle, turned as it was drawn
    bool turned = false;     // drawn at an angle (rotated tick labels)
    // Shortened with "…" (elided) or reaching out of the painter's clip (a
    // text wider than the box drawText gave it, or than its widget): what
    // a projected caption must never do to its value.
    bool cut = false;
};

std::vector<DrawnText> probeText(QWidget* root);

// Pairs of texts whose boxes overlap by more than `fraction` of the smaller
// box's area (drawn by different calls; texts painted over a box of their own,
// such as the playhead's time, are the caller's to allow).
std::vector<std::pair<DrawnText, DrawnText>> overlappingTexts(const std::vector<DrawnText>& texts,
                                                              double fraction = 0.25);

}  // namespace ws::test
