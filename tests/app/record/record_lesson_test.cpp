// record-lesson: the runs a lesson needs, planned from its slides, and the
// recording itself on a GPU (one line and exit 1 without one).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "app/record/commands/lesson_plan.h"
#include "app/record/commands/record_commands.h"
#include "core/catalog/catalog.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/lesson/lesson_parse.h"
#include "core/program/launch_run.h"
#include "core/trace/trace_io.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {
namespace {

namespace fs = std::filesystem;

fs::path resources() {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    return fs::path(src ? src : ".") / "resources";
}

fs::path tempDir(const std::string& name) {
    const fs::path d =
        fs::temp_directory_path() / ("ws-record-lesson-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

TEST(RecordLesson, EveryTraceTheBanksLessonNamesIsPlannedOnceWithItsParameters) {
    const fs::path lessonFile = findLesson("banks-and-transpose", {resources() / "lessons"});
    ASSERT_FALSE(lessonFile.empty());
    auto lesson = lesson::loadLesson(lessonFile);
    ASSERT_TRUE(lesson.ok()) << lesson.error();
    auto plan = planLessonRuns(*lesson, {lessonFile.parent_path(), resources() / "traces"});
    ASSERT_TRUE(plan.ok()) << plan.error();

    std::set<std::string> named;
    for (const lesson::Slide& s : lesson->slides) {
        if (!s.run.trace.empty()) named.insert(s.run.trace);
        if (!s.compare.trace.empty()) named.insert(s.compare.trace);
        for (const auto& f : s.figuresFrom) named.insert(f.second.trace);
    }
    ASSERT_EQ(plan->size(), named.size());
    for (const PlannedRun& p : *plan) {
        EXPECT_TRUE(named.count(p.file)) << p.file;
        ASSERT_NE(p.spec, nullptr);
        // The trace's own parameters, so the run repeats what was recorded.
        auto recorded = loadTrace(resources() / "traces" / p.file);
        ASSERT_TRUE(recorded.ok());
        EXPECT_EQ(p.spec->id, recorded->experiment);
        for (const auto& [name, value] : p.params)
            if (recorded->params.count(name)) EXPECT_EQ(value, recorded->params.at(name)) << name;
    }
    // Stride 1 is shown on slide 1 and named by slides 3 and 4.
    const auto stride1 = std::find_if(plan->begin(), plan->end(), [](const PlannedRun& p) {
        return p.file == "bank-probe__pattern-stride__width-4__stride-1.wstrace";
    });
    ASSERT_NE(stride1, plan->end());
    EXPECT_EQ(stride1->slides, (std::vector<int>{0, 2, 3}));
}

TEST(RecordLesson, AnExperimentIsNamedAfterItsParametersAndAMissingTraceNamesItsSlide) {
    lesson::RunChoice hello;
    hello.experiment = "hello";
    hello.params = {{"grid", "2"}, {"block", "64"}};
    EXPECT_EQ(lesson::recordedTraceName(hello), "hello__grid-2__block-64.wstrace");

    auto lesson = lesson::parseLesson(
        "title: t\nslides:\n  - title: Gone\n    trace: nowhere.wstrace\n    views: [grid]\n",
        "gone.yaml");
    ASSERT_TRUE(lesson.ok()) << lesson.error();
    auto plan = planLessonRuns(*lesson, {resources() / "traces"});
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(plan.error().find("gone.yaml: slide 1 (Gone)"), std::string::npos) << plan.error();
    EXPECT_NE(plan.error().find("'nowhere.wstrace'"), std::string::npos);
}

// A run that failed is missing from the folder, and `warpscope --traces`
// would take it from the bundled traces, maybe another GPU's: each slide
// that shows it or takes figures from it says so.
TEST(RecordLesson, ARunNotRecordedIntoTheFolderIsNamedForEachSlideThatUsesIt) {
    auto lesson = lesson::parseLesson(R"(title: t
slides:
  - title: Persistent
    trace: p.wstrace
    views: [grid]
    figures_from: {cublas: c.wstrace}
  - title: Again
    compare: {trace: c.wstrace}
    views: [grid]
)",
                                      "tc.yaml");
    ASSERT_TRUE(lesson.ok()) << lesson.error();
    EXPECT_TRUE(runsNotRecorded(*lesson, {"p.wstrace", "c.wstrace"}, "out").empty());
    const auto lines = runsNotRecorded(*lesson, {"p.wstrace"}, "out/h100");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].rfind("tc.yaml: slide 1 (Persistent), figures_from 'cublas': c.wstrace was "
                             "not recorded into out/h100; warpscope --traces out/h100 takes it "
                             "from beside the lesson or the bundled traces",
                             0),
              0u)
        << lines[0];
    EXPECT_EQ(lines[1].rfind("tc.yaml: slide 2 (Again), compare: c.wstrace was not recorded", 0),
              0u)
        << lines[1];
}

