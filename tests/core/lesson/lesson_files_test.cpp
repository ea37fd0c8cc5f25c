// The lessons that ship in resources/lessons and the complete example in
// docs/lessons.md: each parses, each experiment and parameter is in the
// catalog, and each trace it names is bundled.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/lesson/lesson_parse.h"

namespace ws::lesson {
namespace {

namespace fs = std::filesystem;

fs::path sourceDir() {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    return src ? fs::path(src) : fs::path(".");
}

std::vector<fs::path> bundledLessons() {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(sourceDir() / "resources" / "lessons"))
        if (e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

void expectRunsExist(const Lesson& l, const fs::path& lessonDir) {
    for (std::size_t i = 0; i < l.slides.size(); ++i)
        for (const RunChoice* r : {&l.slides[i].run, &l.slides[i].compare}) {
            if (r->trace.empty()) continue;
            const bool found = fs::exists(sourceDir() / "resources" / "traces" / r->trace) ||
                               fs::exists(lessonDir / r->trace);
            EXPECT_TRUE(found) << slidePlace(l, int(i)) << ": no trace '" << r->trace << "'";
        }
}

TEST(LessonFiles, EveryBundledLessonParsesAndNamesWhatExists) {
    const auto files = bundledLessons();
    ASSERT_GE(files.size(), 6u) << "the bundled lessons are missing";
    for (const fs::path& f : files) {
        SCOPED_TRACE(f.string());
        auto l = loadLesson(f);
        ASSERT_TRUE(l.ok()) << l.error();
        EXPECT_FALSE(l->summary.empty());
        for (const auto& p : checkExperiments(*l))
            ADD_FAILURE() << slidePlace(*l, p.slide) << ": " << p.message;
        expectRunsExist(*l, f.parent_path());
        for (const Slide& s : l->slides) EXPECT_FALSE(s.opening.narration.empty()) << s.title;
    }
}

// The first ```yaml block of docs/lessons.md is the documented complete example.
TEST(LessonFiles, TheDocumentedExampleParses) {
    std::ifstream in(sourceDir() / "docs" / "lessons.md");
    ASSERT_TRUE(in) << "docs/lessons.md is missing";
    std::stringstream doc;
    doc << in.rdbuf();
    const std::string text = doc.str();
    const auto begin = text.find("```yaml\n");
    ASSERT_NE(begin, std::string::npos);
    const auto end = text.find("```", begin + 8);
    ASSERT_NE(end, std::string::npos);
    auto l = parseLesson(text.substr(begin + 8, end - begin - 8), "docs/lessons.md");
    ASSERT_TRUE(l.ok()) << l.error();
    EXPECT_GE(l->slides.size(), 3u);
    for (const auto& p : checkExperiments(*l)) ADD_FAILURE() << p.message;
    expectRunsExist(*l, sourceDir() / "resources" / "lessons");
}

}  // namespace
}  // namespace ws::lesson
