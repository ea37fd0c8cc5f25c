// The subcommands called directly: exit statuses and the one-line messages.
#include "app/record/commands/record_commands.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/record/commands/manifest.h"
#include "app/record/commands/run_summary.h"
#include "core/run/synthetic_run.h"
#include "core/trace/trace_io.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {
namespace {

long lineCount(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

std::filesystem::path tempPath(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("ws-record-" + std::to_string(::getpid()) + "-" + name);
}

TEST(RecordList, ListsEveryReductionWithItsParameters) {
    std::ostringstream out, err;
    ASSERT_EQ(listExperiments("", false, out, err), kOk);
    EXPECT_NE(out.str().find("reduce-ladder"), std::string::npos);
    EXPECT_NE(out.str().find("reduce-last-block"), std::string::npos);
    EXPECT_NE(out.str().find("interleaved-divergent"), std::string::npos);
    EXPECT_TRUE(err.str().empty());
}

TEST(RecordList, ADefaultWiderThanItsColumnStaysApartFromItsUnit) {
    std::ostringstream out, err;
    ASSERT_EQ(listExperiments("host-device-bandwidth", false, out, err), kOk);
    EXPECT_NE(out.str().find("default 1073741824 bytes"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("default 1024      bytes"), std::string::npos) << out.str();
}

TEST(RecordList, LongChoiceListsWrapAndDefaultsStayInOneColumn) {
    std::ostringstream out, err;
    ASSERT_EQ(listExperiments("", false, out, err), kOk);
    std::istringstream lines(out.str());
    std::string line;
    std::size_t column = std::string::npos;
    int params = 0;
    while (std::getline(lines, line)) {
        // Parameter lines (titles and seeds are prose).
        if (line.rfind("  ", 0) != 0 || line.rfind("  seed:", 0) == 0) continue;
        EXPECT_LE(line.size(), 100u) << line;
        const std::size_t at = line.find(" default ");
        if (at == std::string::npos) continue;
        if (column == std::string::npos) column = at;
        EXPECT_EQ(at, column) << line;
        ++params;
    }
    EXPECT_GT(params, 50);
    // The matrix-multiply ladder's thirteen variants wrap; every one is listed.
    for (const char* v : {"cpu-naive|", "seed-tiled-bug|", "warptile-db|", "cublas"})
        EXPECT_NE(out.str().find(v), std::string::npos) << v;
}

TEST(RecordList, UnknownExperimentIsOneLineAndUsageError) {
    std::ostringstream out, err;
    EXPECT_EQ(listExperiments("no-such", false, out, err), kUsage);
    EXPECT_EQ(lineCount(err.str()), 1);
    EXPECT_NE(err.str().find("no-such"), std::string::npos);
}

TEST(RecordRun, OutOfRangeParameterNamesTheLimit) {
    std::ostringstream out, err;
    EXPECT_EQ(runExperimentCommand("reduce-single-block", {"block=2048"}, tempPath("x.wstrace"), 3,
                                   out, err),
              kUsage);
    EXPECT_NE(err.str().find("block=2048 is out of range [32, 1024]"), std::string::npos)
        << err.str();
}

TEST(RecordRun, NonPowerOfTwoBlockRefused) {
    std::ostringstream out, err;
    EXPECT_EQ(runExperimentCommand("reduce-single-block", {"block=96"}, tempPath("x.wstrace"), 3,
                                   out, err),
              kUsage);
    EXPECT_NE(err.str().find("power of two"), std::string::npos) << err.str();
}

TEST(RecordRun, UnknownParameterListsTheKnownOnes) {
    std::ostringstream out, err;
    EXPECT_EQ(runExperimentCommand("reduce-ladder", {"size=3"}, tempPath("x.wstrace"), 3, out, err),
              kUsage);
    EXPECT_NE(err.str().find("no parameter 'size'"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("per_thread"), std::string::npos) << err.str();
}

TEST(RecordRun, WithoutDeviceFailsInOneLineElseWritesAVerifiedTrace) {
    std::ostringstream out, err;
    const auto file = tempPath("run.wstrace");
    const int status =
        runExperimentCommand("reduce-single-block", {"n=1000", "block=128"}, file, 3, out, err);
    if (!cudaUnavailableReason().empty()) {
        EXPECT_EQ(status, kFailed);
        EXPECT_EQ(lineCount(err.str()), 1) << err.str();
        EXPECT_NE(err.str().find("cannot run reduce-single-block"), std::string::npos);
        EXPECT_FALSE(std::filesystem::exists(file));
        return;
    }
    ASSERT_EQ(status, kOk) << err.str();
    auto run = loadTrace(file);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.passed);
    std::filesystem::remove(file);
}

TEST(RecordInfo, SummarizesAValidTrace) {
    const auto file = tempPath("info.wstrace");
    ASSERT_TRUE(saveTrace(makeSyntheticRun(500, 8, 3), file).ok());
    std::ostringstream out, err;
    ASSERT_EQ(infoCommand(file, false, out, err), kOk) << err.str();
    EXPECT_NE(out.str().find("valid warpscope trace"), std::string::npos);
    EXPECT_NE(out.str().find("500 block records"), std::string::npos) << out.str();
    std::filesystem::remove(file);
}

TEST(RecordInfo, LaunchesAreNumberedFromOneAsInTheWindow) {
    const auto file = tempPath("launches.wstrace");
    ws::Run run = makeSyntheticRun(60, 4, 2);
    run.launches.push_back(run.launches[0]);
    ASSERT_TRUE(saveTrace(run, file).ok());
    std::ostringstream out, err;
    ASSERT_EQ(infoCommand(file, false, out, err), kOk) << err.str();
    EXPECT_NE(out.str().find("\nlaunch 1: "), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("\nlaunch 2: "), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find("launch 0"), std::string::npos) << out.str();
    std::filesystem::remove(file);
}

TEST(RecordInfo, NamesTheParametersTheRunDidNotUse) {
    const auto file = tempPath("unused.wstrace");
    ws::Run run = makeSyntheticRun(8, 2, 1);
    run.experiment = "vector-add";
    run.params = {{"n", "7"}, {"launch", "seed"}, {"block", "256"}, {"grid", "0"}};
    ASSERT_TRUE(saveTrace(run, file).ok());
    std::ostringstream out, err;
    ASSERT_EQ(infoCommand(file, false, out, err), kOk) << err.str();
    EXPECT_NE(out.str().find("\n  not used with these settings: block grid\n"), std::string::npos)
        << out.str();
    std::filesystem::remove(file);
}

// The bundled traces as a student reads them with info.
std::string infoOfBundled(const std::string& name) {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    std::ostringstream out, err;
    EXPECT_EQ(infoCommand(std::filesystem::path(src ? src : ".") / "resources/traces" / name, false,
                          out, err),
              kOk)
        << err.str();
    return out.str();
}

TEST(RecordInfo, ARunOnTheCpuIsNotCalledAGpuRun) {
    const std::string text = infoOfBundled("matmul__n-256__variant-cpu-naive.wstrace");
    EXPECT_NE(text.find("\n  result "), std::string::npos) << text;
    EXPECT_EQ(text.find("\n  GPU equal"), std::string::npos) << text;
    EXPECT_EQ(text.find("CPU against GPU"), std::string::npos) << text;
    // cuBLAS runs on the GPU: it keeps both.
    const std::string cublas = infoOfBundled("matmul__n-256__variant-cublas.wstrace");
    EXPECT_NE(cublas.find("CPU against GPU: kernel"), std::string::npos) << cublas;
}

TEST(RecordInfo, AKernelFilesCheckNamesItsReferenceNotTheCpu) {
    const std::string text = infoOfBundled("kernel-file__example-matmul_naive__n-512.wstrace");
    EXPECT_NE(text.find(", reference the output of matmul_naive_reference"), std::string::npos)
        << text;
    EXPECT_EQ(text.find(", CPU the output"), std::string::npos) << text;
    EXPECT_NE(text.find("verified against the file's own check"), std::string::npos) << text;
}

TEST(RecordInfo, WholeNumbersInFullAndLaunchTablesByLaunch) {
    const std::string matmul = infoOfBundled("matmul__n-1024__variant-coalesced.wstrace");
    EXPECT_NE(matmul.find("checkedEntries=1048576"), std::string::npos) << matmul;
    EXPECT_EQ(matmul.find("e+06"), std::string::npos) << matmul;
    const std::string hello = infoOfBundled("hello__grid-1__block-64.wstrace");
    EXPECT_NE(hello.find("\nlaunch 2: table 'greetings': 64 rows"), std::string::npos) << hello;
    EXPECT_EQ(hello.find("launch table"), std::string::npos) << hello;
    EXPECT_NE(hello.find("1 block record on 1 SM over"), std::string::npos) << hello;
    // Each run-level table once.
    const std::string cpu = infoOfBundled("matmul__n-256__variant-cpu-naive.wstrace");
    EXPECT_EQ(cpu.find("table mismatches"), std::string::npos) << cpu;
}

TEST(RecordInfo, AWholeArrayCheckIsDescribedNotLeftBlank) {
    const auto file = tempPath("checked.wstrace");
    ws::Run run = makeSyntheticRun(50, 4, 1);
    run.verification = {
        .checked = true,
        .passed = true,
        .note = "exact: every byte of dst equals the byte of src it was moved from"};
    ASSERT_TRUE(saveTrace(run, file).ok());
    std::ostringstream out, err;
    ASSERT_EQ(infoCommand(file, false, out, err), kOk) << err.str();
    EXPECT_NE(out.str().find("  checked against the CPU: equal (exact: every byte"),
              std::string::npos)
        << out.str();
    EXPECT_EQ(out.str().find("GPU , CPU"), std::string::npos) << out.str();
    std::filesystem::remove(file);
}

TEST(RecordInfo, ARunThatMovesNoBytesPrintsNoRate) {
    ws::Run run = makeSyntheticRun(50, 4, 1);
    run.timing.kernelMs = 0.04;
    run.timing.repetitions = 3;
    run.timing.bytesMoved = 0;
    run.timing.flops = 0;
    EXPECT_EQ(runSummaryLine(run).find("GB/s"), std::string::npos) << runSummaryLine(run);
    run.timing.bytesMoved = 60;  // five ints added: a rate far below 1 GB/s is still shown
    EXPECT_NE(runSummaryLine(run).find(", 0.0015 GB/s"), std::string::npos) << runSummaryLine(run);
    run.timing.bytesMoved = 4e6;
    EXPECT_NE(runSummaryLine(run).find("100.0 GB/s, recording"), std::string::npos)
        << runSummaryLine(run);
}

TEST(RecordInfo, AProfileIsSummarisedInWordsAndInJson) {
    const auto file = tempPath("profile.wstrace");
    ws::Run run = makeSyntheticRun(20, 4, 1);
    addSyntheticProfile(run);
    ASSERT_TRUE(saveTrace(run, file).ok());
    std::ostringstream out, err;
    ASSERT_EQ(infoCommand(file, false, out, err), kOk) << err.str();
    EXPECT_NE(out.str().find("\nprofile: 1716 stall samples, 12 dropped, in 2 functions\n"
                             "  top stall reasons: long_scoreboard 54.9 %, barrier 28.7 %, "
                             "selected 6.6 %\n"
                             "  counters: 5 measured in 3 passes\n"),
              std::string::npos)
        << out.str();
    std::ostringstream js, jsErr;
    ASSERT_EQ(infoCommand(file, true, js, jsErr), kOk) << jsErr.str();
    const auto doc = nlohmann::json::parse(js.str());
    EXPECT_EQ(doc["profile"]["totalSamples"], 1716);
    EXPECT_EQ(doc["profile"]["functions"], 2);
    EXPECT_EQ(doc["profile"]["counters"], 5);
    ASSERT_EQ(doc["profile"]["topStallReasons"].size(), 3u);
    EXPECT_EQ(doc["profile"]["topStallReasons"][0]["reason"], "long_scoreboard");
    EXPECT_EQ(doc["profile"]["topStallReasons"][0]["samples"], 942);
    std::filesystem::remove(file);
}

// One kernel of one shape with its registers: info sets the achieved
// occupancy beside the calculator's ceiling, and --json lists it predicted.
TEST(RecordInfo, TheAchievedOccupancyStandsBesideItsCeiling) {
    ws::Run run = makeSyntheticRun(20, 4, 1);
    addSyntheticProfile(run);
    run.profile.functions.resize(1);  // the reduction: 40 registers, 1 KiB static shared
    for (ws::Launch& l : run.launches) {
        l.block = {256, 1, 1};
        l.sharedBytes = 0;
    }
    EXPECT_TRUE(occupancySummaryLines(run).empty()) << "no achieved occupancy measured";
    run.profile.counters.push_back(
        {"timed work", "sm__warps_active.avg.pct_of_peak_sustained_active", 41.5});
    const std::vector<std::string> expected = {
        "  occupancy: achieved 41.5 %, at most 75 %: 6 blocks of 256 threads an SM, limited by "
        "registers per SM (40 registers a thread, 1.0 KB of shared memory a block)"};
    EXPECT_EQ(occupancySummaryLines(run), expected);
    EXPECT_EQ(predictedCountersJson(run)["sm__warps_active.avg.pct_of_peak_sustained_active"],
              75.0);
}

TEST(RecordInfo, AProfileThatCouldNotBeRecordedSaysWhy) {
    ws::Run run = makeSyntheticRun(20, 4, 1);
    run.profile.requested = true;
    run.profile.stallsUnavailable = "profiling is not permitted on this machine";
    run.profile.countersUnavailable = "another profiler holds the counters";
    const std::vector<std::string> expected = {
        "profile: no stall samples (profiling is not permitted on this machine)",
        "  counters: none (another profiler holds the counters)"};
    EXPECT_EQ(profileSummaryLines(run.profile), expected);
    EXPECT_EQ(profileSummaryJson(run.profile)["stallsUnavailable"],
              "profiling is not permitted on this machine");
    // A run that asked for no profile says nothing of one.
    EXPECT_TRUE(profileSummaryLines(RunProfile{}).empty());
    EXPECT_TRUE(profileSummaryJson(RunProfile{}).is_null());
    const auto file = tempPath("no-profile.wstrace");
    ASSERT_TRUE(saveTrace(makeSyntheticRun(20, 4, 1), file).ok());
    std::ostringstream out, err;
    ASSERT_EQ(infoCommand(file, false, out, err), kOk) << err.str();
    EXPECT_EQ(out.str().find("profile:"), std::string::npos) << out.str();
    std::filesystem::remove(file);
}

TEST(RecordInfo, CorruptFileSaysWhatIsWrong) {
    const auto file = tempPath("corrupt.wstrace");
    auto bytes = encodeTrace(makeSyntheticRun(100, 4, 1));
    bytes.resize(bytes.size() / 2);
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    std::ostringstream out, err;
    EXPECT_EQ(infoCommand(file, false, out, err), kUsage);
    EXPECT_NE(err.str().find(file.string()), std::string::npos) << err.str();
    EXPECT_EQ(lineCount(err.str()), 1) << err.str();
    std::filesystem::remove(file);
}

TEST(RecordInfo, MissingFileIsUsageError) {
    std::ostringstream out, err;
    EXPECT_EQ(infoCommand("/nonexistent/trace.wstrace", false, out, err), kUsage);
    EXPECT_FALSE(err.str().empty());
}

TEST(RecordUpgrade, ThroughALinkItsTargetIsRewrittenAndTheLinkStays) {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    const auto v1 = std::filesystem::path(src ? src : ".") / "tests/data/traces-v1" /
                    "bank-probe__pattern-stride__width-4__stride-32.wstrace";
    const auto target = tempPath("link-target.wstrace");
    const auto link = tempPath("link.wstrace");
    std::filesystem::copy_file(v1, target, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::remove(link);
    std::filesystem::create_symlink(target, link);
    std::ostringstream out, err;
    EXPECT_EQ(upgradeCommand({link}, out, err), kOk) << err.str();
    EXPECT_TRUE(std::filesystem::is_symlink(link));
    auto upgraded = loadTrace(target);
    ASSERT_TRUE(upgraded.ok()) << upgraded.error();
    EXPECT_EQ(upgraded->formatVersion, kTraceFormatVersion);
    std::filesystem::remove(link);
    std::filesystem::remove(target);
}

TEST(RecordUpgrade, AFileNamedTwiceIsCountedOnce) {
    const auto file = tempPath("twice.wstrace");
    ASSERT_TRUE(saveTrace(makeSyntheticRun(50, 4, 2), file).ok());
    const auto again = file.parent_path() / "." / file.filename();
    std::ostringstream out, err;
    EXPECT_EQ(upgradeCommand({file, again}, out, err), kOk) << err.str();
    EXPECT_NE(out.str().find(again.string() + ": named before, skipped\n"), std::string::npos)
        << out.str();
    EXPECT_EQ(out.str().find(" of 2 files"), std::string::npos) << out.str();
    std::filesystem::remove(file);
}

TEST(RecordUpgrade, RewritesOlderTracesAndGoesOnPastABadOne) {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    const auto v1 = std::filesystem::path(src ? src : ".") / "tests/data/traces-v1" /
                    "bank-probe__pattern-stride__width-4__stride-32.wstrace";
    const auto old = tempPath("old.wstrace");
    const auto bad = tempPath("bad.wstrace");
    const auto current = tempPath("current.wstrace");
    std::filesystem::copy_file(v1, old, std::filesystem::copy_options::overwrite_existing);
    std::ofstream(bad) << "{\"not\": \"a trace\"}";
    ASSERT_TRUE(saveTrace(makeSyntheticRun(50, 4, 2), current).ok());
    std::ostringstream out, err;
    EXPECT_EQ(upgradeCommand({old, bad, current}, out, err), kFailed);
    const std::string v1Size = std::to_string(std::filesystem::file_size(v1));
    EXPECT_NE(out.str().find(old.string() + ": format version 1, " + v1Size + " bytes -> version " +
                             std::to_string(kTraceFormatVersion) + ", " +
                             std::to_string(std::filesystem::file_size(old)) + " bytes\n"),
              std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find(current.string() + ": already format version"), std::string::npos)
        << out.str();
    // The totals are of the two files read, and say one could not be.
    EXPECT_NE(out.str().find("2 of 3 files: "), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("; 1 could not be upgraded\n"), std::string::npos) << out.str();
    EXPECT_EQ(err.str(), "warpscope-record: '" + bad.string() +
                             "': not a warpscope trace: expected CBOR, found text (it looks like "
                             "JSON)\n");
    auto upgraded = loadTrace(old);
    ASSERT_TRUE(upgraded.ok()) << upgraded.error();
    EXPECT_EQ(upgraded->formatVersion, kTraceFormatVersion);
    for (const auto& f : {old, bad, current}) std::filesystem::remove(f);
}

// Entries of another shape are kept as they are, not a reason to throw.
TEST(RecordManifest, OddEntriesDoNotStopAnUpdate) {
    const auto dir = tempPath("manifest");
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "manifest.json")
        << R"({"format":"warpscope-manifest","version":1,"traces":[5,{"file":3},{"file":"a.wstrace"}]})";
    ASSERT_TRUE(updateManifest(dir, "a.wstrace", makeSyntheticRun(10, 2, 1)).ok());
    std::ifstream in(dir / "manifest.json");
    const auto manifest = nlohmann::json::parse(in);
    ASSERT_EQ(manifest["traces"].size(), 3u);
    EXPECT_EQ(manifest["traces"][0], 5);
    EXPECT_EQ(manifest["traces"][2]["file"], "a.wstrace");
    std::filesystem::remove_all(dir);
}

TEST(RecordExport, WritesChromeJson) {
    const auto file = tempPath("export.wstrace");
    const auto json = tempPath("export.json");
    ASSERT_TRUE(saveTrace(makeSyntheticRun(300, 6, 2), file).ok());
    std::ostringstream err;
    ASSERT_EQ(exportChromeCommand(file, json, err), kOk) << err.str();
    std::ifstream in(json);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(text.find("traceEvents"), std::string::npos);
    EXPECT_TRUE(err.str().empty()) << err.str();
    std::filesystem::remove(file);
    std::filesystem::remove(json);
}

TEST(RecordExport, ATraceWithNothingToDrawIsExplained) {
    const auto json = tempPath("empty.json");
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    const std::filesystem::path cublas = std::filesystem::path(src ? src : ".") /
                                         "resources/traces/matmul__n-256__variant-cublas.wstrace";
    std::ostringstream err;
    ASSERT_EQ(exportChromeCommand(cublas, json, err), kOk) << err.str();
    EXPECT_NE(err.str().find("holds no block records and no recorded operations"),
              std::string::npos)
        << err.str();
    std::filesystem::remove(json);
}

TEST(RecordExport, NeverWritesOverTheTraceItReads) {
    const auto file = tempPath("self.wstrace");
    ASSERT_TRUE(saveTrace(makeSyntheticRun(300, 6, 2), file).ok());
    std::ostringstream err;
    EXPECT_EQ(exportChromeCommand(file, file, err), kUsage);
    EXPECT_NE(err.str().find("it is the file being read"), std::string::npos) << err.str();
    EXPECT_TRUE(loadTrace(file).ok());  // still the trace
    std::filesystem::remove(file);
}

TEST(RecordRun, AnOutputThatCannotBeWrittenIsRefusedBeforeMeasuring) {
    std::ostringstream out, err;
    const auto missing = tempPath("no-such-folder") / "x.wstrace";
    // Refused for its output, not for a missing GPU: the check comes first.
    EXPECT_EQ(runExperimentCommand("reduce-single-block", {"n=1000"}, missing, 3, out, err),
              kUsage);
    EXPECT_NE(err.str().find("does not exist"), std::string::npos) << err.str();
    EXPECT_EQ(err.str().find("cannot run"), std::string::npos) << err.str();
    std::ostringstream err2;
    EXPECT_EQ(runExperimentCommand("reduce-single-block", {"n=1000"},
                                   std::filesystem::temp_directory_path(), 3, out, err2),
              kUsage);
    EXPECT_NE(err2.str().find("it is a folder"), std::string::npos) << err2.str();
}

}  // namespace
}  // namespace ws::record
