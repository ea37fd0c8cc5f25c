#pragma once
// What `record-lesson` records: every run a lesson shows or takes figures
// from (a slide's run, its compared run, its figures_from), each once, with
// the experiment and parameters to run and the file name the lesson will
// find it under in the output folder (docs/lessons.md, "A lesson recorded
// on your own GPU").
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/lesson/lesson.h"
#include "core/run/run.h"
#include "kernels/kernelfile/kernel_file_runner.h"

namespace ws {
struct ExperimentSpec;
}

namespace ws::record {

struct PlannedRun {
    std::string file;  // the trace's name in the output folder
    const ExperimentSpec* spec = nullptr;
    ParamValues params;       // resolved, as the run will be made
    std::vector<int> slides;  // 0-based, the slides that use it
    // The lesson's trace kept figures only (no per-block records): so does
    // the new recording (core/run/drop_records.h).
    bool keepRecords = true;
    // A kernel file of one's own (a slide's `kernel:`, or a trace of one,
    // which carries its source): run instead of `spec` with these
    // assignments of the file's parameters.
    std::optional<kernelfile::KernelFileSource> kernelFile;
    std::vector<std::string> kernelAssignments;
    // A traced program's launch (a trace warpscope-record trace wrote): the
    // program is traced again and the launch of the same number kept.
    std::shared_ptr<const Run> tracedLaunch;
};

// Trace choices are read to learn their experiment and parameters: from
// `traceDirs` in order (beside the lesson first, then the bundled traces);
// experiment choices resolve against the catalog; kernel choices against
// their file's description, as the lesson's loader read it. The first run that cannot
// be planned (a trace found nowhere, an unknown experiment, a parameter out
// of range) is the error, naming its slide.
Result<std::vector<PlannedRun>> planLessonRuns(const lesson::Lesson& lesson,
                                               const std::vector<std::filesystem::path>& traceDirs);

// One line per slide's use of a run that is not among `recorded` (the file
// names saved into `dir`: a run failed, or could not be saved), e.g.
//   08.yaml: slide 3 (CAS), figures_from 'cublas': x.wstrace was not recorded into out/...
// `warpscope --traces DIR` would quietly take such a run from beside the
// lesson or the bundled traces, recorded on another GPU.
std::vector<std::string> runsNotRecorded(const lesson::Lesson& lesson,
                                         const std::set<std::string>& recorded,
                                         const std::filesystem::path& dir);

// Where a lesson named on the command line is: a file, else a bundled
// lesson by name ("atomics", "08-atomics" or "08-atomics.yaml") in
// `lessonDirs`. Empty when neither.
std::filesystem::path findLesson(const std::string& nameOrFile,
                                 const std::vector<std::filesystem::path>& lessonDirs);

}  // namespace ws::record
