#include "core/catalog/catalog.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/matmul/matmul_variants.h"

namespace ws {
namespace {

const ExperimentSpec& spec(const char* id) {
    const ExperimentSpec* e = findExperiment(id);
    EXPECT_NE(e, nullptr) << id;
    return *e;
}

TEST(Catalog, IdsAreUniqueAndDefaultsValid) {
    std::set<std::string> ids;
    for (const auto& e : catalog()) {
        EXPECT_TRUE(ids.insert(e.id).second) << "duplicate id " << e.id;
        EXPECT_FALSE(e.title.empty());
        auto resolved = resolveParams(e, std::vector<std::string>{});
        EXPECT_TRUE(resolved) << e.id << ": " << resolved.error();
    }
    EXPECT_EQ(findExperiment("no-such-experiment"), nullptr);
}

TEST(Catalog, SaysWhichViewsAnExperimentShows) {
    const ExperimentSpec* ladder = findExperiment("reduce-ladder");
    const ExperimentSpec* transpose = findExperiment("transpose-f32");
    ASSERT_TRUE(ladder && transpose);
    EXPECT_TRUE(ladder->lists("warps"));
    EXPECT_TRUE(ladder->lists("tree"));
    EXPECT_FALSE(transpose->lists("warps"));
    EXPECT_TRUE(transpose->lists("banks"));
    EXPECT_FALSE(transpose->lists("bank"));  // whole names only
}

TEST(Catalog, DefaultsAreFilledIn) {
    auto v = resolveParams(spec("reduce-ladder"), std::vector<std::string>{});
    ASSERT_TRUE(v);
    EXPECT_EQ(paramInt(*v, "block"), 256);
    EXPECT_EQ(paramChoice(*v, "variant"), "sequential");
    EXPECT_EQ(paramInt(*v, "n"), 1 << 24);
}

TEST(Catalog, PowerSyntaxIsAccepted) {
    auto v = resolveParams(spec("reduce-multi-block"), std::vector<std::string>{"n=2^20"});
    ASSERT_TRUE(v) << v.error();
    EXPECT_EQ(v->at("n"), "1048576");
}

TEST(Catalog, OutOfRangeNamesTheLimit) {
    auto v = resolveParams(spec("reduce-single-block"), std::vector<std::string>{"block=2048"});
    ASSERT_FALSE(v);
    EXPECT_NE(v.error().find("block=2048"), std::string::npos) << v.error();
    EXPECT_NE(v.error().find("1024"), std::string::npos) << v.error();
    auto p = resolveParams(spec("reduce-single-block"), std::vector<std::string>{"block=96"});
    ASSERT_FALSE(p);
    EXPECT_NE(p.error().find("power of two"), std::string::npos) << p.error();
}

TEST(Catalog, OutOfRangeSaysItInTheStudentsOwnWords) {
    // A float as typed, with its unit, not as 17 digits of a double.
    auto f = resolveParams(spec("work-queue"), std::vector<std::string>{"cost_us=0.1"});
    ASSERT_FALSE(f);
    EXPECT_NE(f.error().find("cost_us=0.1 is out of range [0.5, 500] µs"), std::string::npos)
        << f.error();
    // A whole number too large for 64 bits is out of range, not "not an integer".
    auto i = resolveParams(spec("hello"), std::vector<std::string>{"grid=99999999999999999999"});
    ASSERT_FALSE(i);
    EXPECT_NE(i.error().find("is out of range"), std::string::npos) << i.error();
    auto bad = resolveParams(spec("hello"), std::vector<std::string>{"grid=2x"});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("is not an integer"), std::string::npos) << bad.error();
    // So is a power written as 2^K that does not fit, with the unit as above.
    for (const char* big : {"n=2^64", "n=2^100", "n=10^30"}) {
        auto p = resolveParams(spec("reduce-multi-block"), std::vector<std::string>{big});
        ASSERT_FALSE(p) << big;
        EXPECT_NE(p.error().find("is out of range [1, 268435456] elements"), std::string::npos)
            << p.error();
    }
    auto caret = resolveParams(spec("reduce-multi-block"), std::vector<std::string>{"n=2^x"});
    ASSERT_FALSE(caret);
    EXPECT_NE(caret.error().find("is not an integer"), std::string::npos) << caret.error();
    // Powers of 0 and 1 with huge exponents are worked out, not looped over.
    auto one = resolveParams(spec("reduce-multi-block"),
                             std::vector<std::string>{"n=1^999999999999999999"});
    ASSERT_TRUE(one) << one.error();
    EXPECT_EQ(one->at("n"), "1");
    // In range, a float keeps its shortest form.
    auto ok = resolveParams(spec("work-queue"), std::vector<std::string>{"cost_us=2.3"});
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->at("cost_us"), "2.3");
}

TEST(Catalog, AParameterGivenTwiceIsRefused) {
    auto v = resolveParams(spec("hello"), std::vector<std::string>{"grid=2", "grid=3"});
    ASSERT_FALSE(v);
    EXPECT_NE(v.error().find("parameter grid is given twice: grid=2 and grid=3"), std::string::npos)
        << v.error();
}

