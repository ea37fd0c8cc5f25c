#pragma once
// Reading a lesson file (YAML, docs/lessons.md). Errors name the file, the
// slide (number as on screen, and title), the field and the value found, so
// an instructor can fix the file without reading the parser.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"
#include "core/lesson/lesson.h"

namespace ws::lesson {

// A lesson is a small text file; anything larger is refused before parsing.
inline constexpr std::size_t kMaxLessonBytes = 1 << 20;

Result<Lesson> parseLesson(std::string_view text, const std::string& fileName);
Result<Lesson> loadLesson(const std::filesystem::path& path);

// Checks what the file alone cannot: every view name is one the caller
// knows. The first unknown name is the error, worded as parse errors are.
Status checkViews(const Lesson& lesson, const std::vector<std::string>& knownViews);

// A problem of one slide that does not make the file invalid (an experiment
// the catalog lacks, a parameter out of range, a trace that is missing): the
// slide says so when shown, the others work.
struct SlideProblem {
    int slide = 0;  // 0-based
    std::string message;
};
// Experiments and their parameters, against the catalog; kernel files,
// their descriptions and their parameters, as the loader read them.
std::vector<SlideProblem> checkExperiments(const Lesson& lesson);

// What is wrong with a slide's kernel file (unread, a description that does
// not parse, a parameter out of its range); empty where nothing is.
std::string kernelFileProblem(const Lesson& lesson, const RunChoice& choice);

// "FILE: slide 3 (Waves), field 'at'": the start of every message about a slide.
std::string slidePlace(const Lesson& lesson, int slide);

}  // namespace ws::lesson
