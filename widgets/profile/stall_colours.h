#pragma once
// The colour of a stall reason, from its stable index
// (core/profile/stall_reasons.h) through the palette, so a reason keeps its
// colour across kernels and runs and follows the colour scheme and the
// categorical set the user picked.
#include <QColor>
#include <string_view>

namespace ws {

QColor stallReasonColour(int colourIndex);
QColor stallReasonColour(std::string_view cuptiName);

}  // namespace ws
