// The concurrency lab's catalog entries and the plans behind their rules.
#include <gtest/gtest.h>

#include <set>

#include "core/catalog/catalog.h"
#include "core/concurrency/concurrency_plans.h"

namespace ws {
std::vector<ExperimentSpec> concurrencyExperiments();
namespace {

Result<ParamValues> resolve(const std::string& id, const std::vector<std::string>& assignments) {
    const ExperimentSpec* spec = findExperiment(id);
    if (!spec) return makeError("no experiment " + id);
    return resolveParams(*spec, assignments);
}

TEST(ConcurrencyCatalog, EveryEntryIsCompleteAndResolvesItsDefaults) {
    std::set<std::string> ids;
    for (const auto& e : concurrencyExperiments()) {
        ids.insert(e.id);
        EXPECT_EQ(e.group, "concurrency");
        EXPECT_NE(e.seed.find("004"), std::string::npos) << e.id;
        EXPECT_FALSE(e.summary.empty()) << e.id;
        EXPECT_FALSE(e.views.empty()) << e.id;
        EXPECT_NE(findExperiment(e.id), nullptr) << e.id << " is not in the catalog";
        auto defaults = resolveParams(e, ParamValues{});
        EXPECT_TRUE(defaults.ok()) << e.id << ": " << defaults.error();
    }
    EXPECT_EQ(ids, (std::set<std::string>{"streams", "dynamic-parallelism", "unified-memory"}));
}

TEST(ConcurrencyCatalog, RulesNameWhatIsWrong) {
    auto idle = resolve("streams", {"streams=8", "chunks=4"});
    ASSERT_FALSE(idle.ok());
    EXPECT_NE(idle.error().find("leaves 4 streams without a chunk"), std::string::npos)
        << idle.error();
    auto tiny = resolve("streams", {"n=10", "chunks=16"});
    ASSERT_FALSE(tiny.ok());
    EXPECT_NE(tiny.error().find("chunks=16 is more than the n=10"), std::string::npos);
    EXPECT_TRUE(resolve("streams", {"mode=dot", "streams=8", "chunks=4"}).ok())
        << "dot mode cuts one part per stream; chunks does not apply";
    auto seed = resolve("unified-memory", {"pattern=managed-variable", "n=100000"});
    ASSERT_FALSE(seed.ok());
    EXPECT_NE(seed.error().find("__managed__ array of 65536 floats"), std::string::npos);
    EXPECT_TRUE(resolve("unified-memory", {"pattern=managed-variable", "n=10000"}).ok());
    auto deep = resolve("dynamic-parallelism",
                        {"pattern=recursive-reduction", "n=2^28", "block=32", "max_depth=3"});
    ASSERT_FALSE(deep.ok());
    EXPECT_NE(deep.error().find("needs 6 levels"), std::string::npos) << deep.error();
    EXPECT_NE(deep.error().find("max_depth=3"), std::string::npos);
    auto parents = resolve("dynamic-parallelism", {"n=4", "parent_blocks=8"});
    ASSERT_FALSE(parents.ok());
    EXPECT_NE(parents.error().find("parent_blocks=8"), std::string::npos);
    EXPECT_FALSE(resolve("dynamic-parallelism", {"max_depth=25"}).ok());
}

TEST(ConcurrencyPlans, SplitEvenlyCoversEveryElementOnce) {
    const auto r = splitEvenly(10, 4);
    ASSERT_EQ(r.size(), 4u);
    EXPECT_EQ(r[0].count, 3u);
    EXPECT_EQ(r[1].count, 3u);
    EXPECT_EQ(r[2].count, 2u);
    EXPECT_EQ(r[3].offset, 8u);
    EXPECT_EQ(r[3].count, 2u);
    EXPECT_TRUE(splitEvenly(5, 0).empty());
}

TEST(ConcurrencyPlans, StreamsPlanAssignsChunksRoundRobin) {
    auto v = resolve("streams", {"n=1000", "chunks=10", "streams=4", "host_memory=pageable"});
    ASSERT_TRUE(v.ok()) << v.error();
    auto plan = planStreams(*v);
    ASSERT_TRUE(plan.ok());
    EXPECT_FALSE(plan->pinned);
    EXPECT_EQ(plan->chunks.size(), 10u);
    EXPECT_EQ(plan->streamOf(0), 0u);
    EXPECT_EQ(plan->streamOf(5), 1u);
    EXPECT_EQ(plan->streamOf(9), 1u);
    auto dot = planStreams(*resolve("streams", {"mode=dot", "n=1000", "streams=3"}));
    ASSERT_TRUE(dot.ok());
    EXPECT_TRUE(dot->dot);
    EXPECT_EQ(dot->chunks.size(), 3u);
    EXPECT_EQ(dot->chunks[0].count, 334u);
}

TEST(ConcurrencyPlans, RecursiveReductionLevelsShrinkByTheBlock) {
    auto plan = planRecursiveReduction(1 << 20, 256, 8);
    ASSERT_TRUE(plan.ok());
    EXPECT_EQ(plan->grids, (std::vector<std::uint64_t>{4096, 16, 1}));
    EXPECT_EQ(plan->inputs, (std::vector<std::uint64_t>{1 << 20, 4096, 16}));
    EXPECT_EQ(plan->deepest(), 2u);
    auto one = planRecursiveReduction(1, 256, 1);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ(one->levels(), 1u);
    EXPECT_FALSE(planRecursiveReduction(1 << 20, 256, 1).ok());
    EXPECT_TRUE(planRecursiveReduction(1 << 20, 256, 2).ok());
}

TEST(ConcurrencyPlans, PendingLaunchRefusalNamesTheLimit) {
    EXPECT_TRUE(checkPendingLaunches("x", 2048, 2048).ok());
    Status s = checkPendingLaunches("parent_blocks=4096", 4096, 2048);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("cudaLimitDevRuntimePendingLaunchCount"), std::string::npos);
    EXPECT_NE(s.error().find("is 2048"), std::string::npos);
}

}  // namespace
}  // namespace ws
