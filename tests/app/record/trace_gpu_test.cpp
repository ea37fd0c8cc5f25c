// `warpscope-record trace` on the GPU: both example programs traced, every
// launch they make probed and recorded (or timed, past --launches), each
// trace read back with a record of every block, and the programs' own
// checks passing under the probes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/program/launch_log.h"
#include "core/run/run.h"
#include "core/trace/trace_io.h"
#include "tests/app/record/run_kernel_tool.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {
namespace {

program::LaunchLog logOf(const std::string& dir) {
    std::ifstream in(dir + "/launches.jsonl");
    std::stringstream text;
    text << in.rdbuf();
    auto log = program::parseLaunchLog(text.str());
    EXPECT_TRUE(log.ok()) << log.error();
    return log.ok() ? *log : program::LaunchLog{};
}

// Every recorded launch's trace loads, with one record per block on the
// SMs of this GPU.
void expectTracesOfRecordedLaunches(const std::string& dir, const program::LaunchLog& log) {
    for (const program::LoggedLaunch& l : log.launches) {
        if (!l.recorded) continue;
        auto run = loadTrace(dir + "/launch-" + std::to_string(l.launch) + ".wstrace");
        ASSERT_TRUE(run.ok()) << run.error();
        ASSERT_EQ(run->launches.size(), 1u);
        EXPECT_EQ(run->launches[0].blocks.size(), l.grid.count()) << l.kernel;
        std::set<std::uint32_t> sms(run->launches[0].blocks.sm.begin(),
                                    run->launches[0].blocks.sm.end());
        EXPECT_LE(sms.size(), std::size_t(run->device.smCount));
        EXPECT_GT(l.ms, 0) << l.launch;
        EXPECT_FALSE(std::filesystem::exists(dir + "/" + l.records)) << "records made a trace";
    }
}

TEST(TraceOnGpu, EveryLaunchOfTheStreamsDotProductIsProbedAndRecorded) {
    WS_REQUIRE_GPU();
    const std::string dir = ::testing::TempDir() + "trace-dot";
    auto o = runRecorder("trace -o " + dir + " -- " WS_STREAMS_DOT);
    ASSERT_EQ(o.status, 0) << o.output;
    for (int t = 0; t < 4; ++t)
        EXPECT_NE(o.output.find("task " + std::to_string(t) + ": "), std::string::npos) << o.output;
    EXPECT_EQ(o.output.find("WRONG"), std::string::npos) << o.output;
    const program::LaunchLog log = logOf(dir);
    ASSERT_EQ(log.launches.size(), 8u) << o.output;  // four tasks, two kernels each
    std::set<std::string> kernels;
    for (const program::LoggedLaunch& l : log.launches) {
        EXPECT_TRUE(l.probed) << l.kernel << ": " << l.whyNotProbed;
        EXPECT_TRUE(l.recorded) << l.kernel << ": " << l.whyNotProbed;
        EXPECT_EQ(l.grid.count(), 4096u);  // 2^20 / 256
        kernels.insert(l.kernel);
    }
    EXPECT_EQ(kernels, (std::set<std::string>{"_Z5scalePffi", "_Z11dot_productPKfS0_Pfi"}));
    expectTracesOfRecordedLaunches(dir, log);
    auto info = runRecorder("info " + dir + "/launch-1.wstrace");
    EXPECT_EQ(info.status, 0) << info.output;
}

TEST(TraceOnGpu, TheTwoLaunchesOfTheReductionAreRecordedAndItsCheckPasses) {
    WS_REQUIRE_GPU();
    const std::string dir = ::testing::TempDir() + "trace-reduce";
    auto o = runRecorder("trace -o " + dir + " -- " WS_REDUCE_TWO_LAUNCHES);
    ASSERT_EQ(o.status, 0) << o.output;
    EXPECT_NE(o.output.find(" ok"), std::string::npos) << o.output;
    const program::LaunchLog log = logOf(dir);
    ASSERT_EQ(log.launches.size(), 2u) << o.output;
    EXPECT_EQ(log.launches[0].grid.count(), 256u);
    EXPECT_EQ(log.launches[1].grid.count(), 1u);
    EXPECT_TRUE(log.launches[0].recorded && log.launches[1].recorded) << o.output;
    expectTracesOfRecordedLaunches(dir, log);
}

// A lesson slide that names a traced launch: record-lesson traces the
// program again and keeps the launch of the same number.
TEST(TraceOnGpu, RecordLessonTracesTheProgramOfATracedLaunchAgain) {
    WS_REQUIRE_GPU();
    const std::string dir = ::testing::TempDir() + "trace-lesson";
    auto o = runRecorder("trace -o " + dir + "/reduce -- " WS_REDUCE_TWO_LAUNCHES);
    ASSERT_EQ(o.status, 0) << o.output;
    std::ofstream(dir + "/mine.yaml") << "title: Mine\nslides:\n  - title: The second launch\n"
                                         "    trace: reduce/launch-2.wstrace\n"
                                         "    views: [timeline]\n";
    auto recorded = runRecorder("record-lesson " + dir + "/mine.yaml -o " + dir + "/again");
    ASSERT_EQ(recorded.status, 0) << recorded.output;
    bool found = false;
    for (const auto& entry : std::filesystem::directory_iterator(dir + "/again")) {
        if (entry.path().extension() != ".wstrace") continue;
        auto run = loadTrace(entry.path());
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_EQ(run->launches.at(0).blocks.size(), 1u);  // the second launch: one block
        found = true;
    }
    EXPECT_TRUE(found) << recorded.output;
}

// Past --launches, the probed build runs with a null records address: the
// program's results stay right and the launch is timed.
TEST(TraceOnGpu, LaunchesPastTheOnesKeptAreTimedAndTheProgramStillRight) {
    WS_REQUIRE_GPU();
    const std::string dir = ::testing::TempDir() + "trace-dot-one";
    auto o = runRecorder("trace -o " + dir + " --launches 1 -- " WS_STREAMS_DOT);
    ASSERT_EQ(o.status, 0) << o.output;
    EXPECT_EQ(o.output.find("WRONG"), std::string::npos) << o.output;
    const program::LaunchLog log = logOf(dir);
    ASSERT_EQ(log.launches.size(), 8u);
    int recorded = 0;
    for (const program::LoggedLaunch& l : log.launches) {
        recorded += l.recorded;
        EXPECT_TRUE(l.probed);
        EXPECT_GT(l.ms, 0) << "launch " << l.launch << " not timed";
    }
    EXPECT_EQ(recorded, 2);  // the first of each kernel
    auto plain = runRecorder("trace -o " + dir + "-plain --no-probes -- " WS_STREAMS_DOT);
    ASSERT_EQ(plain.status, 0) << plain.output;
    for (const program::LoggedLaunch& l : logOf(dir + "-plain").launches) {
        EXPECT_FALSE(l.probed);
        EXPECT_GT(l.ms, 0);
    }
}

// CUPTI's timeline of the whole program: each of the eight launches tied
// to its kernel, the program's copies (two up and one down a task) and
// none of the interception's own, the runtime calls, and the recorded
// launches' blocks on the same clock, each starting just after its kernel.
TEST(TraceOnGpu, TheWholeProgramsTimelineHoldsEveryLaunchItsCopiesAndItsBlocks) {
    WS_REQUIRE_GPU();
    const std::string dir = ::testing::TempDir() + "trace-dot-timeline";
    auto o = runRecorder("trace -o " + dir + " -- " WS_STREAMS_DOT);
    ASSERT_EQ(o.status, 0) << o.output;
    EXPECT_NE(o.output.find("the whole program's timeline: timeline.wstrace"), std::string::npos)
        << o.output;
    auto run = loadTrace(dir + "/timeline.wstrace");
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_EQ(run->texts.count("cupti"), 0u) << run->texts["cupti"];
    ASSERT_EQ(run->launches.size(), 8u);
    for (const Launch& l : run->launches) EXPECT_EQ(l.blocks.size(), l.grid.count()) << l.kernel;
    std::set<std::int32_t> linked;
    int upCopies = 0, downCopies = 0;
    for (std::size_t i = 0; i < run->operations.size(); ++i) {
        const auto kind = OperationKind(run->operations.kind[i]);
        if (kind == OperationKind::Kernel) linked.insert(run->operations.launch[i]);
        upCopies += kind == OperationKind::CopyHostToDevice;
        if (kind == OperationKind::CopyDeviceToHost) {
            ++downCopies;
            EXPECT_EQ(run->operations.bytes[i], 4096u * 4) << "a copy of the probes' records";
        }
    }
    EXPECT_EQ(linked, (std::set<std::int32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(upCopies, 8);
    EXPECT_EQ(downCopies, 4);
    EXPECT_GT(run->hostCalls.size(), 0u);
    ASSERT_TRUE(run->clocks.measured);
    // A kernel's first block starts within microseconds of CUPTI's start.
    EXPECT_GE(run->figures.at("clockCheckMedianNs"), -2'000.0);
    EXPECT_LE(run->figures.at("clockCheckMedianNs"), 20'000.0);
    EXPECT_EQ(run->figures.at("launchesWithKernel"), 8.0);

    auto without = runRecorder("trace -o " + dir + "-none --no-timeline -- " WS_STREAMS_DOT);
    ASSERT_EQ(without.status, 0) << without.output;
    EXPECT_FALSE(std::filesystem::exists(dir + "-none/timeline.wstrace"));
    EXPECT_EQ(logOf(dir + "-none").launches.size(), 8u);
}

TEST(TraceOnGpu, OnlyTheKernelsTheFilterNamesAreProbed) {
    WS_REQUIRE_GPU();
    const std::string dir = ::testing::TempDir() + "trace-dot-filter";
    auto o = runRecorder("trace -o " + dir + " --kernels '^dot_product' -- " WS_STREAMS_DOT);
    ASSERT_EQ(o.status, 0) << o.output;
    for (const program::LoggedLaunch& l : logOf(dir).launches)
        EXPECT_EQ(l.probed, l.kernel == "_Z11dot_productPKfS0_Pfi") << l.kernel;
}

}  // namespace
}  // namespace ws::test
