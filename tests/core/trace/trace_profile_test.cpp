// Format version 4: a run's profile comes back exactly, a run without one
// writes no `profile` key, files of earlier versions never have one, and a
// damaged profile is refused with its place named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/run/synthetic_run.h"
#include "core/trace/run_compare.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_places.h"

namespace ws {
namespace {

using json = nlohmann::json;
using Bytes = std::vector<std::uint8_t>;

Run profiledRun() {
    ws::Run run = makeSyntheticRun(16, 4, 5);
    addSyntheticProfile(run);
    return run;
}

std::string differences(const Run& a, const Run& b) {
    std::string text;
    for (const auto& d : runDifferences(a, b)) text += d + "\n";
    return text;
}

TEST(TraceProfile, TheSyntheticProfileIsWhatItSays) {
    const RunProfile p = profiledRun().profile;
    ASSERT_EQ(p.functions.size(), 2u);
    for (const auto& f : p.functions) {
        EXPECT_EQ(f.pcOffset.size(), 20u);
        EXPECT_EQ(f.line.size(), 20u);
        EXPECT_EQ(f.sass.size(), 20u);
        EXPECT_TRUE(p.sources.contains(f.sourceFile)) << f.sourceFile;
    }
    EXPECT_NE(
        std::find(p.functions[1].sass.begin(), p.functions[1].sass.end(), "LDG.E R2, [R2.64]"),
        p.functions[1].sass.end());
    EXPECT_EQ(p.counters.size(), 5u);
    EXPECT_GE(p.stalls.size(), 10u);
    std::uint64_t samples = 0;
    for (auto s : p.stalls.samples) samples += s;
    EXPECT_EQ(p.totalSamples, samples);
    // The same every time.
    EXPECT_EQ(encodeTrace(profiledRun()), encodeTrace(profiledRun()));
}

TEST(TraceProfile, EveryFieldComesBackEqual) {
    const ws::Run run = profiledRun();
    const Bytes bytes = encodeTrace(run);
    auto back = decodeTrace(bytes);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->formatVersion, 4);
    EXPECT_TRUE(sameRun(run, *back)) << differences(run, *back);
    // Field by field too, so the round trip rests on more than runDifferences.
    const RunProfile& a = run.profile;
    const RunProfile& b = back->profile;
    EXPECT_EQ(b.requested, a.requested);
    EXPECT_EQ(b.stallsUnavailable, a.stallsUnavailable);
    EXPECT_EQ(b.countersUnavailable, a.countersUnavailable);
    EXPECT_EQ(b.stallReasons, a.stallReasons);
    ASSERT_EQ(b.functions.size(), a.functions.size());
    for (std::size_t i = 0; i < a.functions.size(); ++i) {
        EXPECT_EQ(b.functions[i].name, a.functions[i].name);
        EXPECT_EQ(b.functions[i].displayName, a.functions[i].displayName);
        EXPECT_EQ(b.functions[i].sourceFile, a.functions[i].sourceFile);
        EXPECT_EQ(b.functions[i].pcOffset, a.functions[i].pcOffset);
        EXPECT_EQ(b.functions[i].line, a.functions[i].line);
        EXPECT_EQ(b.functions[i].sass, a.functions[i].sass);
        EXPECT_EQ(b.functions[i].registersPerThread, a.functions[i].registersPerThread);
        EXPECT_EQ(b.functions[i].staticSharedBytes, a.functions[i].staticSharedBytes);
    }
    EXPECT_EQ(b.functions[0].registersPerThread, 40u);
    EXPECT_EQ(b.functions[0].staticSharedBytes, 1024u);
    EXPECT_EQ(b.stalls.function, a.stalls.function);
    EXPECT_EQ(b.stalls.pcOffset, a.stalls.pcOffset);
    EXPECT_EQ(b.stalls.reason, a.stalls.reason);
    EXPECT_EQ(b.stalls.samples, a.stalls.samples);
    EXPECT_EQ(b.totalSamples, a.totalSamples);
    EXPECT_EQ(b.droppedSamples, a.droppedSamples);
    EXPECT_EQ(b.samplingPeriodLog2, a.samplingPeriodLog2);
    EXPECT_EQ(b.sampledLaunches, a.sampledLaunches);
    EXPECT_EQ(b.sampledKernelMs, a.sampledKernelMs);
    EXPECT_EQ(b.unsampledKernelMs, a.unsampledKernelMs);
    ASSERT_EQ(b.counters.size(), a.counters.size());
    for (std::size_t i = 0; i < a.counters.size(); ++i) {
        EXPECT_EQ(b.counters[i].kernel, a.counters[i].kernel);
        EXPECT_EQ(b.counters[i].metric, a.counters[i].metric);
        EXPECT_EQ(b.counters[i].value, a.counters[i].value);
    }
    EXPECT_EQ(b.counterPasses, a.counterPasses);
    EXPECT_EQ(b.sources, a.sources);
    EXPECT_EQ(encodeTrace(*back), bytes);
}

TEST(TraceProfile, TheUnavailableSentencesComeBack) {
    ws::Run run = makeSyntheticRun(4, 2, 1);
    run.profile.requested = true;
    run.profile.stallsUnavailable = "profiling is not permitted on this machine: ask for it";
    run.profile.countersUnavailable = "another profiler holds the counters";
    auto back = decodeTrace(encodeTrace(run));
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(back->profile.requested);
    EXPECT_EQ(back->profile.stallsUnavailable, run.profile.stallsUnavailable);
    EXPECT_EQ(back->profile.countersUnavailable, run.profile.countersUnavailable);
}

TEST(TraceProfile, StoredInTheDocumentsForms) {
    const json doc = json::from_cbor(encodeTrace(profiledRun()));
    ASSERT_TRUE(doc.contains("profile"));
    const json& p = doc["profile"];
    // Integer columns are packed arrays: raw bytes or [encoding, bytes].
    auto isPacked = [](const json& v) {
        return v.is_binary() || (v.is_array() && v.size() == 2 && v[1].is_binary());
    };
    for (const char* key : {"function", "pcOffset", "reason", "samples"})
        EXPECT_TRUE(isPacked(p["stalls"][key])) << key;
    EXPECT_TRUE(isPacked(p["functions"][0]["pcOffset"]));
    EXPECT_TRUE(isPacked(p["functions"][0]["line"]));
    EXPECT_TRUE(p["functions"][0]["sass"].is_array());
    EXPECT_EQ(p["functions"][0]["sass"][7], "@!P0 LDG.E R2, [R2.64]");
    EXPECT_TRUE(p["stallReasons"].is_array());
    EXPECT_EQ(p["counters"][0]["metric"], "dram__bytes_read.sum");
    EXPECT_EQ(p["counters"][0]["value"], 4194304);
    EXPECT_TRUE(p["sources"].is_object());
    EXPECT_EQ(p["samplingPeriodLog2"], 10);
    EXPECT_EQ(doc["version"], 4);
}

TEST(TraceProfile, ARunWithoutOneWritesNoProfileKey) {
    const ws::Run run = makeSyntheticRun(8, 2, 1);
    const json doc = json::from_cbor(encodeTrace(run));
    EXPECT_FALSE(doc.contains("profile"));
    auto back = decodeTrace(encodeTrace(run));
    ASSERT_TRUE(back) << back.error();
    EXPECT_FALSE(back->profile.requested);
    EXPECT_FALSE(back->profile.hasStalls());
    EXPECT_FALSE(back->profile.hasCounters());
}

// Any one value set, even one that compares equal to the default (-0),
// writes the key and comes back: a decoded run always re-encodes to itself.
TEST(TraceProfile, AnyOneValueIsWritten) {
    const std::vector<std::function<void(RunProfile&)>> edits = {
        [](RunProfile& p) { p.requested = true; },
        [](RunProfile& p) { p.stallsUnavailable = "no"; },
        [](RunProfile& p) { p.stallReasons = {"x"}; },
        [](RunProfile& p) { p.functions.emplace_back(); },
        [](RunProfile& p) { p.totalSamples = 1; },
        [](RunProfile& p) { p.droppedSamples = 1; },
        [](RunProfile& p) { p.samplingPeriodLog2 = 5; },
        [](RunProfile& p) { p.sampledLaunches = 1; },
        [](RunProfile& p) { p.sampledKernelMs = -0.0; },
        [](RunProfile& p) { p.unsampledKernelMs = 1; },
        [](RunProfile& p) {
            p.counters.push_back({"k", "m", 0});
        },
        [](RunProfile& p) { p.counterPasses = 1; },
        [](RunProfile& p) { p.sources["a.cu"] = ""; },
    };
    for (std::size_t i = 0; i < edits.size(); ++i) {
        SCOPED_TRACE("edit " + std::to_string(i));
        ws::Run run = makeSyntheticRun(2, 1, 1);
        edits[i](run.profile);
        const Bytes bytes = encodeTrace(run);
        EXPECT_TRUE(json::from_cbor(bytes).contains("profile"));
        auto back = decodeTrace(bytes);
        ASSERT_TRUE(back) << back.error();
        EXPECT_TRUE(sameRun(run, *back)) << differences(run, *back);
    }
}

// The document of the profiled run, edited, as bytes.
template <typename Edit>
Bytes editedDocument(Edit edit) {
    json doc = json::from_cbor(encodeTrace(profiledRun()));
    edit(doc);
    return json::to_cbor(doc);
}

TEST(TraceProfile, EarlierVersionsNeverHaveOne) {
    // A version 3 file with a key of that name: not this profile, ignored.
    auto run = decodeTrace(editedDocument([](json& d) { d["version"] = 3; }));
    ASSERT_TRUE(run) << run.error();
    EXPECT_EQ(run->formatVersion, 3);
    EXPECT_FALSE(run->profile.requested);
    EXPECT_TRUE(run->profile.functions.empty());
    EXPECT_TRUE(run->profile.sources.empty());
    auto odd = decodeTrace(editedDocument([](json& d) {
        d["version"] = 3;
        d["profile"] = "not a map";
    }));
    EXPECT_TRUE(odd) << odd.error();
    // Written again, it is a version 4 file without a profile.
    EXPECT_FALSE(json::from_cbor(encodeTrace(*run)).contains("profile"));
}

// Version 4 files recorded before the cubin's resources were kept: the
// function reads as one whose registers are not known.
TEST(TraceProfile, AFunctionWithoutItsResourcesReadsAsUnknown) {
    auto run = decodeTrace(editedDocument([](json& d) {
        d["profile"]["functions"][0].erase("registers");
        d["profile"]["functions"][0].erase("staticSharedBytes");
    }));
    ASSERT_TRUE(run) << run.error();
    EXPECT_EQ(run->profile.functions[0].registersPerThread, 0u);
    EXPECT_EQ(run->profile.functions[0].staticSharedBytes, 0u);
    // Unknown resources are not written, so such a file re-encodes to itself.
    EXPECT_FALSE(
        json::from_cbor(encodeTrace(*run))["profile"]["functions"][0].contains("registers"));
}

// A library's kernel (cuBLAS's) comes without line information: no file,
// every line 0, only its SASS. Such a profile saves and loads.
TEST(TraceProfile, AKernelWithoutLineInformationSavesAndLoads) {
    ws::Run run = profiledRun();
    ProfiledFunction& f = run.profile.functions[0];
    f.files.clear();
    f.file.clear();
    f.sourceFile.clear();
    std::fill(f.line.begin(), f.line.end(), 0u);
    ASSERT_TRUE(validateRun(run)) << validateRun(run).error();
    auto back = decodeTrace(encodeTrace(run));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(differences(run, *back), "");
    EXPECT_TRUE(back->profile.functions[0].files.empty());
}

std::string errorOf(const Bytes& bytes) {
    auto r = decodeTrace(bytes);
    return r ? "decoded" : r.error();
}

std::string errorOfRun(const std::function<void(RunProfile&)>& edit) {
    ws::Run run = profiledRun();
    edit(run.profile);
    return errorOf(encodeTrace(run));
}

TEST(TraceProfile, BrokenRulesNameThePlace) {
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.stalls.reason[12] = 40; }),
              "profile.stalls.reason[12]: 40 is not below the 5 stall reasons");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.stalls.function[3] = 2; }),
              "profile.stalls.function[3]: 2 is not below the 2 functions");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.stalls.samples.pop_back(); }),
              "profile.stalls.samples has 13 values, profile.stalls.function has 14");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.stalls.pcOffset.push_back(0); }),
              "profile.stalls.pcOffset has 15 values, profile.stalls.function has 14");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.functions[1].line.pop_back(); }),
              "profile.functions[1].line has 19 values, profile.functions[1].pcOffset has 20");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.functions[0].sass.emplace_back("NOP"); }),
              "profile.functions[0].sass has 21 values, profile.functions[0].pcOffset has 20");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.functions[0].registersPerThread = 300; }),
              "profile.functions[0].registers is 300, above the 255 a thread can hold");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.counters[2].value = -1; }),
              "profile.counters[2].value: -1 is negative");
    EXPECT_EQ(errorOfRun([](RunProfile& p) {
                  p.counters[4].value = std::numeric_limits<double>::infinity();
              }),
              "profile.counters[4].value: inf is not a finite number");
    EXPECT_EQ(errorOfRun([](RunProfile& p) {
                  p.counters[0].value = std::numeric_limits<double>::quiet_NaN();
              }),
              "profile.counters[0].value: nan is not a finite number");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.counters[1].metric.clear(); }),
              "profile.counters[1].metric is empty");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.samplingPeriodLog2 = 40; }),
              "profile.samplingPeriodLog2: 40 is not in [0, 31]");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.sampledLaunches = -1; }),
              "profile.sampledLaunches: -1 is negative");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.counterPasses = -2; }),
              "profile.counterPasses: -2 is negative");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.unsampledKernelMs = -0.5; }),
              "profile.unsampledKernelMs: -0.5 is negative");
    EXPECT_EQ(errorOfRun([](RunProfile& p) { p.sources[""] = "x"; }),
              "profile.sources: a source without a path");
    // validateRun holds a run in memory to the same rules: saving refuses it.
    ws::Run run = profiledRun();
    run.profile.stalls.reason[0] = 5;
    EXPECT_FALSE(validateRun(run));
}

