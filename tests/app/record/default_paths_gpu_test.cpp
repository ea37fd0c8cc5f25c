// The smoke test of every default path, on the GPU: every experiment of the
// catalog run as the window and record-lesson run it (its default parameters,
// profiled where that is cheap, saved through the same validation), and every
// bundled lesson recorded into a scratch folder. A cuBLAS run that could not
// be saved passed 119 GPU tests unseen, because none of them took this path.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "app/record/commands/record_commands.h"
#include "core/catalog/catalog.h"
#include "core/catalog/gpu_requirements.h"
#include "core/lesson/run_figures.h"
#include "core/profile/occupancy_prediction.h"
#include "core/trace/trace_io.h"
#include "kernels/device/device_query.h"
#include "kernels/profile/why_recorder.h"

namespace ws::record {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// As warpscope-record's main does before its first CUDA call: stall samples
// name lines, and are drawn at all, only in code loaded after it (without
// it every why slide of record-lesson lacked its stall figures here).
[[maybe_unused]] const bool kWhyPrepared = (profile::prepareWhyProfiling(), true);

fs::path resources() {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    return fs::path(src ? src : ".") / "resources";
}

fs::path scratch(const std::string& name) {
    const fs::path d =
        fs::temp_directory_path() / ("ws-default-paths-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Where a default takes long and a smaller size walks the same path (the
// same kernels, records, profile and save): the CPU's triple loop at 1024,
// a 2^28 reduction.
const std::map<std::string, std::vector<std::string>>& smallerSizes() {
    static const std::map<std::string, std::vector<std::string>> sizes = {
        {"matmul", {"n=1024"}},
    };
    return sizes;
}

// The default paths the catalog's defaults do not take: the vendor
// libraries' kernels, which come without line information.
const std::vector<std::pair<std::string, std::vector<std::string>>>& moreCases() {
    static const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
        {"matmul", {"variant=cublas", "n=1024"}},
        {"matmul-tc", {"variant=cublas", "n=1024"}},
        {"transpose-f32", {"variant=best", "width=4096", "height=4096"}},
    };
    return cases;
}

// The counters' achieved occupancy can never pass the occupancy calculator's
// ceiling for the kernel that was profiled: a ceiling under it names the
// wrong function's registers or counts shared memory twice.
void expectAchievedWithinTheCeiling(const Run& run, const std::string& what) {
    const auto ceiling = predictedOccupancy(run);
    if (!ceiling) return;
    for (const ProfileCounter& c : run.profile.counters) {
        if (c.metric != kAchievedOccupancyMetric) continue;
        EXPECT_LE(c.value, ceiling->occupancy.occupancy * 100 + 0.5)
            << what << ": achieved " << c.value << " % above the ceiling, "
            << describeOccupancyPrediction(*ceiling);
    }
}

// One run through `warpscope-record run`'s own code; the trace it saved is
// loaded back and held to what the window shows of it.
void runAndCheck(const ExperimentSpec& spec, const std::vector<std::string>& params,
                 const DeviceInfo& device, const fs::path& dir) {
    std::string what = spec.id;
    for (const auto& p : params) what += " " + p;
    SCOPED_TRACE(what);
    if (const auto refusal = requirementRefusal(spec, device)) {
        std::printf("[ skipped  ] %s: %s\n", what.c_str(), refusal->c_str());
        return;
    }
    const auto start = Clock::now();
    const fs::path file = dir / (spec.id + "-" + std::to_string(params.size()) + ".wstrace");
    std::ostringstream out, err;
    const int status = runExperimentCommand(spec.id, params, file, 20, out, err);
    ASSERT_EQ(status, kOk) << err.str();
    auto run = loadTrace(file);
    ASSERT_TRUE(run.ok()) << run.error();
    const bool byDesign = spec.failsByDesign && spec.failsByDesign(run->params);
    if (run->verification.checked && !byDesign) {
        EXPECT_TRUE(run->verification.passed) << run->verification.note;
    }
    EXPECT_FALSE(lesson::runFigures(*run).empty());
    // A run that records CUDA's timeline says so only in this text where it
    // could not (the concurrency lab's runs under a process that may ask why
    // lost it without failing).
    if (const auto cupti = run->texts.find("cupti"); cupti != run->texts.end()) {
        ADD_FAILURE() << "CUPTI: " << cupti->second;
    }
    std::ostringstream info, infoErr;
    EXPECT_EQ(infoCommand(file, false, info, infoErr), kOk) << infoErr.str();
    expectAchievedWithinTheCeiling(*run, what);
    std::printf("[ run      ] %-60s %6.1f s%s\n", what.c_str(), secondsSince(start),
                run->profile.requested ? ", profiled" : "");
    fs::remove(file);
}

TEST(DefaultPaths, EveryExperimentRunsVerifiesSavesAndLoadsBack) {
    if (const std::string reason = cudaUnavailableReason(); !reason.empty()) GTEST_SKIP() << reason;
    auto device = queryDevice();
    ASSERT_TRUE(device.ok()) << device.error();
    const fs::path dir = scratch("runs");
    const auto start = Clock::now();
    for (const ExperimentSpec& spec : catalog()) {
        const auto smaller = smallerSizes().find(spec.id);
        runAndCheck(spec,
                    smaller != smallerSizes().end() ? smaller->second : std::vector<std::string>{},
                    *device, dir);
    }
    for (const auto& [id, params] : moreCases()) {
        const ExperimentSpec* spec = findExperiment(id);
        ASSERT_NE(spec, nullptr) << id;
        runAndCheck(*spec, params, *device, dir);
    }
    std::printf("[ wall     ] every experiment: %.1f s\n", secondsSince(start));
    fs::remove_all(dir);
}

TEST(DefaultPaths, EveryBundledLessonIsRecordedWithEveryFigureFound) {
    if (const std::string reason = cudaUnavailableReason(); !reason.empty()) GTEST_SKIP() << reason;
    const auto start = Clock::now();
    int lessons = 0;
    for (const auto& entry : fs::directory_iterator(resources() / "lessons")) {
        if (entry.path().extension() != ".yaml") continue;
        ++lessons;
        const std::string name = entry.path().filename().string();
        SCOPED_TRACE(name);
        const auto lessonStart = Clock::now();
        const fs::path dir = scratch("lesson");
        std::ostringstream out, err;
        const int status = recordLessonCommand(entry.path().string(), {}, {resources() / "traces"},
                                               dir, 20, out, err);
        EXPECT_EQ(status, kOk) << err.str();
        const std::string log = err.str();
        // A figure a caption names that the new runs lack, or an expectation
        // that could not be judged, is printed with its slide.
        EXPECT_EQ(log.find(", field '"), std::string::npos) << log;
        EXPECT_EQ(log.find("not judged"), std::string::npos) << log;
        EXPECT_EQ(log.find("error:"), std::string::npos) << log;
        std::printf("[ lesson   ] %-40s %6.1f s\n", name.c_str(), secondsSince(lessonStart));
        fs::remove_all(dir);
    }
    EXPECT_GE(lessons, 12);
    std::printf("[ wall     ] every lesson: %.1f s\n", secondsSince(start));
}

}  // namespace
}  // namespace ws::record
