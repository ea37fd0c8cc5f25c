// Every trace bundled in resources/traces loads, validates and matches its
// manifest entry: the GUI falls back on them where no GPU is present. They are
// shipped in every package, so they are also held to a size budget and to
// being exactly what this build's writer writes.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "app/record/commands/record_commands.h"
#include "core/catalog/catalog.h"
#include "core/profile/counter_catalog.h"
#include "core/trace/trace_io.h"

namespace ws::record {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

fs::path tracesDir() {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    return fs::path(src ? src : ".") / "resources" / "traces";
}

json manifest() {
    std::ifstream in(tracesDir() / "manifest.json");
    EXPECT_TRUE(in) << "resources/traces/manifest.json is missing";
    return in ? json::parse(in) : json::object();
}

// The manifest's copy of what the trace holds: the GUI lists and picks runs
// from the manifest alone, so a stale entry would show numbers no trace has.
void expectEntryDescribes(const json& entry, const Run& run) {
    EXPECT_EQ(run.experiment, entry.at("experiment").get<std::string>());
    EXPECT_EQ(run.params, entry.at("params").get<ParamValues>());
    EXPECT_EQ(run.device.name, entry.at("device").get<std::string>());
    EXPECT_EQ(run.recordedAt, entry.at("recordedAt").get<std::string>());
    EXPECT_EQ(run.verification.checked && run.verification.passed,
              entry.at("verified").get<bool>());
    // Entries written before a figure existed lack its key.
    const std::pair<const char*, double> numbers[] = {
        {"kernelMs", run.timing.kernelMs},
        {"gbPerS", run.timing.gbPerS()},
        {"overheadPercent", run.timing.overheadPercent},
        {"bytesMoved", run.timing.bytesMoved},
        {"cpuMs", run.timing.cpuMs},
        {"cpuParallelMs", run.timing.cpuParallelMs},
        {"transferMs", run.timing.transferMs},
    };
    for (const auto& [key, value] : numbers)
        if (entry.contains(key)) EXPECT_DOUBLE_EQ(value, entry[key].get<double>()) << key;
    if (entry.contains("cpuThreads"))
        EXPECT_EQ(run.timing.cpuThreads, entry["cpuThreads"].get<int>());
    if (entry.contains("figures"))
        EXPECT_EQ(run.figures, (entry["figures"].get<std::map<std::string, double>>()));
    // The roofline places a run by its counters' bytes from the manifest.
    const auto bytes = measuredLevelBytes(run.profile);
    EXPECT_EQ(bytes.has_value(), entry.contains("counterBytes"));
    if (bytes && entry.contains("counterBytes")) {
        EXPECT_DOUBLE_EQ(bytes->dram, entry["counterBytes"].at("dram").get<double>());
        EXPECT_DOUBLE_EQ(bytes->l2, entry["counterBytes"].at("l2").get<double>());
        EXPECT_DOUBLE_EQ(bytes->l1, entry["counterBytes"].at("l1").get<double>());
    }
}

TEST(BundledTraces, EveryManifestEntryLoadsAndMatches) {
    const json m = manifest();
    ASSERT_GT(m["traces"].size(), 0u);
    for (const auto& entry : m["traces"]) {
        const auto file = tracesDir() / entry["file"].get<std::string>();
        SCOPED_TRACE(file.string());
        auto run = loadTrace(file);
        ASSERT_TRUE(run.ok()) << run.error();
        expectEntryDescribes(entry, *run);
        const ExperimentSpec* spec = findExperiment(run->experiment);
        ASSERT_NE(spec, nullptr);
        EXPECT_TRUE(run->verification.checked);
        // A setting that is wrong by design must have been caught; any other passed.
        const bool failsByDesign = spec->failsByDesign && spec->failsByDesign(run->params);
        EXPECT_EQ(run->verification.passed, !failsByDesign) << run->verification.note;
        EXPECT_GT(run->device.timerTickNs, 0u);
        if (!spec->launchesNoKernel || !spec->launchesNoKernel(run->params))
            EXPECT_FALSE(run->launches.empty());
        std::ostringstream out, err;
        EXPECT_EQ(infoCommand(file, false, out, err), kOk) << err.str();
    }
}

// A trace in the folder but not in the manifest is shipped and never shown;
// one listed twice is shown twice.
TEST(BundledTraces, TheManifestListsEveryTraceOnce) {
    const json m = manifest();
    std::set<std::string> listed;
    for (const auto& entry : m["traces"])
        EXPECT_TRUE(listed.insert(entry["file"].get<std::string>()).second)
            << entry["file"] << " is listed twice";
    std::set<std::string> present;
    for (const auto& f : fs::directory_iterator(tracesDir()))
        if (f.path().extension() == ".wstrace") present.insert(f.path().filename().string());
    EXPECT_EQ(listed, present);
}

// The bundled traces were rewritten by `warpscope-record upgrade`, which
// checked that each decodes to the run its older file held. Here they are held
// to being the newest version, byte for byte what this build's writer makes of
// them (so a writer change that alters them shows up here), and to their
// budget of 8 MB in all (docs/performance.md, "Bundled traces").
TEST(BundledTraces, AreWrittenByTheNewestWriterWithinTheBudget) {
    std::uintmax_t total = 0;
    for (const auto& f : fs::directory_iterator(tracesDir())) {
        total += f.file_size();
        if (f.path().extension() != ".wstrace") continue;
        SCOPED_TRACE(f.path().filename().string());
        auto bytes = readTraceBytes(f.path());
        ASSERT_TRUE(bytes) << bytes.error();
        auto run = decodeTrace(*bytes);
        ASSERT_TRUE(run) << run.error();
        EXPECT_EQ(run->formatVersion, kTraceFormatVersion)
            << "run: warpscope-record upgrade resources/traces/*.wstrace";
        EXPECT_TRUE(encodeTrace(*run) == *bytes) << "not what this build's writer writes";
    }
    EXPECT_LT(total, 8u * 1000 * 1000) << "resources/traces holds " << total << " bytes";
}

TEST(BundledTraces, EveryReductionExperimentHasARecording) {
    const json m = manifest();
    for (const auto& spec : catalog()) {
        if (spec.group != "reduction") continue;
        bool found = false;
        for (const auto& entry : m["traces"])
            found |= entry["experiment"].get<std::string>() == spec.id;
        EXPECT_TRUE(found) << spec.id << " has no bundled trace";
    }
}

}  // namespace
}  // namespace ws::record
