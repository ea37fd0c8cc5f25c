#pragma once
// A slide's figures and expectations judged against a set of runs: what the
// speaker's notes window, `warpscope --check-lesson` and `warpscope-record
// record-lesson` each report, worked out once here.
#include <optional>
#include <string>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/lesson/narration.h"

namespace ws::lesson {

// A text field of the slide ("narration", "fragments[2].narration",
// "notes") naming a figure the runs cannot fill, and why.
struct FieldProblem {
    std::string field;
    std::string message;
};
std::vector<FieldProblem> figureProblems(const Slide& slide, const NarrationRuns& runs);

// One expectation: whether it held (unset where it cannot be judged, with
// the reason), and both sides with their figures filled in ("292 cycles >
// 51.0 cycles").
struct ExpectationVerdict {
    std::string text;
    std::optional<bool> held;
    std::string values;
    std::string why;  // why it cannot be judged
};
std::vector<ExpectationVerdict> judgeExpectations(const Slide& slide, const NarrationRuns& runs);

}  // namespace ws::lesson
