#pragma once
// Narration bound to its run: a lesson's narration, notes, fragments and
// expectations name the figures of the slide's runs in braces instead of
// typing them, so a caption always says what the views show, on any GPU
// and for any recording (docs/lessons.md, "Figures in the narration").
//
//   {kernel_ms}           the slide's run: "0.194 ms"
//   {compare.kernel_ms}   the compared run
//   {ratio.kernel_ms}     compared / slide's run: "0.206×"
//   {copy.throughput}     a run the slide names under figures_from
//   {gflops / cublas.gflops}    one figure over another: "0.842×"
//   {gflops / cublas.gflops:%}  the same as a percentage: "84 %"
//   {imbalance:2}         two decimals instead of three significant digits
//   {{ and }}             a brace
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::lesson {

struct Placeholder {
    std::string text;  // as written, braces included
    std::string run;   // "", "compare", "ratio" or a name from the slide's figures_from
    std::string name;  // the figure's name
    std::optional<int> decimals;
    // "{a / b}": the figure divided by a second one, printed as a factor,
    // or with ":%" as a percentage.
    bool divided = false;
    std::string overRun, overName;
    bool percent = false;
};

// The placeholders of `text` in order, or what is wrong with one (an
// unclosed brace, an empty name, a prefix that is no name).
Result<std::vector<Placeholder>> placeholdersIn(const std::string& text);

struct NarrationRuns {
    const Run* run = nullptr;
    const Run* compare = nullptr;             // null where the slide compares nothing
    std::map<std::string, const Run*> named;  // figures_from, those loaded
};

// A GPU other than the slide's own run's that measured figures of a text,
// and the mark those figures carry ("769 TFLOP/s†"): a lesson presented
// from one GPU's recordings may fall back to a run of another (a bundled
// one), and a ratio of two GPUs' figures must not read as one GPU's.
struct OtherGpu {
    std::string mark;               // "†", "‡", ...
    std::string gpu;                // the runs' device name, as recorded
    std::vector<std::string> runs;  // as the text names them: "compare", "cublas"
};
struct MarkedNarration {
    std::string text;
    std::vector<OtherGpu> otherGpus;  // in the order of their marks
};

// The text with every placeholder replaced by its figure, or an error naming
// the first placeholder the runs cannot fill. The second form never fails:
// a placeholder it cannot fill shows as "…", for a caption that must show
// something while a compared run is still loading.
Result<std::string> resolveNarration(const std::string& text, const NarrationRuns& runs);
std::string resolveNarrationOrEllipsis(const std::string& text, const NarrationRuns& runs);
// As resolveNarrationOrEllipsis, with each figure that comes from a run of
// another GPU than the slide's run (a figure of it, a ratio or quotient
// with it) followed by that GPU's mark. Runs whose device has no name are
// never marked: there is nothing to tell apart.
MarkedNarration resolveNarrationMarked(const std::string& text, const NarrationRuns& runs);
// One footnote per mark, for after the text: "† measured on H200, not on
// this slide's H100 80GB HBM3"; with `namingRuns`, the runs too, for the
// speaker ("† cublas measured on H200, ...").
std::vector<std::string> otherGpuNotes(const MarkedNarration& marked, const NarrationRuns& runs,
                                       bool namingRuns = false);
// A device name as a slide says it: "NVIDIA H200" is "H200".
std::string shortGpuName(const std::string& device);

// "{kernel_ms} < {compare.kernel_ms}": two sides (a placeholder or a number)
// and one of <, <=, >, >=.
struct Expectation {
    std::string text;
    std::string left, op, right;
};
Result<Expectation> parseExpectation(const std::string& text);
// Whether it holds for these runs, or why it cannot be judged.
Result<bool> expectationHolds(const Expectation& e, const NarrationRuns& runs);

// Narration as plain text: Markdown's ** and ` markers dropped.
std::string plainText(const std::string& markdown);

}  // namespace ws::lesson
