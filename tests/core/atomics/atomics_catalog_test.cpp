// The three catalog entries: defaults resolve, the rules between parameters
// refuse with the limit they broke.
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"

namespace ws {
namespace {

Result<ParamValues> resolve(const std::string& id, const std::vector<std::string>& a) {
    return resolveParams(*findExperiment(id), a);
}

TEST(AtomicsCatalog, ThreeExperimentsInTheAtomicsGroup) {
    for (const char* id : {"work-queue", "argmin", "atomic-contention"}) {
        const ExperimentSpec* e = findExperiment(id);
        ASSERT_NE(e, nullptr) << id;
        EXPECT_EQ(e->group, "atomics");
        EXPECT_FALSE(e->seed.empty());
        EXPECT_TRUE(resolve(id, {}).ok()) << id;
    }
    EXPECT_EQ(paramInt(*resolve("argmin", {}), "n"), 50000);  // the blog's size
    EXPECT_EQ(paramInt(*resolve("argmin", {}), "block"), 256);
}

TEST(AtomicsCatalog, ViewsTheLabRegisters) {
    auto has = [](const char* id, const char* view) {
        const auto& v = findExperiment(id)->views;
        return std::find(v.begin(), v.end(), view) != v.end();
    };
    EXPECT_TRUE(has("work-queue", "queue-timeline"));
    EXPECT_TRUE(has("work-queue", "sm-busy"));
    EXPECT_TRUE(has("argmin", "cas-attempts"));
    EXPECT_TRUE(has("argmin", "cas-heatmap"));
    EXPECT_TRUE(has("atomic-contention", "atomic-throughput"));
}

TEST(AtomicsCatalog, RefusesWhatCannotWork) {
    auto e = resolve("argmin", {"input=descending", "n=2^25"});
    ASSERT_FALSE(e.ok());
    EXPECT_NE(e.error().find("2^24"), std::string::npos) << e.error();
    EXPECT_TRUE(resolve("argmin", {"input=descending", "n=2^24"}).ok());
    auto a = resolve("atomic-contention", {"threads=64", "addresses=128"});
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().find("addresses=128 exceeds threads=64"), std::string::npos);
    auto t = resolve("atomic-contention", {"threads=2^24", "per_thread=8"});
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().find("2^26"), std::string::npos) << t.error();
    EXPECT_FALSE(resolve("work-queue", {"cost_us=0.1"}).ok());
    EXPECT_FALSE(resolve("work-queue", {"block=100"}).ok());  // whole warps
    EXPECT_FALSE(resolve("work-queue", {"strategy=lifo"}).ok());
}

}  // namespace
}  // namespace ws
