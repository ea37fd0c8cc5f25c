#include "app/record/commands/lesson_plan.h"

#include <algorithm>
#include <map>

#include "core/catalog/catalog.h"
#include "core/kernelfile/kernel_description.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/lesson/lesson_parse.h"
#include "core/program/launch_run.h"
#include "core/run/drop_records.h"
#include "core/trace/trace_io.h"

namespace ws::record {

namespace fs = std::filesystem;

namespace {

struct OwnKernel {
    kernelfile::KernelFileSource file;
    std::vector<std::string> assignments;
    ParamValues params;
};

// The file a kernel-file trace ran and its parameters, from the texts the
// trace keeps (the bundled examples' traces among them).
Result<OwnKernel> ownKernelFromTrace(const Run& run) {
    const auto source = run.texts.find(kernelfile::kSourceText);
    const auto name = run.texts.find(kernelfile::kFileNameText);
    if (source == run.texts.end() || name == run.texts.end())
        return makeError(
            "a kernel-file trace without its file's source, which cannot be run again");
    OwnKernel own;
    own.file = {name->second, source->second};
    auto description = kernelfile::parseKernelDescription(own.file.source, own.file.fileName);
    if (!description) return makeError(description.error());
    const ExperimentSpec spec = kernelfile::kernelFileSpec(*description);
    for (const auto& [param, value] : run.params)
        if (spec.param(param)) own.assignments.push_back(param + "=" + value);
    auto params = resolveParams(spec, own.assignments);
    if (!params) return makeError(params.error());
    own.params = *params;
    return own;
}

}  // namespace

Result<std::vector<PlannedRun>> planLessonRuns(const lesson::Lesson& lesson,
                                               const std::vector<fs::path>& traceDirs) {
    std::vector<PlannedRun> plan;
    std::map<std::string, std::size_t> byFile;
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const lesson::Slide& s = lesson.slides[i];
        std::vector<const lesson::RunChoice*> choices = {&s.run, &s.compare};
        for (const auto& named : s.figuresFrom) choices.push_back(&named.second);
        for (const lesson::RunChoice* choice : choices) {
            if (choice->empty()) continue;
            const std::string place = lesson::slidePlace(lesson, int(i));
            const std::string file = lesson::recordedTraceName(*choice);
            if (auto known = byFile.find(file); known != byFile.end()) {
                auto& slides = plan[known->second].slides;
                if (std::find(slides.begin(), slides.end(), int(i)) == slides.end())
                    slides.push_back(int(i));
                continue;
            }
            PlannedRun p;
            p.file = file;
            p.slides.push_back(int(i));
            if (!choice->trace.empty()) {
                // The trace says what was run: its experiment and every
                // parameter, defaults included, so the new run repeats it.
                fs::path found;
                const fs::path given(choice->trace);
                if (given.is_absolute() && fs::exists(given)) found = given;
                for (const fs::path& dir : traceDirs)
                    if (found.empty() && fs::exists(dir / given)) found = dir / given;
                if (found.empty())
                    return makeError(place + ": the trace '" + choice->trace +
                                     "' is neither beside the lesson nor among the bundled traces");
                auto run = loadTrace(found);
                if (!run) return makeError(place + ": " + run.error());
                p.keepRecords = hasRecords(*run);
                p.spec = findExperiment(run->experiment);
                if (!p.spec)
                    return makeError(place + ": '" + choice->trace + "' holds the experiment '" +
                                     run->experiment + "', which this build does not have");
                std::vector<std::string> assignments;
                for (const auto& [name, value] : run->params)
                    if (p.spec->param(name)) assignments.push_back(name + "=" + value);
                auto params = resolveParams(*p.spec, assignments);
                if (!params) return makeError(place + ": " + choice->trace + ": " + params.error());
                p.params = *params;
                // A kernel file's trace carries the file: the new run is of
                // the same source with the same parameters.
                if (program::tracedCommandOf(*run)) {
                    p.tracedLaunch = std::make_shared<const Run>(std::move(*run));
                } else if (run->experiment == kernelfile::kKernelFileExperiment) {
                    auto own = ownKernelFromTrace(*run);
                    if (!own) return makeError(place + ": " + choice->trace + ": " + own.error());
                    p.params = own->params;
                    p.kernelFile = std::move(own->file);
                    p.kernelAssignments = std::move(own->assignments);
                }
            } else if (!choice->kernel.empty()) {
                if (std::string problem = lesson::kernelFileProblem(lesson, *choice);
                    !problem.empty())
                    return makeError(place + ": " + problem);
                const fs::path file = fs::path(lesson.file).parent_path() / choice->kernel;
                p.spec = findExperiment(kernelfile::kKernelFileExperiment);
                p.kernelFile = kernelfile::KernelFileSource{
                    file.filename().string(), lesson.kernelFiles.at(choice->kernel).text,
                    fs::absolute(file).parent_path().string()};
                for (const auto& [name, value] : choice->params)
                    p.kernelAssignments.push_back(name + "=" + value);
                auto description = kernelfile::parseKernelDescription(p.kernelFile->source,
                                                                      p.kernelFile->fileName);
                auto params =
                    resolveParams(kernelfile::kernelFileSpec(*description), p.kernelAssignments);
                if (!params)
                    return makeError(place + ": " + choice->kernel + ": " + params.error());
                p.params = *params;
            } else {
                p.spec = findExperiment(choice->experiment);
                if (!p.spec)
                    return makeError(place + ": unknown experiment '" + choice->experiment + "'");
                std::vector<std::string> assignments;
                for (const auto& [name, value] : choice->params)
                    assignments.push_back(name + "=" + value);
                auto params = resolveParams(*p.spec, assignments);
                if (!params)
                    return makeError(place + ": " + choice->experiment + ": " + params.error());
                p.params = *params;
            }
            byFile[p.file] = plan.size();
            plan.push_back(std::move(p));
        }
    }
    return plan;
}

std::vector<std::string> runsNotRecorded(const lesson::Lesson& lesson,
                                         const std::set<std::string>& recorded,
                                         const fs::path& dir) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const lesson::Slide& s = lesson.slides[i];
        std::vector<std::pair<std::string, const lesson::RunChoice*>> uses = {
            {"its run", &s.run}, {"compare", &s.compare}};
        for (const auto& [name, choice] : s.figuresFrom)
            uses.push_back({"figures_from '" + name + "'", &choice});
        for (const auto& [role, choice] : uses) {
            if (choice->empty()) continue;
            const std::string file = lesson::recordedTraceName(*choice);
            if (recorded.count(file)) continue;
            lines.push_back(lesson::slidePlace(lesson, int(i)) + ", " + role + ": " + file +
                            " was not recorded into " + dir.string() + "; warpscope --traces " +
                            dir.string() +
                            " takes it from beside the lesson or the bundled traces, which "
                            "may come from another GPU");
        }
    }
    return lines;
}

fs::path findLesson(const std::string& nameOrFile, const std::vector<fs::path>& lessonDirs) {
    std::error_code ec;
    if (fs::is_regular_file(nameOrFile, ec)) return fs::absolute(nameOrFile, ec);
    for (const fs::path& dir : lessonDirs) {
        if (!fs::is_directory(dir, ec)) continue;
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir, ec))
            if (entry.path().extension() == ".yaml" || entry.path().extension() == ".yml")
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const fs::path& f : files) {
            const std::string stem = f.stem().string();
            if (f.filename() == nameOrFile || stem == nameOrFile ||
                lesson::lessonNameOf(stem) == nameOrFile)
                return f;
        }
    }
    return {};
}

}  // namespace ws::record
