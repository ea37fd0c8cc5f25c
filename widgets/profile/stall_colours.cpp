#include "widgets/profile/stall_colours.h"

#include "core/profile/stall_reasons.h"
#include "widgets/view/palette.h"

namespace ws {

QColor stallReasonColour(int colourIndex) {
    // The first reasons (those that most often dominate) take the primary
    // set, the rest the muted one: with the default sets the first sixteen
    // reasons differ; the legend's words tell apart any that meet again.
    constexpr int kPrimary = 7;
    return colourIndex < kPrimary ? palette::okabeIto(colourIndex)
                                  : palette::categorical(colourIndex - kPrimary);
}

QColor stallReasonColour(std::string_view cuptiName) {
    return stallReasonColour(stallReasonColourIndex(cuptiName));
}

}  // namespace ws
