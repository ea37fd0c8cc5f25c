// Every trace bundled in resources/traces loads, validates and matches its
// manifest entry: the GUI falls back on them where no GPU is present.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/record/record_commands.h"
#include "core/catalog.h"
#include "core/trace_io.h"

namespace ws::record {
namespace {

std::filesystem::path tracesDir() {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    return std::filesystem::path(src ? src : ".") / "resources" / "traces";
}

TEST(BundledTraces, EveryManifestEntryLoadsAndMatches) {
    std::ifstream in(tracesDir() / "manifest.json");
    ASSERT_TRUE(in) << "resources/traces/manifest.json is missing";
    auto manifest = nlohmann::json::parse(in);
    ASSERT_GT(manifest["traces"].size(), 0u);
    for (const auto& entry : manifest["traces"]) {
        const auto file = tracesDir() / entry["file"].get<std::string>();
        SCOPED_TRACE(file.string());
        auto run = loadTrace(file);
        ASSERT_TRUE(run.ok()) << run.error();
        EXPECT_EQ(run->experiment, entry["experiment"].get<std::string>());
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

TEST(BundledTraces, EveryReductionExperimentHasARecording) {
    std::ifstream in(tracesDir() / "manifest.json");
    ASSERT_TRUE(in);
    auto manifest = nlohmann::json::parse(in);
    for (const auto& spec : catalog()) {
        if (spec.group != "reduction") continue;
        bool found = false;
        for (const auto& entry : manifest["traces"]) found |= entry["experiment"].get<std::string>() == spec.id;
        EXPECT_TRUE(found) << spec.id << " has no bundled trace";
    }
}

}  // namespace
}  // namespace ws::record
