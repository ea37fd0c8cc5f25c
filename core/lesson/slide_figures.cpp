#include "core/lesson/slide_figures.h"

namespace ws::lesson {

std::vector<FieldProblem> figureProblems(const Slide& slide, const NarrationRuns& runs) {
    std::vector<FieldProblem> out;
    auto check = [&](const std::string& field, const std::string& text) {
        if (auto r = resolveNarration(text, runs); !r) out.push_back({field, r.error()});
    };
    check("narration", slide.opening.narration);
    for (std::size_t i = 0; i < slide.fragments.size(); ++i)
        check("fragments[" + std::to_string(i + 1) + "].narration", slide.fragments[i].narration);
    check("notes", slide.notes);
    return out;
}

std::vector<ExpectationVerdict> judgeExpectations(const Slide& slide, const NarrationRuns& runs) {
    std::vector<ExpectationVerdict> out;
    for (const std::string& text : slide.expect) {
        ExpectationVerdict v{text, std::nullopt, {}, {}};
        auto e = parseExpectation(text);
        if (!e) {
            v.why = e.error();
        } else if (auto holds = expectationHolds(*e, runs); !holds) {
            v.why = holds.error();
        } else {
            v.held = *holds;
            v.values = resolveNarrationOrEllipsis(e->left + " " + e->op + " " + e->right, runs);
        }
        out.push_back(std::move(v));
    }
    return out;
}

}  // namespace ws::lesson
