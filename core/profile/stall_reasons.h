#pragma once
// CUPTI's warp stall reasons in plain words. PC sampling names each reason
// "smsp__pcsamp_warps_issue_stalled_<key>"; on Hopper each also comes as a
// "<key>_not_issued" variant that counts the part of the same samples in
// which the scheduler issued no instruction at all. A variant is a second
// look at samples already counted, so totals never add it.
#include <string>
#include <string_view>
#include <vector>

namespace ws {

inline constexpr std::string_view kStallReasonPrefix = "smsp__pcsamp_warps_issue_stalled_";
inline constexpr std::string_view kNotIssuedSuffix = "_not_issued";

struct KnownStallReason {
    std::string_view key;     // "long_scoreboard"
    std::string_view words;   // "waiting for global memory"
    std::string_view detail;  // what the hardware waits on, for a tooltip
};

// The reasons PC sampling reports on Hopper. A reason's place in this list
// is its colour index: those that most often dominate a kernel come first,
// so they get colours of their own, and a few rare ones sit before
// "selected" (sampled in nearly every kernel) so that the view's colour for
// it is not one close to a common reason's.
const std::vector<KnownStallReason>& knownStallReasons();

// "long_scoreboard" for "smsp__pcsamp_warps_issue_stalled_long_scoreboard"
// and for its "_not_issued" variant; a name without the prefix is its own key.
std::string stallReasonKey(std::string_view cuptiName);
bool isNotIssuedVariant(std::string_view cuptiName);

// "waiting for global memory"; a reason this list lacks reads as its key
// with spaces for underscores, so a newer CUPTI's reasons still show.
std::string stallReasonWords(std::string_view cuptiName);
// The detail sentence of a known reason, "" for others.
std::string stallReasonDetail(std::string_view cuptiName);

// A colour index that depends only on the reason (a variant shares its
// reason's), never on which reasons a run happened to draw: the same reason
// keeps its colour from one kernel, view and run to the next. Known reasons
// take 0 .. knownStallReasons().size() - 1; others a stable index past them.
int stallReasonColourIndex(std::string_view cuptiName);

}  // namespace ws
