// Each lab's parameters are typed once, by its own parser: every bundled
// trace of a lab with one is accepted by it (or the views reading the
// settings would show nothing for it), and a parser refuses other labs' runs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/atomics/atomics_settings.h"
#include "core/basics/basics_settings.h"
#include "core/catalog/catalog.h"
#include "core/concurrency/concurrency_settings.h"
#include "core/matmul/matmul_settings.h"
#include "core/memkinds/memkinds_settings.h"
#include "core/memory/memory_settings.h"
#include "core/reduction/reduction_settings.h"
#include "core/tensorcore/tensorcore_settings.h"

namespace ws {
namespace {

namespace fs = std::filesystem;

struct ManifestTrace {
    std::string file, experiment;
    ParamValues params;
};

std::vector<ManifestTrace> bundledManifest() {
    std::vector<ManifestTrace> out;
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    if (!src) return out;
    std::ifstream in(fs::path(src) / "resources" / "traces" / "manifest.json");
    const auto j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object() || !j.contains("traces")) return out;
    for (const auto& t : j["traces"]) {
        ManifestTrace m{t.value("file", ""), t.value("experiment", ""), {}};
        for (const auto& [k, v] : t["params"].items()) m.params[k] = v.get<std::string>();
        out.push_back(std::move(m));
    }
    return out;
}

// The error of the lab's parser for this trace, or "" where it has no parser
// (a lab still reading its strings) or accepts it.
std::string typingError(const ManifestTrace& t) {
    if (parseReductionExperiment(t.experiment)) {
        auto s = reductionSettings(t.experiment, t.params);
        return s ? "" : s.error();
    }
    if (parseMemoryExperiment(t.experiment)) {
        auto s = memorySettings(t.experiment, t.params);
        return s ? "" : s.error();
    }
    if (parseAtomicsExperiment(t.experiment)) {
        auto s = atomicsSettings(t.experiment, t.params);
        return s ? "" : s.error();
    }
    if (parseBasicsExperiment(t.experiment)) {
        auto s = basicsSettings(t.experiment, t.params);
        return s ? "" : s.error();
    }
    if (parseMemkindsExperiment(t.experiment)) {
        auto s = memkindsSettings(t.experiment, t.params);
        return s ? "" : s.error();
    }
    if (parseConcurrencyExperiment(t.experiment)) {
        auto s = concurrencySettings(t.experiment, t.params);
        return s ? "" : s.error();
    }
    if (t.experiment == "matmul") {
        auto s = matmulSettings(t.params);
        return s ? "" : s.error();
    }
    if (t.experiment == kTensorCoreExperiment) {
        auto s = tensorCoreSettings(t.params);
        return s ? "" : s.error();
    }
    return "";
}

TEST(TypedSettings, EveryBundledTraceOfATypedLabIsAcceptedByItsParser) {
    const auto traces = bundledManifest();
    ASSERT_GT(traces.size(), 100u) << "the bundled manifest was not found";
    int typed = 0;
    for (const ManifestTrace& t : traces) {
        SCOPED_TRACE(t.file);
        EXPECT_EQ(typingError(t), "");
        if (parseReductionExperiment(t.experiment) || parseMemoryExperiment(t.experiment) ||
            parseAtomicsExperiment(t.experiment))
            ++typed;
    }
    EXPECT_GT(typed, 50);
}

TEST(TypedSettings, ResolvedStringsAreTheCatalogsAndDefaultsAreWrittenOnce) {
    const auto reduction = reductionSettings("reduce-ladder", {{"variant", "best"}});
    ASSERT_TRUE(reduction) << reduction.error();
    EXPECT_EQ(reduction->variant, ReductionVariant::Best);
    EXPECT_EQ(reduction->resolved,
              *resolveParams(*findExperiment("reduce-ladder"), ParamValues{{"variant", "best"}}));
    // The catalog's default per_thread, not a second copy of it.
    EXPECT_EQ(reduction->perThread,
              std::uint64_t(
                  std::stoull(findExperiment("reduce-ladder")->param("per_thread")->defaultValue)));
    const auto memory = memorySettings("transpose-f32", {{"variant", "copy"}});
    ASSERT_TRUE(memory) << memory.error();
    EXPECT_EQ(memory->variant, TransposeVariant::Copy);
    EXPECT_EQ(memory->rowsPerThread,
              std::stoul(findExperiment("transpose-f32")->param("rows_per_thread")->defaultValue));
    const auto probe = memorySettings("bank-probe", {{"stride", "2"}, {"width", "8"}});
    ASSERT_TRUE(probe) << probe.error();
    EXPECT_EQ(probe->probe.widthBytes, 8u);
    EXPECT_EQ(probe->probe.access.access.widthBytes, 8u);
}

TEST(TypedSettings, AParserRefusesOtherLabsAndBadValuesWithTheCatalogsMessage) {
    EXPECT_FALSE(reductionSettings("transpose-u8", {}));
    EXPECT_FALSE(memorySettings("reduce-ladder", {}));
    EXPECT_FALSE(atomicsSettings("matmul", {}));
    EXPECT_FALSE(basicsSettings("argmin", {}));
    EXPECT_FALSE(memkindsSettings("hello", {}));
    EXPECT_FALSE(concurrencySettings("texture", {}));
    const auto streams = concurrencySettings("streams", {{"chunks", "2"}, {"streams", "4"}});
    ASSERT_FALSE(streams);  // the plan's own rule, as the catalog states it
    EXPECT_NE(streams.error().find("without a chunk"), std::string::npos) << streams.error();
    const auto pages = concurrencySettings("unified-memory", {{"pattern", "cpu-touched"}});
    ASSERT_TRUE(pages) << pages.error();
    EXPECT_EQ(pages->unified.pattern, UnifiedPattern::CpuTouched);
    const auto local =
        memkindsSettings("local-memory", {{"variant", "spilled"}, {"shared_kib", "3"}});
    ASSERT_TRUE(local) << local.error();
    EXPECT_EQ(local->local.variant, memkinds::LocalKind::Spilled);
    EXPECT_EQ(local->local.sharedBytes, 3u * 1024);
    const auto pinned = basicsSettings("host-device-bandwidth", {{"host_memory", "pinned"}});
    ASSERT_TRUE(pinned) << pinned.error();
    EXPECT_TRUE(pinned->bandwidth.pinned);
    EXPECT_FALSE(pinned->bandwidth.pageable);
    const auto line = atomicsSettings("atomic-contention", {{"spacing", "line"}});
    ASSERT_TRUE(line) << line.error();
    EXPECT_EQ(line->contention.spacingWords, 32u);
    const auto queue = atomicsSettings("work-queue", {{"strategy", "per-item"}});
    ASSERT_TRUE(queue) << queue.error();
    EXPECT_EQ(queue->queue.strategy, QueueStrategy::PerItem);
    const auto big = reductionSettings("reduce-single-block", {{"n", "999999999"}});
    ASSERT_FALSE(big);
    EXPECT_NE(big.error().find("n"), std::string::npos) << big.error();
    // A rule between parameters, as the catalog states it.
    const auto comm = reductionSettings("reduce-warp", {{"variant", "comm"}, {"op", "affine"}});
    ASSERT_FALSE(comm);
    EXPECT_NE(comm.error().find("commutative"), std::string::npos) << comm.error();
    const auto probe = memorySettings("bank-probe", {{"padding", "4"}});
    ASSERT_FALSE(probe);
    EXPECT_NE(probe.error().find("tile"), std::string::npos) << probe.error();
}

}  // namespace
}  // namespace ws
