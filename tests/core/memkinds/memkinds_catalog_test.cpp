// The six catalog entries: defaults resolve, the rules between parameters
// refuse with the limit they broke.
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"

namespace ws {
namespace {

Result<ParamValues> resolve(const std::string& id, const std::vector<std::string>& a) {
    return resolveParams(*findExperiment(id), a);
}

void expectRefused(const std::string& id, const std::vector<std::string>& a,
                   const std::string& says) {
    auto r = resolve(id, a);
    ASSERT_FALSE(r.ok()) << id;
    EXPECT_NE(r.error().find(says), std::string::npos) << r.error();
}

TEST(MemkindsCatalog, SixExperimentsResolveWithDefaults) {
    for (const char* id : {"memory-latency", "l2-distance", "memory-bandwidth", "constant-memory",
                           "texture", "local-memory"}) {
        const ExperimentSpec* e = findExperiment(id);
        ASSERT_NE(e, nullptr) << id;
        EXPECT_EQ(e->group, "memory-kinds");
        EXPECT_FALSE(e->seed.empty());
        auto r = resolve(id, {});
        EXPECT_TRUE(r.ok()) << id << ": " << (r.ok() ? "" : r.error());
    }
    EXPECT_EQ(paramChoice(*resolve("memory-latency", {}), "path"), "global");
    EXPECT_EQ(paramInt(*resolve("memory-latency", {}), "stride"), 128);
}

TEST(MemkindsCatalog, LatencyRulesNameTheLimit) {
    expectRefused("memory-latency", {"path=constant", "max_bytes=131072"}, "65536");
    EXPECT_TRUE(resolve("memory-latency", {"path=constant", "max_bytes=65536"}).ok());
    expectRefused("memory-latency", {"path=shared", "max_bytes=262144"}, "131072");
    EXPECT_TRUE(resolve("memory-latency", {"path=shared", "max_bytes=131072"}).ok());
    expectRefused("memory-latency", {"min_bytes=8192", "max_bytes=4096"},
                  "min_bytes must be at most max_bytes");
    expectRefused("memory-latency", {"stride=4096", "min_bytes=2048"}, "stride must be at most");
    EXPECT_FALSE(resolve("memory-latency", {"path=lds"}).ok());
}

TEST(MemkindsCatalog, OtherRulesRefuse) {
    expectRefused("l2-distance", {"bytes=1024", "stride=2048"}, "stride must be at most bytes");
    expectRefused("memory-bandwidth", {"min_bytes=1048576", "max_bytes=65536"},
                  "min_bytes must be at most max_bytes");
    EXPECT_FALSE(resolve("constant-memory", {"distinct=64"}).ok());
    EXPECT_FALSE(resolve("texture", {"angle=120"}).ok());
    EXPECT_FALSE(resolve("local-memory", {"variant=stack"}).ok());
}

}  // namespace
}  // namespace ws
