#pragma once
// Colours that stay distinguishable for the common colour-vision deficiencies
// and on a washed-out projector: Okabe & Ito's eight, and Paul Tol's muted set
// for many categories (SMs).
#include <QColor>

#include "widgets/model/block_ref.h"

namespace ws::palette {

QColor okabeIto(int index);     // cycles through the 7 non-black colours
QColor categorical(int index);  // Tol muted, 9 colours, cycles
QColor stateColour(BlockState state);
QColor smColour(unsigned sm);
QColor seriesColour(int index);  // plot curves
QColor background();
QColor gridLine();
QColor text();
QColor mutedText();
QColor selection();  // outline of the selected block
QColor hover();
QColor playhead();
QColor future();  // what has not happened yet at the playback time
// A cell or row set off from the background (an active lane, the variant on
// show), with text() still readable on it; and a second tone for cells that
// alternate with it (a warp's phases).
QColor cellFill();
QColor cellFillAlternate();
QColor rowStripe();
// Laid over what has not happened yet at the playback time: the background,
// mostly opaque.
QColor futureVeil();
// Behind a label laid over data (a launch's name, a chart's "mean"): the
// background, half see-through, so the data beneath stays in view.
QColor labelPlate();
// A row set apart by a warm tint (an opcode only one version has), with
// text() readable on it.
QColor markedRow();  // every other row of a long table of lanes
QColor idleCell();   // a lane that sat out a step: quiet, never brighter than the view
// Black or white, whichever contrasts more with `fill` (WCAG's relative
// luminance): white labels on sky-blue warp chips read poorly on a projector.
QColor textOn(const QColor& fill);

}  // namespace ws::palette
