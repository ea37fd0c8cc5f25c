#include "widgets/profile/profile_messages.h"

#include <QCoreApplication>

namespace ws {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("ProfileMessages", text); }

// The recorder's own sentence first: it knows why (no permission, no CUPTI,
// a GPU the sampler does not support).
QString unavailable(const Run* run, bool recorded, const std::string& why, const char* noRun,
                    const char* notAsked, const char* noneTaken) {
    if (!run) return tr(noRun);
    if (recorded) return {};
    if (!why.empty()) return QString::fromStdString(why);
    if (!run->profile.requested) return tr(notAsked);
    return tr(noneTaken);
}

}  // namespace

QString stallsUnavailableText(const Run* run) {
    return unavailable(
        run, run && run->profile.hasStalls(), run ? run->profile.stallsUnavailable : std::string(),
        "Open a run to see where its warps waited.",
        "This run was recorded without its profile: record it again with warpscope-record run "
        "--why to see where its warps waited.",
        "The profile holds no stall samples: a kernel shorter than one sampling period draws "
        "none.");
}

QString countersUnavailableText(const Run* run) {
    return unavailable(run, run && run->profile.hasCounters(),
                       run ? run->profile.countersUnavailable : std::string(),
                       "Open a run to see its hardware counters.",
                       "This run was recorded without its profile: record it again with "
                       "warpscope-record run --why to see its hardware counters.",
                       "The profile holds no hardware counters.");
}

}  // namespace ws