TEST(TraceProfile, WrongTypesNameThePlace) {
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"] = json::array(); })),
              "profile: expected a map, found an array");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["requested"] = 1; })),
              "profile.requested: expected true or false, found an unsigned integer");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["functions"] = json::object(); })),
              "profile.functions: expected an array of maps, found a map");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["functions"][1] = 5; })),
              "profile.functions[1]: expected a map, found an unsigned integer");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["functions"][0]["sass"][3] = 7; })),
              "profile.functions[0].sass[3]: expected a text string, found an unsigned integer");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["stalls"]["reason"] = "x"; })),
              "profile.stalls.reason: expected a byte string of packed values or an [encoding, "
              "byte string] pair, found a text string");
    EXPECT_EQ(errorOf(editedDocument(
                  [](json& d) { d["profile"]["stalls"]["samples"] = json::binary(Bytes(7)); })),
              "profile.stalls.samples: 7 bytes is not a whole number of 4-byte values");
    EXPECT_EQ(errorOf(editedDocument([](json& d) {
                  d["profile"]["functions"][1]["line"] = json::array({9, json::binary({1})});
              })),
              "profile.functions[1].line: encoding 9 is not 1 (varint) or 2 (delta)");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["counters"][1]["value"] = "x"; })),
              "profile.counters[1].value: expected a number, found a text string");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["counters"] = 3; })),
              "profile.counters: expected an array of maps, found an unsigned integer");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["totalSamples"] = -1; })),
              "profile.totalSamples: -1 is negative");
    EXPECT_EQ(
        errorOf(editedDocument([](json& d) { d["profile"]["samplingPeriodLog2"] = 1ULL << 40; })),
        "profile.samplingPeriodLog2: 1099511627776 is out of range");
    EXPECT_EQ(errorOf(editedDocument([](json& d) {
                  d["profile"]["sources"]["kernels/synthetic/synthetic_kernels.cu"] = 3;
              })),
              "profile.sources.kernels/synthetic/synthetic_kernels.cu: expected a text string, "
              "found an unsigned integer");
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["sources"] = json::array(); })),
              "profile.sources: expected a map, found an array");
    // Keys the reader does not know are ignored, in the profile as anywhere.
    EXPECT_EQ(errorOf(editedDocument([](json& d) { d["profile"]["futureKey"] = 1; })), "decoded");
}

