// The interception's log: lines written and read back, a line cut short by
// the program's end, malformed lines named; a recorded launch made a run.
#include "core/program/launch_log.h"

#include <gtest/gtest.h>

#include "core/program/launch_run.h"

namespace ws::program {
namespace {

LoggedLaunch launchOf(std::uint64_t n, bool recorded, double ms) {
    LoggedLaunch l;
    l.launch = n;
    l.kernelLaunch = n;
    l.kernel = "_Z3addPfi";
    l.module = 1;
    l.grid = {2, 1, 1};
    l.block = {64, 1, 1};
    l.probed = true;
    l.recorded = recorded;
    l.records = recorded ? "launch-" + std::to_string(n) + ".records" : "";
    l.ms = ms;
    return l;
}

TEST(LaunchLog, LinesAreReadBackAndALastLineCutShortIsSaid) {
    LoggedModule m;
    m.module = 1;
    m.image = "fatbin";
    m.ptxArch = "compute_90";
    m.kernels = {"_Z3addPfi"};
    m.probed = {"_Z3addPfi"};
    const std::string text = moduleLine(m) + launchLine(launchOf(1, true, 0.5)) +
                             noteLine("hello") + launchLine(launchOf(2, false, 0.25));
    auto log = parseLaunchLog(text);
    ASSERT_TRUE(log.ok()) << log.error();
    ASSERT_EQ(log->modules.size(), 1u);
    EXPECT_EQ(log->modules[0].ptxArch, "compute_90");
    ASSERT_EQ(log->launches.size(), 2u);
    EXPECT_EQ(log->launches[0].grid, (Dim3{2, 1, 1}));
    EXPECT_EQ(log->launches[0].records, "launch-1.records");
    EXPECT_EQ(log->launches[1].ms, 0.25);
    EXPECT_EQ(log->notes, std::vector<std::string>{"hello"});
    EXPECT_TRUE(log->cutShort.empty());
    const std::string cut = text + launchLine(launchOf(3, false, 1)).substr(0, 20);
    auto partial = parseLaunchLog(cut);
    ASSERT_TRUE(partial.ok()) << partial.error();
    EXPECT_EQ(partial->launches.size(), 2u);
    EXPECT_NE(partial->cutShort.find("line 5"), std::string::npos) << partial->cutShort;
}

TEST(LaunchLog, MalformedLinesAreRefusedByTheirNumber) {
    auto bad = parseLaunchLog(launchLine(launchOf(1, true, 1)) + "{\"type\": \"launch\"}\n");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("launches.jsonl line 2"), std::string::npos) << bad.error();
    LoggedLaunch outside = launchOf(1, true, 1);
    outside.records = "../../etc/passwd";
    auto refused = parseLaunchLog(launchLine(outside));
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().find("outside the folder"), std::string::npos) << refused.error();
    EXPECT_FALSE(parseLaunchLog("not json\n").ok());
    // Logged as they finished, read back in the program's order.
    auto late =
        parseLaunchLog(launchLine(launchOf(2, false, 1)) + launchLine(launchOf(1, true, 1)));
    ASSERT_TRUE(late.ok()) << late.error();
    EXPECT_EQ(late->launches[0].launch, 1u);
    EXPECT_EQ(late->launches[1].launch, 2u);
    EXPECT_EQ(demangled("_Z3addPfi"), "add(float*, int)");
    EXPECT_EQ(demangled("plain_c_kernel"), "plain_c_kernel");
}

kernelfile::ProbeRecord record(std::uint32_t start, std::uint32_t end, std::uint32_t sm) {
    return {start, 0, 100, sm, end, 0, 900, 1};
}

TEST(LaunchRun, ARecordedLaunchIsARunWithItsBlocksAndThePlainTimeBesideIt) {
    LaunchLog log;
    log.launches = {launchOf(1, true, 0.012), launchOf(2, false, 0.010), launchOf(3, false, 0.011),
                    launchOf(4, false, 0.009)};
    auto run = launchRun(log.launches[0], {record(1000, 5000, 3), record(1200, 4000, 7)}, log,
                         DeviceInfo{}, TracedCommand{{"./add", "4096"}, "/home/me"});
    ASSERT_TRUE(run.ok()) << run.error();
    ASSERT_EQ(run->launches.size(), 1u);
    EXPECT_EQ(run->launches[0].kernel, "add(float*, int)");
    EXPECT_EQ(run->launches[0].blocks.size(), 2u);
    EXPECT_EQ(run->launches[0].blocks.sm[1], 7u);
    EXPECT_DOUBLE_EQ(run->timing.recordedKernelMs, 0.012);
    EXPECT_DOUBLE_EQ(run->timing.kernelMs, 0.010);  // the median of the three timed
    EXPECT_NEAR(run->timing.overheadPercent, 20.0, 1e-9);
    EXPECT_EQ(run->texts.at(kProgramCommandText), "./add 4096");
    auto again = tracedCommandOf(*run);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->argv, (std::vector<std::string>{"./add", "4096"}));
    EXPECT_EQ(again->directory, "/home/me");
    EXPECT_FALSE(tracedCommandOf(ws::Run{}).has_value());
    EXPECT_FALSE(run->verification.checked);
    EXPECT_EQ(launchTraceName(log.launches[0]), "launch-1.wstrace");
    // A block that never ended is refused, as a kernel file's would be.
    auto broken = launchRun(log.launches[0], {record(1000, 5000, 3), {1, 0, 0, 0, 0, 0, 0, 0}}, log,
                            DeviceInfo{}, TracedCommand{{"./add"}, "/"});
    EXPECT_FALSE(broken.ok());
}

}  // namespace
}  // namespace ws::program
