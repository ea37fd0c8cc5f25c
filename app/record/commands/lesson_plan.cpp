#include "app/record/commands/lesson_plan.h"

#include <algorithm>
#include <map>

#include "core/catalog/catalog.h"
#include "core/lesson/lesson_parse.h"
#include "core/run/drop_records.h"
#include "core/trace/trace_io.h"

namespace ws::record {

namespace fs = std::filesystem;

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