TEST(RecordLesson, AKernelFilesTraceIsRunAgainFromTheSourceItCarriesWithItsParameters) {
    const fs::path lessonFile = findLesson("your-own-kernel", {resources() / "lessons"});
    ASSERT_FALSE(lessonFile.empty());
    auto lesson = lesson::loadLesson(lessonFile);
    ASSERT_TRUE(lesson.ok()) << lesson.error();
    auto plan = planLessonRuns(*lesson, {lessonFile.parent_path(), resources() / "traces"});
    ASSERT_TRUE(plan.ok()) << plan.error();
    bool sawMatmul = false;
    for (const PlannedRun& p : *plan) {
        ASSERT_TRUE(p.kernelFile.has_value()) << p.file;
        EXPECT_NE(p.kernelFile->source.find("/* warpscope"), std::string::npos) << p.file;
        if (p.file == "kernel-file__example-matmul_naive__n-512.wstrace") {
            sawMatmul = true;
            EXPECT_EQ(p.kernelFile->fileName, "matmul_naive.cu");
            EXPECT_EQ(p.params.at("n"), "512");
            EXPECT_EQ(p.kernelAssignments, (std::vector<std::string>{"n=512"}));
        }
    }
    EXPECT_TRUE(sawMatmul);
}

// A traced program's launch (warpscope-record trace) carries the program's
// words and folder: its slide is planned as that program traced again.
TEST(RecordLesson, ATracedLaunchIsPlannedAsItsProgramTracedAgain) {
    const fs::path dir = tempDir("traced");
    fs::create_directories(dir / "dot");
    program::LoggedLaunch l;
    l.launch = 3;
    l.kernelLaunch = 1;
    l.kernel = "_Z3addPfi";
    l.grid = {1, 1, 1};
    l.block = {32, 1, 1};
    l.recorded = true;
    l.ms = 0.01;
    program::LaunchLog log;
    log.launches = {l};
    auto run = program::launchRun(l, {{1, 0, 0, 2, 9, 0, 5, 1}}, log, DeviceInfo{},
                                  program::TracedCommand{{"./dot", "4096"}, "/home/me/hw"});
    ASSERT_TRUE(run.ok()) << run.error();
    ASSERT_TRUE(saveTrace(*run, dir / "dot/launch-3.wstrace").ok());
    std::ofstream(dir / "mine.yaml") << "title: Mine\nslides:\n  - title: Launch 3\n    trace: "
                                        "dot/launch-3.wstrace\n    views: [timeline]\n";
    auto lesson = lesson::loadLesson(dir / "mine.yaml");
    ASSERT_TRUE(lesson.ok()) << lesson.error();
    auto plan = planLessonRuns(*lesson, {dir});
    ASSERT_TRUE(plan.ok()) << plan.error();
    ASSERT_EQ(plan->size(), 1u);
    ASSERT_NE(plan->front().tracedLaunch, nullptr);
    EXPECT_FALSE(plan->front().kernelFile.has_value());
    auto command = program::tracedCommandOf(*plan->front().tracedLaunch);
    ASSERT_TRUE(command.has_value());
    EXPECT_EQ(command->argv, (std::vector<std::string>{"./dot", "4096"}));
    EXPECT_EQ(command->directory, "/home/me/hw");
}

