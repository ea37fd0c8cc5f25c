// The memory lab's catalog entries: complete, and their rules enforced.
#include <gtest/gtest.h>

#include <set>

#include "core/catalog/catalog.h"

namespace ws {
std::vector<ExperimentSpec> memoryExperiments();
namespace {

TEST(MemoryCatalog, EveryEntryIsCompleteAndResolvesItsDefaults) {
    const auto list = memoryExperiments();
    std::set<std::string> ids;
    for (const auto& e : list) {
        ids.insert(e.id);
        EXPECT_EQ(e.group, "memory");
        EXPECT_FALSE(e.seed.empty()) << e.id;
        EXPECT_FALSE(e.summary.empty()) << e.id;
        EXPECT_FALSE(e.records.empty()) << e.id;
        EXPECT_FALSE(e.views.empty()) << e.id;
        auto defaults = resolveParams(e, ParamValues{});
        EXPECT_TRUE(defaults.ok()) << e.id << ": " << defaults.error();
    }
    EXPECT_EQ(ids,
              (std::set<std::string>{"transpose-u8", "transpose-f32", "reduce-columns",
                                     "reduce-rows-atomic", "reduce-rows-block", "bank-probe"}));
}

TEST(MemoryCatalog, ProbeRulesNameTheProblem) {
    const auto list = memoryExperiments();
    const ExperimentSpec* probe = nullptr;
    for (const auto& e : list)
        if (e.id == "bank-probe") probe = &e;
    ASSERT_NE(probe, nullptr);
    auto bad =
        resolveParams(*probe, std::vector<std::string>{"width=8", "tile=32x32", "padding=4"});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("misalign"), std::string::npos) << bad.error();
    auto good = resolveParams(
        *probe, std::vector<std::string>{"tile=32x32", "padding=4", "pattern=column"});
    EXPECT_TRUE(good.ok()) << good.error();
    EXPECT_FALSE(resolveParams(*probe, std::vector<std::string>{"stride=65"}).ok());
}

}  // namespace
}  // namespace ws
