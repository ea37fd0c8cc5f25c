#include "core/figures/overhead_text.h"

#include <cstdio>

namespace ws {

namespace {

enum class Overhead {
    NotMeasured,     // the recording build was not timed
    Measured,        // above the launches' spread, or no spread known
    WithinSpread,    // positive, but no more than the launches vary
    NoneMeasurable,  // below zero within the spread: noise
    Faster,          // below zero beyond the spread: the builds differ
};

Overhead classify(const Timing& t) {
    const double o = t.overheadPercent, spread = t.kernelCvPercent;
    // The recording build was not timed (the unified-memory lab, whose
    // migrations a second run would not repeat): no figure, not "+0.00 %".
    if (t.recordedKernelMs <= 0 && o == 0) return Overhead::NotMeasured;
    const bool knownSpread = !t.kernelSamplesMs.empty() && spread > 0;
    if (o >= 0) return knownSpread && o <= spread ? Overhead::WithinSpread : Overhead::Measured;
    return !knownSpread || -o <= spread ? Overhead::NoneMeasurable : Overhead::Faster;
}

}  // namespace

std::string recordingOverheadText(const Timing& t) {
    const double o = t.overheadPercent, spread = t.kernelCvPercent;
    const bool knownSpread = !t.kernelSamplesMs.empty() && spread > 0;
    char text[200];
    switch (classify(t)) {
        case Overhead::NotMeasured:
            return "not measured";
        case Overhead::Measured:
            std::snprintf(text, sizeof text, "%+.2f %%", o);
            break;
        case Overhead::WithinSpread:
            std::snprintf(text, sizeof text, "%+.2f %% (within the launches' spread of ± %.1f %%)",
                          o, spread);
            break;
        case Overhead::NoneMeasurable:
            if (knownSpread)
                std::snprintf(text, sizeof text,
                              "none measurable (%.2f %%; the launches vary by ± %.1f %%)", o,
                              spread);
            else
                std::snprintf(text, sizeof text, "none measurable (%.2f %%)", o);
            break;
        case Overhead::Faster:
            std::snprintf(text, sizeof text,
                          "%.2f %%: the recording build ran faster than the plain one, beyond "
                          "the launches' spread of ± %.1f %%",
                          o, spread);
            break;
    }
    return text;
}

std::string recordingOverheadShort(const Timing& t) {
    char text[64];
    switch (classify(t)) {
        case Overhead::NotMeasured:
            return "not measured";
        case Overhead::NoneMeasurable:
            return "none measurable";
        case Overhead::Faster:
            std::snprintf(text, sizeof text, "%.1f %% (faster?)", t.overheadPercent);
            return text;
        case Overhead::Measured:
        case Overhead::WithinSpread:
            break;
    }
    std::snprintf(text, sizeof text, "%+.1f %%", t.overheadPercent);
    return text;
}

}  // namespace ws
