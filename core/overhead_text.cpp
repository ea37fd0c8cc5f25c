#include "core/overhead_text.h"

#include <cstdio>

namespace ws {

std::string recordingOverheadText(const Timing& t) {
    const double o = t.overheadPercent, spread = t.kernelCvPercent;
    // The recording build was not timed (the unified-memory lab, whose
    // migrations a second run would not repeat): no figure, not "+0.00 %".
    if (t.recordedKernelMs <= 0 && o == 0) return "not measured";
    const bool knownSpread = !t.kernelSamplesMs.empty() && spread > 0;
    char text[200];
    if (o >= 0) {
        if (knownSpread && o <= spread)
            std::snprintf(text, sizeof text, "%+.2f %% (within the launches' spread of ± %.1f %%)",
                          o, spread);
        else
            std::snprintf(text, sizeof text, "%+.2f %%", o);
    } else if (!knownSpread || -o <= spread) {
        if (knownSpread)
            std::snprintf(text, sizeof text,
                          "none measurable (%.2f %%; the launches vary by ± %.1f %%)", o, spread);
        else
            std::snprintf(text, sizeof text, "none measurable (%.2f %%)", o);
    } else {
        std::snprintf(text, sizeof text,
                      "%.2f %%: the recording build ran faster than the plain one, beyond the "
                      "launches' spread of ± %.1f %%",
                      o, spread);
    }
    return text;
}

}  // namespace ws