TEST(TraceProfile, DamageInsideItIsPlacedInTheProfile) {
    EXPECT_EQ(tracePlace({"profile", "functions", "0", "pcOffset", "1"}),
              "the profile (functions[0].pcOffset)");
    EXPECT_EQ(tracePlace({"profile", "functions", "0", "sass", "3"}),
              "the profile (functions[0].sass[3])");
    EXPECT_EQ(tracePlace({"profile", "stalls", "samples", "1"}), "the profile (stalls.samples)");
    EXPECT_EQ(tracePlace({"profile", "counters", "2", "value"}), "the profile (counters[2].value)");
    // A file cut inside a function's SASS text.
    const Bytes bytes = encodeTrace(profiledRun());
    const std::string exit = "EXIT";
    const auto at = std::search(bytes.begin(), bytes.end(), exit.begin(), exit.end());
    ASSERT_NE(at, bytes.end());
    const std::size_t cut = std::size_t(at - bytes.begin());  // after the text's head
    EXPECT_EQ(errorOf(Bytes(bytes.begin(), bytes.begin() + long(cut))),
              "the file ends at byte " + std::to_string(cut) +
                  " inside the profile (functions[0].sass[19]), in the middle of a text string "
                  "of 4 bytes that begins at byte " +
                  std::to_string(cut - 1));
}

