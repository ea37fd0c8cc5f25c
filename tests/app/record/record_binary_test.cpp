// The real warpscope-record binary, as a user or the GUI starts it.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

struct Outcome {
    int status = -1;
    std::string output;  // stdout and stderr together
};

// `env`: "NAME=value " assignments put before the command.
Outcome runTool(const std::string& args, const std::string& env = "") {
    const char* bin = std::getenv("WARPSCOPE_BINARY_DIR");
    std::string command =
        env + std::string(bin ? bin : ".") + "/app/record/warpscope-record " + args + " 2>&1";
    Outcome o;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return o;
    std::array<char, 4096> buffer;
    while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
        o.output.append(buffer.data(), n);
    const int raw = pclose(pipe);
    o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return o;
}

TEST(RecordBinary, HelpForEverySubcommand) {
    for (const char* sub :
         {"list", "device", "run", "sweep", "info", "upgrade", "export-chrome", "serve"}) {
        auto o = runTool(std::string(sub) + " --help");
        EXPECT_EQ(o.status, 0) << sub << ": " << o.output;
        EXPECT_NE(o.output.find("Usage"), std::string::npos) << sub;
    }
}

TEST(RecordBinary, MissingArgumentsAreUsageErrors) {
    EXPECT_EQ(runTool("").status, 2);
    EXPECT_EQ(runTool("run").status, 2);
    EXPECT_EQ(runTool("run reduce-ladder").status, 2);  // no -o
    EXPECT_EQ(runTool("frobnicate").status, 2);
    EXPECT_EQ(runTool("upgrade").status, 2);  // no files
}

TEST(RecordBinary, AMistypedCommandIsNamed) {
    auto o = runTool("inf x.wstrace");
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(
        o.output.rfind("warpscope-record: unknown command 'inf' (commands: list, device, run", 0),
        0u)
        << o.output;
}

TEST(RecordBinary, RepetitionsThatAreNoNumberSaySo) {
    auto o = runTool("run hello -o /tmp/x.wstrace -r abc");
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.output.find("repetitions 'abc' is not a whole number from 1 to 1000"),
              std::string::npos)
        << o.output;
    EXPECT_EQ(runTool("run hello -o /tmp/x.wstrace -r 1001").status, 2);
}

TEST(RecordBinary, ASweepThatListsARunTwiceIsRefusedBeforeAnyLaunch) {
    // 2^5 and 32 are one run: both would be measured, the second trace
    // replacing the first. Refused before the GPU is looked for.
    auto o = runTool("sweep reduce-ladder n=32,2^5 -o /tmp/ws-sweep-twice");
    EXPECT_EQ(o.status, 2) << o.output;
    EXPECT_NE(o.output.find("the sweep lists the same run twice: n=32 and n=2^5"),
              std::string::npos)
        << o.output;
}

TEST(RecordBinary, LockChecksWhatWasAskedBeforeLookingForTheGpu) {
    auto none = runTool("lock");
    EXPECT_EQ(none.status, 2) << none.output;
    EXPECT_NE(none.output.find("give a command"), std::string::npos) << none.output;
    auto both = runTool("lock --status -- echo hi");
    EXPECT_EQ(both.status, 2) << both.output;
    EXPECT_NE(both.output.find("give either --status or a command"), std::string::npos)
        << both.output;
    // A command that cannot be found ends as a shell would end it (a fake
    // device id, so that no GPU is needed).
    const std::string env =
        "WARPSCOPE_LOCK_ID=test-gpu WARPSCOPE_LOCK_DIR=" + ::testing::TempDir() +
        "/lock_binary_test ";
    auto missing = runTool("lock -- /nonexistent/command", env);
    EXPECT_EQ(missing.status, 127) << missing.output;
    EXPECT_NE(missing.output.find("cannot start /nonexistent/command"), std::string::npos)
        << missing.output;
}

TEST(RecordBinary, UnknownExperimentOneLine) {
    auto o = runTool("run no-such-thing -o /tmp/x.wstrace");
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.output,
              "warpscope-record: unknown experiment 'no-such-thing' (warpscope-record "
              "list shows them all)\n");
}

TEST(RecordBinary, ListWorksWithoutADevice) {
    auto o = runTool("list --json");
    EXPECT_EQ(o.status, 0);
    EXPECT_NE(o.output.find("\"reduce-warp\""), std::string::npos);
}

}  // namespace
