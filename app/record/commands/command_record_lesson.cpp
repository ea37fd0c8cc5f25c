// `record-lesson`: every run a lesson shows, recorded on this GPU into one
// folder that `warpscope --lesson L --traces DIR` presents; progress on
// stderr, then what each slide's expectations made of the new runs.
#include <map>
#include <memory>
#include <ostream>

#include "app/record/commands/lesson_plan.h"
#include "app/record/commands/manifest.h"
#include "app/record/commands/measured_run.h"
#include "app/record/commands/record_commands.h"
#include "app/record/commands/run_summary.h"
#include "core/catalog/catalog.h"
#include "core/common/output_path.h"
#include "core/lesson/lesson_parse.h"
#include "core/lesson/narration.h"
#include "core/run/drop_records.h"
#include "core/trace/trace_io.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {

namespace fs = std::filesystem;

namespace {

// Each slide's figures and expectations against the runs just recorded:
// one line per expectation, held or broken, and one per figure a caption
// names that the runs lack. Returns how many held and how many were judged.
std::pair<int, int> reportExpectations(const lesson::Lesson& lesson,
                                       const std::map<std::string, std::shared_ptr<Run>>& runs,
                                       std::ostream& err) {
    auto find = [&](const lesson::RunChoice* choice) -> const Run* {
        if (!choice || choice->empty()) return nullptr;
        const auto it = runs.find(lesson::recordedTraceName(*choice));
        return it == runs.end() ? nullptr : it->second.get();
    };
    int held = 0, judged = 0;
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const lesson::Slide& s = lesson.slides[i];
        lesson::NarrationRuns named{find(lesson::runOf(lesson, int(i))), find(&s.compare), {}};
        for (const auto& [name, choice] : s.figuresFrom) named.named[name] = find(&choice);
        const std::string place = lesson::slidePlace(lesson, int(i));
        std::vector<std::pair<std::string, std::string>> texts = {
            {"narration", s.opening.narration}, {"notes", s.notes}};
        for (std::size_t f = 0; f < s.fragments.size(); ++f)
            texts.push_back(
                {"fragments[" + std::to_string(f + 1) + "].narration", s.fragments[f].narration});
        for (const auto& [field, text] : texts)
            if (auto r = lesson::resolveNarration(text, named); !r)
                err << place << ", field '" << field << "': " << r.error() << "\n";
        for (const std::string& text : s.expect) {
            auto e = lesson::parseExpectation(text);
            if (!e) continue;  // the lesson loaded, so it parses
            auto holds = lesson::expectationHolds(*e, named);
            const std::string values =
                lesson::resolveNarrationOrEllipsis(e->left + " " + e->op + " " + e->right, named);
            if (!holds) {
                err << place << ": not judged: " << text << " (" << holds.error() << ")\n";
                continue;
            }
            ++judged;
            held += *holds;
            err << place << ": " << (*holds ? "held" : "BROKEN") << ": " << text << "  (" << values
                << ")\n";
        }
    }
    return {held, judged};
}

}  // namespace

int recordLessonCommand(const std::string& lessonName, const std::vector<fs::path>& lessonDirs,
                        const std::vector<fs::path>& bundledTraceDirs, const fs::path& dir,
                        int repetitions, std::ostream& out, std::ostream& err) {
    const fs::path path = findLesson(lessonName, lessonDirs);
    if (path.empty()) {
        err << "warpscope-record: no lesson '" << lessonName
            << "': not a file, and not a bundled lesson\n";
        return kUsage;
    }
    auto lesson = lesson::loadLesson(path);
    if (!lesson) {
        err << "warpscope-record: " << lesson.error() << "\n";
        return kUsage;
    }
    std::vector<fs::path> traceDirs = {path.parent_path()};
    traceDirs.insert(traceDirs.end(), bundledTraceDirs.begin(), bundledTraceDirs.end());
    auto plan = planLessonRuns(*lesson, traceDirs);
    if (!plan) {
        err << "warpscope-record: " << plan.error() << "\n";
        return kUsage;
    }
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        err << "warpscope-record: cannot record " << path.filename().string() << ": " << reason
            << "\n";
        return kFailed;
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        err << "warpscope-record: cannot create " << dir.string() << ": " << ec.message() << "\n";
        return kFailed;
    }
    if (Status writable = checkOutputPath(dir / "manifest.json"); !writable) {
        err << "warpscope-record: " << writable.error() << "\n";
        return kFailed;
    }
    err << path.filename().string() << ": " << plan->size() << " runs for " << lesson->slides.size()
        << " slides\n";
    RunOptions options;
    options.repetitions = repetitions;
    int failures = 0;
    std::map<std::string, std::shared_ptr<Run>> recorded;
    for (std::size_t i = 0; i < plan->size(); ++i) {
        const PlannedRun& p = (*plan)[i];
        std::string slides;
        for (int s : p.slides) slides += (slides.empty() ? "" : ", ") + std::to_string(s + 1);
        err << "[" << i + 1 << "/" << plan->size() << "] " << p.spec->id << " "
            << paramsText(p.params) << " (slide" << (p.slides.size() > 1 ? "s " : " ") << slides
            << "): " << std::flush;
        RunRequest request{p.spec, p.params, options};
        auto measured = measuredRun(request, reportingHooks(err));
        if (!measured) {
            err << "error: " << measured.error() << "\n";
            ++failures;
            continue;
        }
        auto run = std::make_shared<Run>(std::move(measured->run));
        run->tool = toolName();
        if (!p.keepRecords) dropRecords(*run);
        Status saved = saveTrace(*run, dir / p.file);
        if (saved) saved = updateManifest(dir, p.file, *run);
        if (!saved) {
            err << "error: " << saved.error() << "\n";
            ++failures;
            continue;
        }
        err << runSummaryLine(*run) << "\n";
        // A setting that is wrong by design (the seed's printed bug, a kernel
        // without its bounds check) is shown failing its check: that is its
        // slide's point, not a failed recording.
        const bool byDesign = p.spec->failsByDesign && p.spec->failsByDesign(p.params);
        if (run->verification.checked && !run->verification.passed && !byDesign) ++failures;
        out << (dir / p.file).string() << "\n";
        recorded[p.file] = std::move(run);
    }
    const auto [held, judged] = reportExpectations(*lesson, recorded, err);
    err << plan->size() - failures << " of " << plan->size() << " runs recorded and verified; "
        << held << " of " << judged << " expectations held\n";
    return failures == 0 ? kOk : kFailed;
}

}  // namespace ws::record
