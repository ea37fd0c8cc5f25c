#include "app/gui/workbench/command_line.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/gui/window/lab_modules.h"

namespace ws {
namespace {

TEST(CommandLine, ParsesTheStableOptions) {
    const auto c = parseCommandLine({"--experiment", "reduce-ladder", "n=1024", "variant=best",
                                     "--worker", "ssh gpu warpscope-record serve", "--screenshot",
                                     "out.png", "--at", "3"});
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(c->experiment, "reduce-ladder");
    EXPECT_EQ(c->params, (QStringList{"n=1024", "variant=best"}));
    EXPECT_EQ(c->worker, "ssh gpu warpscope-record serve");
    EXPECT_EQ(c->screenshot, "out.png");
    EXPECT_EQ(c->atStep, 3);
}

TEST(CommandLine, RejectsWhatItCannotDo) {
    for (const QStringList& bad :
         {QStringList{"--bogus"},
          {"--trace"},
          {"--trace", "a", "--experiment", "b"},
          {"--lesson", "a", "--trace", "b"},
          {"--slide", "2"},
          {"--lesson", "a", "--slide", "0"},
          {"--lesson", "a", "--slide", "1.5"},
          {"--export-view", "grid", "--lesson", "a"},
          {"--export-view", "grid", "-o", "x.png"},
          {"--export-view", "grid", "--lesson", "a", "-o", "x.gif", "--format", "gif"},
          {"--lesson", "a", "-o", "x.png"},
          {"--trace", "a", "--at", "2"},
          {"--trace", "a", "--screenshot", "x.png", "--at", "-1"},
          {"--trace", "a", "--screenshot", "x.png", "--time", "soon"},
          {"--experiment", "x", "novalue"},
          {"--worker-timeout", "0"},
          {"--trace", "a", "--window-size", "1280x720"},  // only for --screenshot
          {"--trace", "a", "--screenshot", "x.png", "--window-size", "1280"},
          {"--trace", "a", "--screenshot", "x.png", "--window-size", "100x100"},
          {"--print-narration"},                         // needs --lesson
          {"--check-lesson", "l.yaml", "--trace", "a"},  // checks a lesson alone
          {"--check-lesson", "l.yaml", "--lesson", "b"},
          {"--traces", "dir", "--trace", "a"},  // traces of a lesson
          {"--lesson", "l", "--strict"},        // strict is of --check-lesson
          {"--lesson", "l", "--print-narration", "--screenshot", "x.png"}}) {
        const auto c = parseCommandLine(bad);
        EXPECT_FALSE(c.ok()) << bad.join(' ').toStdString();
        if (!c.ok()) EXPECT_FALSE(c.error().empty());
    }
}

TEST(CommandLine, LessonChecksAndNarration) {
    const auto check = parseCommandLine({"--check-lesson", "course.yaml", "--traces", "h200"});
    ASSERT_TRUE(check.ok()) << check.error();
    EXPECT_EQ(check->checkLesson, "course.yaml");
    EXPECT_EQ(check->traces, "h200");
    EXPECT_FALSE(check->strict);
    const auto strict = parseCommandLine({"--check-lesson", "course.yaml", "--strict"});
    ASSERT_TRUE(strict.ok()) << strict.error();
    EXPECT_TRUE(strict->strict);
    const auto text =
        parseCommandLine({"--lesson", "atomics", "--slide", "3", "--print-narration"});
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_TRUE(text->printNarration);
    EXPECT_EQ(text->slide, 3);
}

TEST(CommandLine, AScreenshotsSize) {
    const auto c =
        parseCommandLine({"--trace", "a", "--screenshot", "x.png", "--window-size", "1280x720"});
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(c->windowSize, QSize(1280, 720));
}

TEST(CommandLine, LessonsPresentationAndExports) {
    const auto c = parseCommandLine({"--lesson", "intro.yaml", "--slide", "3", "--presentation"});
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(c->lesson, "intro.yaml");
    EXPECT_EQ(c->slide, 3);
    EXPECT_TRUE(c->presentation);
    const auto e = parseCommandLine({"--experiment", "hello", "grid=2", "--export-view", "timeline",
                                     "--scale", "2", "-o", "t.svg"});
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_EQ(e->params, QStringList{"grid=2"});
    EXPECT_EQ(e->exportView, "timeline");
    EXPECT_EQ(e->exportFormat, "svg");  // from the file name
    EXPECT_EQ(e->exportScale, 2);
    EXPECT_EQ(e->output, "t.svg");
    // A screenshot alone shows what a start would: the first lesson or the saved session.
    EXPECT_TRUE(parseCommandLine({"--screenshot", "x.png"}).ok());
}

TEST(CommandLine, AScreenshotOfASlidesFragment) {
    // Every step of a slide can be looked at.
    const auto c = parseCommandLine({"--lesson", "banks", "--slide", "2", "--fragment", "1",
                                     "--presentation", "--screenshot", "x.png"});
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(c->fragment, 1);
    for (const QStringList& bad : std::initializer_list<QStringList>{
             {"--lesson", "banks", "--fragment", "1"},  // a picture's step, nothing to picture
             {"--trace", "a", "--fragment", "1", "--screenshot", "x.png"},
             {"--lesson", "banks", "--fragment", "-1", "--screenshot", "x.png"},
             {"--lesson", "banks", "--fragment", "0.5", "--screenshot", "x.png"}})
        EXPECT_FALSE(parseCommandLine(bad).ok()) << bad.join(' ').toStdString();
}

TEST(CommandLine, APictureNeverReplacesTheFileItShows) {
    const QString trace =
        QString::fromStdString((std::filesystem::temp_directory_path() /
                                ("ws-cl-" + std::to_string(::getpid()) + ".wstrace"))
                                   .string());
    std::ofstream(trace.toStdString()) << "trace";
    for (const QStringList& args :
         {QStringList{"--trace", trace, "--export-view", "grid", "-o", trace},
          {"--trace", trace, "--screenshot", trace},
          {"--lesson", trace, "--screenshot", trace},
          {"--kernel", trace, "--screenshot", trace}}) {
        const auto c = parseCommandLine(args);
        ASSERT_FALSE(c.ok()) << args.join(' ').toStdString();
        EXPECT_NE(c.error().find("is the file being shown"), std::string::npos) << c.error();
    }
    EXPECT_TRUE(parseCommandLine({"--trace", trace, "--screenshot", trace + ".png"}).ok());
    std::filesystem::remove(trace.toStdString());
}

// --kernel FILE opens a CUDA file of one's own; its values follow it as
// --experiment's do, and it is one of the things to show.
TEST(CommandLine, AKernelFileOfOnesOwn) {
    const auto c = parseCommandLine({"--kernel", "examples/kernels/vector_add.cu", "n=4096",
                                     "--screenshot", "k.png", "--window-size", "1280x720"});
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(c->kernel, "examples/kernels/vector_add.cu");
    EXPECT_EQ(c->params, QStringList{"n=4096"});
    EXPECT_EQ(c->screenshot, "k.png");
    EXPECT_TRUE(c->namesARun());
    EXPECT_TRUE(c->experiment.isEmpty());
    const auto alone = parseCommandLine({"--kernel", "mine.cu"});
    ASSERT_TRUE(alone.ok()) << alone.error();
    EXPECT_TRUE(alone->params.isEmpty());
    const auto exported =
        parseCommandLine({"--kernel", "mine.cu", "--export-view", "timeline", "-o", "t.png"});
    ASSERT_TRUE(exported.ok()) << exported.error();
    EXPECT_TRUE(exported->params.isEmpty());
    for (const QStringList& bad :
         std::initializer_list<QStringList>{{"--kernel"},
                                            {"--kernel", "--screenshot", "x.png"},
                                            {"--kernel", "mine.cu", "n"},  // not name=value
                                            {"--kernel", "mine.cu", "--experiment", "hello"},
                                            {"--kernel", "mine.cu", "--trace", "a.wstrace"},
                                            {"--kernel", "mine.cu", "--lesson", "banks"}}) {
        const auto r = parseCommandLine(bad);
        EXPECT_FALSE(r.ok()) << bad.join(' ').toStdString();
    }
    EXPECT_TRUE(usageText({}).contains("--kernel FILE.cu"));
}

TEST(CommandLine, HelpListsEveryViewName) {
    const QString help = usageText(allViewNames());
    for (const QString& v : allViewNames()) EXPECT_TRUE(help.contains(v)) << v.toStdString();
}

}  // namespace
}  // namespace ws