TEST(RecordLesson, ASlidesOwnKernelFileIsReadBesideTheLessonAndPlannedWithItsParameters) {
    const fs::path dir = tempDir("kernel");
    fs::copy_file(resources().parent_path() / "examples/kernels/vector_add.cu", dir / "mine.cu");
    std::ofstream(dir / "mine.yaml")
        << "title: Mine\nslides:\n  - title: My add\n    kernel: mine.cu\n    params: {n: "
           "4096}\n    views: [timeline]\n";
    auto lesson = lesson::loadLesson(dir / "mine.yaml");
    ASSERT_TRUE(lesson.ok()) << lesson.error();
    EXPECT_TRUE(lesson::checkExperiments(*lesson).empty());
    auto plan = planLessonRuns(*lesson, {dir});
    ASSERT_TRUE(plan.ok()) << plan.error();
    ASSERT_EQ(plan->size(), 1u);
    const PlannedRun& p = plan->front();
    EXPECT_EQ(p.file, "kernel-file__mine__n-4096.wstrace");
    EXPECT_EQ(p.spec->id, kernelfile::kKernelFileExperiment);
    ASSERT_TRUE(p.kernelFile.has_value());
    EXPECT_EQ(p.kernelFile->fileName, "mine.cu");
    EXPECT_EQ(fs::path(p.kernelFile->directory), fs::absolute(dir));
    EXPECT_EQ(p.params.at("n"), "4096");

    // A parameter out of the file's range is the slide's problem, and the
    // plan's error.
    std::ofstream(dir / "bad.yaml")
        << "title: Bad\nslides:\n  - title: Too big\n    kernel: mine.cu\n    params: {n: "
           "0}\n    views: [timeline]\n  - title: Missing\n    kernel: gone.cu\n    views: "
           "[timeline]\n";
    auto bad = lesson::loadLesson(dir / "bad.yaml");
    ASSERT_TRUE(bad.ok()) << bad.error();
    const auto problems = lesson::checkExperiments(*bad);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_NE(problems[0].message.find("mine.cu: parameter n=0 is out of range"), std::string::npos)
        << problems[0].message;
    EXPECT_NE(problems[1].message.find("cannot read " + (dir / "gone.cu").string()),
              std::string::npos)
        << problems[1].message;
    auto badPlan = planLessonRuns(*bad, {dir});
    ASSERT_FALSE(badPlan.ok());
    EXPECT_NE(badPlan.error().find("slide 1 (Too big)"), std::string::npos) << badPlan.error();
    fs::remove_all(dir);
}

TEST(RecordLesson, AnUnknownLessonIsAUsageError) {
    std::ostringstream out, err;
    EXPECT_EQ(recordLessonCommand("no-such-lesson", {resources() / "lessons"}, {}, tempDir("x"), 3,
                                  out, err),
              kUsage);
    EXPECT_NE(err.str().find("no lesson 'no-such-lesson'"), std::string::npos) << err.str();
}

TEST(RecordLesson, RecordsEveryRunAndJudgesTheExpectationsOnThisGpu) {
    const fs::path dir = tempDir("out");
    const fs::path lessonFile =
        dir.parent_path() / ("ws-lesson-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(lessonFile) << R"(title: Two runs
slides:
  - title: Greetings
    experiment: hello
    params: {grid: 2, block: 64}
    views: [grid]
    narration: '{blocks} blocks, against {add.blocks}'
    figures_from:
      add: vector-add__n-1000__launch-grid-block__block-96.wstrace
    expect: '{blocks} >= 2'
)";
    std::ostringstream out, err;
    const int status =
        recordLessonCommand(lessonFile.string(), {}, {resources() / "traces"}, dir, 3, out, err);
    fs::remove(lessonFile);
    if (!cudaUnavailableReason().empty()) {
        EXPECT_EQ(status, kFailed);
        EXPECT_NE(err.str().find("cannot record"), std::string::npos) << err.str();
        EXPECT_FALSE(fs::exists(dir / "manifest.json"));
        return;
    }
    ASSERT_EQ(status, kOk) << err.str();
    for (const char* file : {"hello__grid-2__block-64.wstrace",
                             "vector-add__n-1000__launch-grid-block__block-96.wstrace"}) {
        auto run = loadTrace(dir / file);
        ASSERT_TRUE(run.ok()) << file << ": " << run.error();
        EXPECT_TRUE(!run->verification.checked || run->verification.passed) << file;
    }
    std::ifstream manifest(dir / "manifest.json");
    EXPECT_EQ(nlohmann::json::parse(manifest)["traces"].size(), 2u);
    EXPECT_NE(err.str().find("[2/2]"), std::string::npos) << err.str();
    // Two launches of two blocks each: the figure counts the blocks of both.
    EXPECT_NE(err.str().find("held: {blocks} >= 2  (4 >= 2)"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("2 of 2 runs recorded and verified; 1 of 1 expectations held"),
              std::string::npos)
        << err.str();
    fs::remove_all(dir);
}

}  // namespace
}  // namespace ws::record
