// The profile's inline information in format version 4: for each
// instruction, the kernel's line that called the helper it was inlined from
// (`callerLine`, `callerFile`). Optional keys: written only where they were
// kept, a file without them reads as a profile that does not know, and
// broken ones are refused with their place named.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/profile/synthetic_inlined_profile.h"
#include "core/run/synthetic_run.h"
#include "core/trace/run_compare.h"
#include "core/trace/trace_io.h"

namespace ws {
namespace {

using json = nlohmann::json;

ws::Run inlinedRun() {
    ws::Run run = makeSyntheticRun(16, 4, 5);
    run.profile = syntheticInlinedProfile();
    return run;
}

std::string errorOfRun(void (*edit)(ProfiledFunction&)) {
    ws::Run run = inlinedRun();
    edit(run.profile.functions[0]);
    auto back = decodeTrace(encodeTrace(run));
    return back ? "decoded" : back.error();
}

TEST(TraceProfileInline, TheCallsComeBackEqual) {
    const ws::Run run = inlinedRun();
    auto back = decodeTrace(encodeTrace(run));
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(runDifferences(run, *back).empty());
    EXPECT_EQ(back->profile.functions[0].callerLine, run.profile.functions[0].callerLine);
    EXPECT_EQ(back->profile.functions[0].callerFile, run.profile.functions[0].callerFile);
}

// A function whose calls were not kept writes no key, so a profile recorded
// before they were is written byte for byte as it was.
TEST(TraceProfileInline, OnlyAFunctionWithCallsWritesThem) {
    ws::Run run = makeSyntheticRun(16, 4, 5);
    addSyntheticProfile(run);
    const json doc = json::from_cbor(encodeTrace(run));
    EXPECT_TRUE(doc["profile"]["functions"][1].contains("callerLine"));
    EXPECT_TRUE(doc["profile"]["functions"][1].contains("callerFile"));
    EXPECT_FALSE(doc["profile"]["functions"][0].contains("callerLine"));
    EXPECT_FALSE(doc["profile"]["functions"][0].contains("callerFile"));
    run.profile.functions[1].callerLine.clear();
    run.profile.functions[1].callerFile.clear();
    const json without = json::from_cbor(encodeTrace(run));
    EXPECT_FALSE(without["profile"]["functions"][1].contains("callerLine"));
}

TEST(TraceProfileInline, AFileWithoutThemReadsAsNotKnowing) {
    json doc = json::from_cbor(encodeTrace(inlinedRun()));
    doc["profile"]["functions"][0].erase("callerLine");
    doc["profile"]["functions"][0].erase("callerFile");
    auto run = decodeTrace(json::to_cbor(doc));
    ASSERT_TRUE(run) << run.error();
    EXPECT_TRUE(run->profile.functions[0].callerLine.empty());
    EXPECT_TRUE(run->profile.functions[0].callerFile.empty());
    EXPECT_EQ(run->profile.functions[0].line, inlinedRun().profile.functions[0].line);
}

TEST(TraceProfileInline, BrokenCallsNameThePlace) {
    EXPECT_EQ(
        errorOfRun([](ProfiledFunction& f) { f.callerLine.pop_back(); }),
        "profile.functions[0].callerLine has 12 values, profile.functions[0].pcOffset has 13");
    EXPECT_EQ(errorOfRun([](ProfiledFunction& f) { f.callerFile.clear(); }),
              "profile.functions[0].callerFile has 0 values, profile.functions[0].pcOffset has 13");
    EXPECT_EQ(errorOfRun([](ProfiledFunction& f) { f.callerLine.clear(); }),
              "profile.functions[0].callerLine has 0 values, profile.functions[0].pcOffset has 13");
    EXPECT_EQ(errorOfRun([](ProfiledFunction& f) { f.callerFile[7] = 2; }),
              "profile.functions[0].callerFile[7]: 2 is not below the 2 files");
    // A kernel without line information has no files, and so no calls.
    EXPECT_EQ(errorOfRun([](ProfiledFunction& f) {
                  f.files.clear();
                  f.file.clear();
              }),
              "profile.functions[0].callerFile[0]: 0 is not below the 0 files");
}

TEST(TraceProfileInline, WrongTypesNameThePlace) {
    json doc = json::from_cbor(encodeTrace(inlinedRun()));
    doc["profile"]["functions"][0]["callerLine"] = "12";
    auto run = decodeTrace(json::to_cbor(doc));
    ASSERT_FALSE(run);
    EXPECT_EQ(run.error().rfind("profile.functions[0].callerLine: expected a byte string", 0), 0u)
        << run.error();
}

}  // namespace
}  // namespace ws
