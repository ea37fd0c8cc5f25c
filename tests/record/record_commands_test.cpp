// The subcommands called directly: exit statuses and the one-line messages.
#include "app/record/record_commands.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/synthetic_run.h"
#include "core/trace_io.h"
#include "kernels/experiment_runner.h"

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

TEST(RecordExport, WritesChromeJson) {
    const auto file = tempPath("export.wstrace");
    const auto json = tempPath("export.json");
    ASSERT_TRUE(saveTrace(makeSyntheticRun(300, 6, 2), file).ok());
    std::ostringstream err;
    ASSERT_EQ(exportChromeCommand(file, json, err), kOk) << err.str();
    std::ifstream in(json);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(text.find("traceEvents"), std::string::npos);
    std::filesystem::remove(file);
    std::filesystem::remove(json);
}

}  // namespace
}  // namespace ws::record
