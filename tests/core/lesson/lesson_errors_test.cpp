// Every way a lesson file can be wrong gets one message that names the file,
// the slide, the field and the value found; hostile files are refused before
// they can exhaust the parser.
#include <gtest/gtest.h>

#include <string>

#include "core/lesson/lesson_parse.h"

namespace ws::lesson {
namespace {

std::string errorOf(const std::string& text) {
    auto l = parseLesson(text, "bad.yaml");
    EXPECT_FALSE(l.ok()) << "parsed:\n" << text;
    return l.ok() ? std::string() : l.error();
}

// One valid slide with `extra` lines added to it.
std::string slideWith(const std::string& extra) {
    return "title: t\nslides:\n  - title: Waves\n    trace: a.wstrace\n    views: [grid]\n" + extra;
}

struct Case {
    const char* what;
    std::string text;
    std::string expected;  // the whole message
};

TEST(LessonErrors, NameTheFileTheSlideTheFieldAndTheValue) {
    const Case cases[] = {
        {"unknown position", slideWith("    at: {wave: 3}\n"),
         "bad.yaml: slide 1 (Waves), field 'at': expected start, end, or a map with one of event, "
         "time_ns, time_us, step, launch; found a map (line 6)"},
        {"position not a number", slideWith("    at: {event: three}\n"),
         "bad.yaml: slide 1 (Waves), field 'at.event': expected a whole number; found 'three' "
         "(line 6)"},
        {"fractional event", slideWith("    at: {event: 2.5}\n"),
         "bad.yaml: slide 1 (Waves), field 'at.event': expected a whole number; found '2.5' (line "
         "6)"},
        {"negative time", slideWith("    at: {time_ns: -4}\n"),
         "bad.yaml: slide 1 (Waves), field 'at.time_ns': expected a number from 0 to 1e+15; found "
         "'-4' (line 6)"},
        {"typo in a field", slideWith("    narattion: hello\n"),
         "bad.yaml: slide 1 (Waves): unknown field 'narattion' (line 6); the fields here are "
         "title, "
         "trace, experiment, kernel, params, live, compare, views, layout, at, animate, highlight, "
         "narration, notes, fragments, expect, figures_from"},
        {"lane out of range", slideWith("    highlight: {lane: 32}\n"),
         "bad.yaml: slide 1 (Waves), field 'highlight.lane': expected a number from 0 to 31; found "
         "'32' (line 6)"},
        {"negative access", slideWith("    highlight: {access: -1}\n"),
         "bad.yaml: slide 1 (Waves), field 'highlight.access': expected a number from 0 to "
         "1e+06; found '-1' (line 6)"},
        {"bad tile", slideWith("    highlight: {tile: 3}\n"),
         "bad.yaml: slide 1 (Waves), field 'highlight.tile': expected [column, row]; found '3' "
         "(line 6)"},
        {"unknown layout", slideWith("    layout: diagonal\n"),
         "bad.yaml: slide 1 (Waves), field 'layout': expected side-by-side, stacked, main-left or "
         "main-top; found 'diagonal' (line 6)"},
        {"at and animate", slideWith("    at: end\n    animate: {to: end}\n"),
         "bad.yaml: slide 1 (Waves), field 'animate': give either 'at' or 'animate', not both; "
         "found "
         "a map (line 7)"},
        {"too long an animation", slideWith("    animate: {seconds: 9000}\n"),
         "bad.yaml: slide 1 (Waves), field 'animate.seconds': expected a number from 0.1 to 600; "
         "found '9000' (line 6)"},
        {"bad live", slideWith("    live: maybe\n"),
         "bad.yaml: slide 1 (Waves), field 'live': expected true or false; found 'maybe' (line 6)"},
        {"live trace", slideWith("    live: true\n"),
         "bad.yaml: slide 1 (Waves), field 'live': only an 'experiment' can run live (a kernel "
         "file is recorded by warpscope-record record-lesson); found 'true' (line 6)"},
        {"params without experiment", slideWith("    params: {n: 4}\n"),
         "bad.yaml: slide 1 (Waves), field 'params': parameters belong to an 'experiment' or a "
         "'kernel'; found a map (line 6)"},
        {"kernel not a .cu",
         "title: t\nslides:\n  - title: Waves\n    kernel: notes.txt\n    views: [grid]\n",
         "bad.yaml: slide 1 (Waves), field 'kernel': expected a kernel file (.cu) beside the "
         "lesson; found 'notes.txt' (line 4)"},
        {"kernel and trace", slideWith("    kernel: mine.cu\n"),
         "bad.yaml: slide 1 (Waves), field 'kernel': give one of 'trace', 'experiment' or "
         "'kernel', not two; found 'mine.cu' (line 6)"},
        {"empty fragment", slideWith("    fragments:\n      - {}\n"),
         "bad.yaml: slide 1 (Waves), fragment 1: a fragment changes something: give at, animate, "
         "highlight or narration (line 7)"},
        {"fragment field typo", slideWith("    fragments:\n      - {hilight: {lane: 2}}\n"),
         "bad.yaml: slide 1 (Waves), fragment 1: unknown field 'hilight' (line 7); the fields here "
         "are at, animate, highlight, narration"},
        {"four views",
         "title: t\nslides:\n  - title: Waves\n    trace: a.wstrace\n    views: [a, b, c, d]\n",
         "bad.yaml: slide 1 (Waves), field 'views': expected one to three view names "
         "(docs/lessons.md lists them); found a list of 4 (line 5)"},
        {"no views", "title: t\nslides:\n  - title: Waves\n    trace: a.wstrace\n",
         "bad.yaml: slide 1 (Waves), field 'views': expected one to three view names "
         "(docs/lessons.md lists them); found nothing (line 3)"},
        {"missing slide title", "title: t\nslides:\n  - trace: a.wstrace\n    views: grid\n",
         "bad.yaml: slide 1: the field 'title' is missing (line 3)"},
        {"second slide", slideWith("  - title: Two\n    views: grid\n    at: {launch: x}\n"),
         "bad.yaml: slide 2 (Two), field 'at.launch': expected a whole number; found 'x' (line 8)"},
        {"first slide without a run", "title: t\nslides:\n  - title: One\n    views: grid\n",
         "bad.yaml: slide 1 (One), field 'trace': the first slide must name a run: give 'trace', "
         "'experiment' or 'kernel'; found nothing (line 3)"},
        {"both runs", slideWith("    experiment: hello\n"),
         "bad.yaml: slide 1 (Waves), field 'experiment': give one of 'trace', 'experiment' or "
         "'kernel', not two; found 'hello' (line 6)"},
        {"no slides", "title: t\nslides: []\n",
         "bad.yaml, field 'slides': expected a list of slides, at least one; found a list of 0 "
         "(line 2)"},
        {"no title", "slides: []\n", "bad.yaml: the field 'title' is missing (line 1)"},
        {"not a map", "- a\n- b\n",
         "bad.yaml: a lesson is a map with 'title' and 'slides'; found a list of 2 (line 1)"},
        {"not YAML", "title: [unclosed\n",
         "bad.yaml: line 2, column 1: not valid YAML (end of sequence flow not found)"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        EXPECT_EQ(errorOf(c.text), c.expected);
    }
}

TEST(LessonErrors, HostileFilesAreRefusedBeforeParsing) {
    EXPECT_EQ(errorOf(std::string(2000, '[')),
              "bad.yaml: line 1 nests lists or maps more than 32 levels deep");
    std::string deep = "title: t\n";
    for (int i = 0; i < 200; ++i) deep += std::string(std::size_t(i), ' ') + "k:\n";
    EXPECT_EQ(errorOf(deep),
              "bad.yaml: line 123 is indented by more than 120 spaces; a lesson needs far fewer");
    EXPECT_EQ(errorOf(std::string(kMaxLessonBytes + 1, ' ')),
              "bad.yaml: 1048577 bytes; a lesson file is at most 1048576 bytes");
    // Brackets inside quotes and comments are text, not nesting.
    const std::string quoted = "title: \"" + std::string(100, '[') + "\"  # " +
                               std::string(100, '{') +
                               "\nslides: [{title: a, trace: x, views: grid}]\n";
    EXPECT_TRUE(parseLesson(quoted, "q.yaml").ok());
}

TEST(LessonErrors, AMissingFileSaysWhichAndWhy) {
    auto l = loadLesson("/nonexistent/lesson.yaml");
    ASSERT_FALSE(l.ok());
    EXPECT_EQ(l.error().rfind("/nonexistent/lesson.yaml: cannot read the lesson (", 0), 0u)
        << l.error();
}

}  // namespace
}  // namespace ws::lesson
