// `record-lesson`: every run a lesson shows, recorded on this GPU into one
// folder that `warpscope --lesson L --traces DIR` presents; progress on
// stderr, then what each slide's expectations made of the new runs.
#include <map>
#include <memory>
#include <ostream>
#include <set>

#include "app/record/commands/lesson_plan.h"
#include "app/record/commands/manifest.h"
#include "app/record/commands/measured_run.h"
#include "app/record/commands/record_commands.h"
#include "app/record/commands/run_summary.h"
#include "app/record/program/trace_command.h"
#include "core/catalog/catalog.h"
#include "core/lesson/lesson_parse.h"
#include "core/lesson/narration.h"
#include "core/lesson/slide_figures.h"
#include "core/run/drop_records.h"
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
        for (const lesson::FieldProblem& p : lesson::figureProblems(s, named))
            err << place << ", field '" << p.field << "': " << p.message << "\n";
        for (const lesson::ExpectationVerdict& v : lesson::judgeExpectations(s, named)) {
            if (!v.held) {
                err << place << ": not judged: " << v.text << " (" << v.why << ")\n";
                continue;
            }
            ++judged;
            held += *v.held;
            err << place << ": " << (*v.held ? "held" : "BROKEN") << ": " << v.text << "  ("
                << v.values << ")\n";
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
    if (Status ready = prepareTraceFolder(dir); !ready) {
        err << "warpscope-record: " << ready.error() << "\n";
        return kFailed;
    }
    err << path.filename().string() << ": " << plan->size() << " runs for " << lesson->slides.size()
        << " slides\n";
    RunOptions options;
    options.repetitions = repetitions;
    // The why slides' figures, where profiling costs little (as a run's default).
    options.why = WhyMode::WhenCheap;
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
        if (p.kernelFile) {
            request.kernelFile = p.kernelFile;
            request.kernelAssignments = p.kernelAssignments;
            request.options.timeCpu = false;
        }
        std::shared_ptr<Run> run;
        if (p.tracedLaunch) {
            auto retraced = retraceLaunch(*p.tracedLaunch, toolName(), err);
            if (!retraced) {
                err << "error: " << retraced.error() << "\n";
                ++failures;
                continue;
            }
            run = std::make_shared<Run>(std::move(*retraced));
        } else {
            auto measured = measuredRun(request, reportingHooks(err));
            if (!measured) {
                err << "error: " << measured.error() << "\n";
                ++failures;
                continue;
            }
            run = std::make_shared<Run>(std::move(measured->run));
        }
        run->tool = toolName();
        if (!p.keepRecords) dropRecords(*run);
        if (Status saved = saveIntoFolder(dir, p.file, *run); !saved) {
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
    // A run missing from the folder is not missing on the slide: presented
    // from it, the slide takes the run from elsewhere, so it is said here.
    std::set<std::string> saved;
    for (const auto& entry : recorded) saved.insert(entry.first);
    for (const std::string& line : runsNotRecorded(*lesson, saved, dir)) err << line << "\n";
    err << plan->size() - failures << " of " << plan->size() << " runs recorded and verified; "
        << held << " of " << judged << " expectations held\n";
    return failures == 0 ? kOk : kFailed;
}

}  // namespace ws::record
