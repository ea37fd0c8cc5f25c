// The whole program's timeline as the interception logs it: CUPTI's records
// written as lines and read back, malformed lines named, the interception's
// own work told from the program's; and the timeline made a run, its
// launches tied to CUPTI's kernels by name and order, its operations put on
// the blocks' clock, its clock kernel's PTX assembled by ptxas; the logs of
// a program traced on the H100 read back.
#include "core/program/timeline_log.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/program/clock_mailbox_ptx.h"
#include "core/program/timeline_run.h"
#include "core/trace/trace_io.h"
#include "tests/kernels/support/ptx_assemble.h"

namespace ws::program {
namespace {

constexpr std::uint64_t kCupti0 = 1'700'000'000'000'000'000ull;  // CUPTI's clock at the start
constexpr std::int64_t kOffsetNs = -1'967'600;                   // %globaltimer = CUPTI + this

KernelActivity kernelAt(std::uint64_t startUs, std::uint32_t stream, std::uint32_t correlation,
                        const std::string& name) {
    return {.startNs = kCupti0 + startUs * 1000,
            .endNs = kCupti0 + startUs * 1000 + 20'000,
            .stream = stream,
            .correlation = correlation,
            .name = name,
            .gridX = 2};
}

LoggedLaunch launchOf(std::uint64_t n, std::uint64_t ofKernel, const std::string& kernel) {
    LoggedLaunch l;
    l.launch = n;
    l.kernelLaunch = ofKernel;
    l.kernel = kernel;
    l.module = 1;
    l.grid = {2, 1, 1};
    l.block = {64, 1, 1};
    l.probed = true;
    l.recorded = n == 1;
    l.records = l.recorded ? "launch-1.records" : "";
    l.ms = 0.02;
    return l;
}

// A program of three launches in two streams (14 and 15), two copies, a
// memset of the interception's own (stream 99) and its clock kernel there.
ProgramTimeline programTimeline() {
    ProgramTimeline t;
    ActivityLog& a = t.activity;
    // CUPTI hands buffers over per stream: not in the order they were asked for.
    a.kernels = {kernelAt(300, 15, 40, "_Z5scalePffi"), kernelAt(100, 14, 20, "_Z5scalePffi"),
                 kernelAt(200, 14, 30, "_Z3dotPKfPf"), kernelAt(50, 99, 5, kClockKernelName)};
    a.copies = {{.startNs = kCupti0 + 10'000,
                 .endNs = kCupti0 + 60'000,
                 .bytes = 1 << 20,
                 .kind = OperationKind::CopyHostToDevice,
                 .hostMemory = HostMemoryKind::Pinned,
                 .stream = 14,
                 .correlation = 10,
                 .channel = 7,
                 .copyChannel = true},
                {.startNs = kCupti0 + 250'000,
                 .endNs = kCupti0 + 251'000,
                 .bytes = 64,
                 .kind = OperationKind::CopyDeviceToHost,
                 .stream = 99,
                 .correlation = 31,
                 .channel = 8}};
    a.memsets = {{.startNs = kCupti0 + 90'000,
                  .endNs = kCupti0 + 91'000,
                  .bytes = 64,
                  .stream = 99,
                  .correlation = 19}};
    a.calls = {{.startNs = kCupti0 + 5'000,
                .endNs = kCupti0 + 62'000,
                .threadId = 4242,
                .correlation = 10,
                .name = "cudaMemcpyAsync_v3020"}};
    for (int i = 0; i < 6; ++i) {
        const std::uint64_t before = kCupti0 + 400'000 + std::uint64_t(i) * 10'000;
        t.clocks.push_back(
            {before, std::uint64_t(std::int64_t(before) + 500 + kOffsetNs), before + 1'000});
    }
    t.ownStreams = {99};
    return t;
}

std::string linesOf(const ProgramTimeline& t) {
    std::string text = activityLines(t.activity);
    for (const ClockSample& s : t.clocks) text += clockLine(s);
    for (std::uint32_t s : t.ownStreams) text += ownStreamLine(s);
    for (const std::string& n : t.notes) text += timelineNoteLine(n);
    return text;
}

// The first launch's two blocks, on SMs 3 and 4, 1 us after CUPTI's kernel
// started (on the %globaltimer clock).
std::vector<kernelfile::ProbeRecord> recordsOfLaunch1() {
    const std::uint64_t start = std::uint64_t(std::int64_t(kCupti0 + 100'000) + kOffsetNs + 1'000);
    std::vector<kernelfile::ProbeRecord> r(2);
    for (std::uint32_t b = 0; b < 2; ++b) {
        const std::uint64_t s = start + b * 100, e = s + 15'000;
        r[b] = {std::uint32_t(s), std::uint32_t(s >> 32), 10, 3 + b,
                std::uint32_t(e), std::uint32_t(e >> 32), 20, 1};
    }
    return r;
}

LaunchLog logOfThreeLaunches() {
    LaunchLog log;
    log.launches = {launchOf(1, 1, "_Z5scalePffi"), launchOf(2, 1, "_Z3dotPKfPf"),
                    launchOf(3, 2, "_Z5scalePffi")};
    return log;
}

TEST(TimelineLog, RecordsAreWrittenAsLinesAndReadBack) {
    ProgramTimeline t = programTimeline();
    t.activity.dropped = 3;
    t.notes = {"a note"};
    auto back = parseTimelineLog(linesOf(t));
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->activity.kernels.size(), 4u);
    EXPECT_EQ(back->activity.kernels[0].name, "_Z5scalePffi");
    EXPECT_EQ(back->activity.kernels[0].correlation, 40u);
    EXPECT_EQ(back->activity.kernels[0].gridX, 2u);
    ASSERT_EQ(back->activity.copies.size(), 2u);
    EXPECT_EQ(back->activity.copies[0].kind, OperationKind::CopyHostToDevice);
    EXPECT_EQ(back->activity.copies[0].hostMemory, HostMemoryKind::Pinned);
    EXPECT_TRUE(back->activity.copies[0].copyChannel);
    EXPECT_EQ(back->activity.copies[0].bytes, 1u << 20);
    ASSERT_EQ(back->activity.calls.size(), 1u);
    EXPECT_EQ(back->activity.calls[0].name, "cudaMemcpyAsync_v3020");
    EXPECT_EQ(back->activity.calls[0].threadId, 4242u);
    EXPECT_EQ(back->activity.memsets.size(), 1u);
    EXPECT_EQ(back->activity.dropped, 3u);
    ASSERT_EQ(back->clocks.size(), 6u);
    EXPECT_EQ(back->clocks[0].deviceNs, t.clocks[0].deviceNs);
    EXPECT_EQ(back->ownStreams, std::set<std::uint32_t>{99});
    EXPECT_EQ(back->notes, std::vector<std::string>{"a note"});
    EXPECT_TRUE(back->cutShort.empty());
}

TEST(TimelineLog, MalformedLinesAreNamedAndALastLineCutShortIsSaid) {
    const std::string good = clockLine({1, 2, 3});
    auto badKind = parseTimelineLog(
        good + R"({"type":"copy","start":1,"end":2,"bytes":4,"kind":9,"host":0,"stream":1,)"
               R"("correlation":1,"channel":0,"copyChannel":false})"
               "\n");
    ASSERT_FALSE(badKind.ok());
    EXPECT_EQ(badKind.error(), "timeline.jsonl line 2: 'kind' 9 is not a copy");
    auto negative = parseTimelineLog(R"({"type":"clock","before":-1,"device":2,"after":3})"
                                     "\n");
    ASSERT_FALSE(negative.ok());
    EXPECT_NE(negative.error().find("'before' is not a count"), std::string::npos);
    auto unknown = parseTimelineLog(R"({"type":"graph"})"
                                    "\n");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().find("unknown type 'graph'"), std::string::npos);
    auto cut = parseTimelineLog(good + good.substr(0, 10));
    ASSERT_TRUE(cut.ok()) << cut.error();
    EXPECT_EQ(cut->clocks.size(), 1u);
    EXPECT_NE(cut->cutShort.find("line 2"), std::string::npos) << cut->cutShort;
}

TEST(TimelineLog, TheInterceptionsOwnStreamAndClockKernelAreNotTheProgramsWork) {
    const ActivityLog program = programActivity(programTimeline());
    EXPECT_EQ(program.kernels.size(), 3u);
    for (const KernelActivity& k : program.kernels) EXPECT_NE(k.name, kClockKernelName);
    ASSERT_EQ(program.copies.size(), 1u);
    EXPECT_EQ(program.copies[0].stream, 14u);
    EXPECT_TRUE(program.memsets.empty());
    EXPECT_EQ(program.calls.size(), 1u);
}

TEST(TimelineRun, EachLaunchIsTiedToCuptisKernelOfItsNameInTheOrderAskedFor) {
    const ProgramTimeline t = programTimeline();
    const ActivityLog program = programActivity(t);
    const std::vector<std::int64_t> kernelOf = kernelOfEachLaunch(logOfThreeLaunches(), program);
    ASSERT_EQ(kernelOf.size(), 3u);
    // scale's first launch is correlation 20, its second 40; dot is 30.
    EXPECT_EQ(program.kernels[std::size_t(kernelOf[0])].correlation, 20u);
    EXPECT_EQ(program.kernels[std::size_t(kernelOf[1])].correlation, 30u);
    EXPECT_EQ(program.kernels[std::size_t(kernelOf[2])].correlation, 40u);
    LaunchLog more = logOfThreeLaunches();
    more.launches.push_back(launchOf(4, 3, "_Z5scalePffi"));  // CUPTI saw no third scale
    EXPECT_EQ(kernelOfEachLaunch(more, program).back(), -1);
}

TEST(TimelineRun, TheWholeProgramIsOneRunOnTheBlocksClock) {
    const TracedCommand command{{"./dot", "1024"}, "/home/student"};
    const RecordsOfLaunches records{{1, recordsOfLaunch1()}};
    DeviceInfo device;
    device.name = "NVIDIA H100 80GB HBM3";
    device.smCount = 132;
    auto run = timelineRun(programTimeline(), logOfThreeLaunches(), records, device, command);
    ASSERT_TRUE(run.ok()) << run.error();
    ASSERT_EQ(run->launches.size(), 3u);
    EXPECT_EQ(run->launches[0].kernel, "scale(float*, float, int)");
    EXPECT_EQ(run->launches[0].blocks.size(), 2u);
    EXPECT_EQ(run->launches[1].blocks.size(), 0u);  // timed only
    EXPECT_EQ(run->launches[2].stream, 15u);
    ASSERT_TRUE(run->clocks.measured);
    EXPECT_NEAR(run->clocks.offsetNs, double(kOffsetNs), 1.0);
    // Three kernels and one copy, the interception's own work left out, each
    // kernel tied to its launch and moved onto %globaltimer.
    ASSERT_EQ(run->operations.size(), 4u);
    int kernels = 0;
    for (std::size_t i = 0; i < run->operations.size(); ++i) {
        if (OperationKind(run->operations.kind[i]) != OperationKind::Kernel) continue;
        ++kernels;
        EXPECT_GE(run->operations.launch[i], 0);
    }
    EXPECT_EQ(kernels, 3);
    EXPECT_EQ(run->operations.launch[1], 0);  // the first kernel to start: launch 1
    EXPECT_EQ(run->operations.startNs[1],
              std::uint64_t(std::int64_t(kCupti0 + 100'000) + kOffsetNs));
    EXPECT_EQ(run->hostCalls.size(), 1u);
    EXPECT_EQ(run->hostCalls.names[0], "cudaMemcpyAsync");
    EXPECT_NEAR(run->figures.at("clockCheckMedianNs"), 1'000.0, 1.0);
    EXPECT_EQ(run->figures.at("launchesWithKernel"), 3.0);
    EXPECT_GT(run->figures.at("copySumMs"), 0.0);
    EXPECT_EQ(run->texts.at("program.command"), "./dot 1024");
    EXPECT_EQ(run->texts.count("cupti"), 0u);
    // It is a trace like any other: saved and read back.
    const std::string file = ::testing::TempDir() + "timeline.wstrace";
    ASSERT_TRUE(saveTrace(*run, file).ok());
    auto back = loadTrace(file);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->operations.size(), 4u);
    EXPECT_EQ(back->launches[0].blocks.size(), 2u);
}

TEST(TimelineRun, WithoutAClockTheBlocksAreLeftOutAndSaid) {
    ProgramTimeline t = programTimeline();
    t.clocks.clear();
    auto run = timelineRun(t, logOfThreeLaunches(), {{1, recordsOfLaunch1()}}, DeviceInfo{},
                           TracedCommand{{"./dot"}, "/tmp"});
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_FALSE(run->clocks.measured);
    EXPECT_EQ(run->launches[0].blocks.size(), 0u);
    EXPECT_NE(run->texts.at("cupti").find("the blocks are left out"), std::string::npos);
    EXPECT_EQ(run->operations.size(), 4u);
}

TEST(TimelineRun, ATimelineWithNothingOfTheProgramIsRefusedWithWhy) {
    ProgramTimeline t;
    t.notes = {"no timeline: CUPTI (libcupti) could not be opened"};
    auto run =
        timelineRun(t, logOfThreeLaunches(), {}, DeviceInfo{}, TracedCommand{{"./dot"}, "/"});
    ASSERT_FALSE(run.ok());
    EXPECT_NE(run.error().find("libcupti"), std::string::npos) << run.error();
}

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(WS_PROGRAM_DATA) + "/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The logs the interception wrote tracing the streams dot product on the
// H100 (4 tasks in 4 streams, 8 launches): read back and made the run
// warpscope-record info showed there.
TEST(TimelineRun, TheDotProductTracedOnTheH100) {
    auto log = parseLaunchLog(fixture("streams-dot-launches.jsonl"));
    ASSERT_TRUE(log.ok()) << log.error();
    auto timeline = parseTimelineLog(fixture("streams-dot-timeline.jsonl"));
    ASSERT_TRUE(timeline.ok()) << timeline.error();
    EXPECT_EQ(timeline->ownStreams, std::set<std::uint32_t>{17});
    EXPECT_EQ(timeline->clocks.size(), 16u);
    // 12 copies of the program's and 8 of the probes' records; 8 kernels and
    // the clock kernel twice.
    EXPECT_EQ(timeline->activity.copies.size(), 20u);
    EXPECT_EQ(timeline->activity.kernels.size(), 10u);
    auto run = timelineRun(*timeline, *log, {}, DeviceInfo{}, TracedCommand{{"./dot"}, "/"});
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_EQ(run->operations.size(), 20u);
    EXPECT_EQ(run->figures.at("launchesWithKernel"), 8.0);
    EXPECT_EQ(run->hostCalls.size(), 68u);
    ASSERT_TRUE(run->clocks.measured);
    EXPECT_NEAR(run->clocks.offsetNs, 596669, 1);
    EXPECT_EQ(run->clocks.samples, 15);
}

TEST(ClockMailbox, ItsPtxAssemblesForTheH100) {
    std::string report;
    EXPECT_EQ(test::assemble(clockMailboxPtx(), "clock-mailbox", report), 0) << report;
    EXPECT_NE(clockMailboxPtx().find(kClockKernelName), std::string::npos);
}

}  // namespace
}  // namespace ws::program