TEST(Catalog, UnknownParameterListsTheKnownOnes) {
    auto v = resolveParams(spec("reduce-warp"), std::vector<std::string>{"blocks=64"});
    ASSERT_FALSE(v);
    EXPECT_NE(v.error().find("'blocks'"), std::string::npos) << v.error();
    EXPECT_NE(v.error().find("variant"), std::string::npos) << v.error();
    auto bad = resolveParams(spec("reduce-warp"), std::vector<std::string>{"novalue"});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("name=value"), std::string::npos);
    auto choice = resolveParams(spec("reduce-warp"), std::vector<std::string>{"variant=fast"});
    ASSERT_FALSE(choice);
    EXPECT_NE(choice.error().find("shuffle"), std::string::npos) << choice.error();
}

TEST(Catalog, UsedWithNamesAChoiceAndSomeOfItsValues) {
    int conditional = 0;
    for (const auto& e : catalog())
        for (const auto& p : e.params) {
            if (p.usedWith.empty()) continue;
            ++conditional;
            const std::size_t eq = p.usedWith.find('=');
            ASSERT_NE(eq, std::string::npos) << e.id << " " << p.name;
            const ParamSpec* choice = e.param(p.usedWith.substr(0, eq));
            ASSERT_NE(choice, nullptr) << e.id << " " << p.name << ": " << p.usedWith;
            ASSERT_EQ(choice->type, ParamType::Choice) << p.usedWith;
            std::string rest = p.usedWith.substr(eq + 1) + "|";
            for (std::size_t bar; (bar = rest.find('|')) != std::string::npos;
                 rest.erase(0, bar + 1)) {
                const std::string value = rest.substr(0, bar);
                EXPECT_NE(std::find(choice->choices.begin(), choice->choices.end(), value),
                          choice->choices.end())
                    << e.id << " " << p.name << ": '" << value << "'";
            }
        }
    EXPECT_GE(conditional, 9);
}

TEST(Catalog, ParametersAnotherChoiceLeavesUnusedAreNamed) {
    const ExperimentSpec* add = findExperiment("vector-add");
    ASSERT_NE(add, nullptr);
    auto seed = resolveParams(*add, std::vector<std::string>{"n=7"});
    ASSERT_TRUE(seed.ok());
    EXPECT_EQ(unusedParams(*add, *seed), (std::vector<std::string>{"block", "grid"}));
    auto gridBlock = resolveParams(*add, std::vector<std::string>{"n=7", "launch=grid-block"});
    ASSERT_TRUE(gridBlock.ok());
    EXPECT_TRUE(unusedParams(*add, *gridBlock).empty());
    const ExperimentSpec* transpose = findExperiment("transpose-f32");
    ASSERT_NE(transpose, nullptr);
    EXPECT_FALSE(paramUsed(*transpose->param("rows_per_thread"), {{"variant", "best"}}));
    EXPECT_TRUE(paramUsed(*transpose->param("rows_per_thread"), {{"variant", "padded"}}));
    EXPECT_FALSE(paramUsed(*transpose->param("rows_per_thread"), {}));  // nothing to match
    EXPECT_TRUE(paramUsed(*transpose->param("width"), {}));
}

// Help, summaries and choices are shown as plain text (tooltips, the list,
// the ladder's table): markdown's backticks would show as they are.
TEST(Catalog, PlainTextHasNoMarkdown) {
    for (const auto& e : catalog()) {
        EXPECT_EQ(e.summary.find('`'), std::string::npos) << e.id;
        EXPECT_EQ(e.title.find('`'), std::string::npos) << e.id;
        for (const auto& p : e.params)
            EXPECT_EQ(p.help.find('`'), std::string::npos) << e.id << " " << p.name;
    }
    for (const auto& v : matmulVariants())
        EXPECT_EQ(std::string(v.idea).find('`'), std::string::npos) << v.id;
}

TEST(Catalog, CrossChecks) {
    auto comm =
        resolveParams(spec("reduce-warp"), std::vector<std::string>{"variant=comm", "op=affine"});
    ASSERT_FALSE(comm);
    EXPECT_NE(comm.error().find("commutative"), std::string::npos) << comm.error();
    EXPECT_TRUE(
        resolveParams(spec("reduce-warp"), std::vector<std::string>{"variant=comm", "op=add"}));
    EXPECT_TRUE(resolveParams(spec("reduce-warp"),
                              std::vector<std::string>{"variant=noncomm", "op=affine"}));
    auto unroll = resolveParams(spec("reduce-ladder"),
                                std::vector<std::string>{"variant=unroll-last-warp", "block=32"});
    ASSERT_FALSE(unroll);
    EXPECT_NE(unroll.error().find(">= 64"), std::string::npos) << unroll.error();
}

}  // namespace
}  // namespace ws