TEST(TraceProfile, EveryFieldIsCompared) {
    const std::vector<std::pair<const char*, std::function<void(RunProfile&)>>> changes = {
        {"profile.requested", [](RunProfile& p) { p.requested = false; }},
        {"profile.stallsUnavailable", [](RunProfile& p) { p.stallsUnavailable = "x"; }},
        {"profile.countersUnavailable", [](RunProfile& p) { p.countersUnavailable = "x"; }},
        {"profile.stallReasons[1]", [](RunProfile& p) { p.stallReasons[1] = "x"; }},
        {"the profile's function count", [](RunProfile& p) { p.functions.pop_back(); }},
        {"profile.functions[1].name", [](RunProfile& p) { p.functions[1].name = "x"; }},
        {"profile.functions[1].displayName",
         [](RunProfile& p) { p.functions[1].displayName = "x"; }},
        {"profile.functions[0].sourceFile", [](RunProfile& p) { p.functions[0].sourceFile = "x"; }},
        {"profile.functions[0].pcOffset[3]", [](RunProfile& p) { p.functions[0].pcOffset[3] = 1; }},
        {"profile.functions[0].line[2]", [](RunProfile& p) { p.functions[0].line[2] = 99; }},
        {"profile.functions[1].sass[0]", [](RunProfile& p) { p.functions[1].sass[0] = "NOP"; }},
        {"profile.functions[1].callerLine[3]",
         [](RunProfile& p) { p.functions[1].callerLine[3] = 19; }},
        {"profile.functions[1].callerFile[3]",
         [](RunProfile& p) { p.functions[1].callerFile[3] = 1; }},
        {"profile.functions[0].registers",
         [](RunProfile& p) { p.functions[0].registersPerThread = 64; }},
        {"profile.functions[0].staticSharedBytes",
         [](RunProfile& p) { p.functions[0].staticSharedBytes = 0; }},
        {"profile.stalls.function[0]", [](RunProfile& p) { p.stalls.function[0] = 1; }},
        {"profile.stalls.pcOffset[0]", [](RunProfile& p) { p.stalls.pcOffset[0] = 1; }},
        {"profile.stalls.reason[0]", [](RunProfile& p) { p.stalls.reason[0] = 4; }},
        {"profile.stalls.samples[0]", [](RunProfile& p) { p.stalls.samples[0] = 1; }},
        {"profile.totalSamples", [](RunProfile& p) { p.totalSamples = 1; }},
        {"profile.droppedSamples", [](RunProfile& p) { p.droppedSamples = 1; }},
        {"profile.samplingPeriodLog2", [](RunProfile& p) { p.samplingPeriodLog2 = 5; }},
        {"profile.sampledLaunches", [](RunProfile& p) { p.sampledLaunches = 9; }},
        {"profile.sampledKernelMs", [](RunProfile& p) { p.sampledKernelMs = 1; }},
        {"profile.unsampledKernelMs", [](RunProfile& p) { p.unsampledKernelMs = -0.0; }},
        {"the profile's counter count", [](RunProfile& p) { p.counters.pop_back(); }},
        {"profile.counters[3].kernel", [](RunProfile& p) { p.counters[3].kernel = "x"; }},
        {"profile.counters[3].metric", [](RunProfile& p) { p.counters[3].metric = "x"; }},
        {"profile.counters[3].value", [](RunProfile& p) { p.counters[3].value = 0; }},
        {"profile.counterPasses", [](RunProfile& p) { p.counterPasses = 0; }},
        {"profile.sources 'kernels/synthetic/synthetic_kernels.cu'",
         [](RunProfile& p) { p.sources.begin()->second += "\n"; }},
    };
    const ws::Run run = profiledRun();
    for (const auto& [expected, edit] : changes) {
        ws::Run other = run;
        edit(other.profile);
        const auto found = runDifferences(run, other);
        ASSERT_EQ(found.size(), 1u) << expected;
        EXPECT_EQ(found[0].rfind(expected, 0), 0u) << found[0];
    }
}

}  // namespace
}  // namespace ws
