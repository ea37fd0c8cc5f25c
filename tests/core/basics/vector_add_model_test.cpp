// The vector-add model: the seed's launch shape, its inputs, the guard-zone
// scan that names the threads writing past the end, and the checks of the
// traced threads' table.
#include "core/basics/vector_add_model.h"

#include <gtest/gtest.h>

#include "core/basics/basics_settings.h"
#include "core/catalog/catalog.h"

namespace ws {
namespace {

ParamValues params(const std::vector<std::string>& assignments) {
    auto p = resolveParams(*findExperiment("vector-add"), assignments);
    EXPECT_TRUE(p) << p.error();
    return p ? *p : ParamValues{};
}

// The shape the lab's parser makes of these parameters.
VectorAddShape vectorAddShape(const ParamValues& params) {
    auto s = basicsSettings("vector-add", params);
    EXPECT_TRUE(s) << s.error();
    return s ? s->vectorAdd.shape : VectorAddShape{};
}

TEST(VectorAddModel, TheSeedsLaunchStartsOneThreadTooMany) {
    const VectorAddShape s = vectorAddShape(params({}));
    EXPECT_EQ(s.n, 5u);
    EXPECT_EQ(s.grid, 2u);
    EXPECT_EQ(s.block, 3u);
    EXPECT_EQ(s.extraThreads(), 1u);
    EXPECT_EQ(launchText(s), "<<<2, (5 + 1) / 2>>> = <<<2, 3>>>: 6 threads for 5 elements");
    const VectorAddShape even = vectorAddShape(params({"n=6"}));
    EXPECT_EQ(even.extraThreads(), 0u);
    const VectorAddShape g = vectorAddShape(params({"n=1000", "launch=grid-block", "block=96"}));
    EXPECT_EQ(g.grid, 11u);  // ceil(1000 / 96)
    EXPECT_EQ(g.extraThreads(), 56u);
    const VectorAddShape fixed =
        vectorAddShape(params({"n=10", "launch=grid-block", "block=4", "grid=5"}));
    EXPECT_EQ(fixed.threads(), 20u);
}

TEST(VectorAddModel, InputsAreTheSeedsArrays) {
    std::vector<std::int32_t> a(5), b(5), c(5);
    fillVectorAddInputs(a, b);
    EXPECT_EQ(a, (std::vector<std::int32_t>{1, 2, 3, 4, 5}));
    EXPECT_EQ(b, (std::vector<std::int32_t>{10, 20, 30, 40, 50}));
    addArrays(a, b, c);
    EXPECT_EQ(c, (std::vector<std::int32_t>{11, 22, 33, 44, 55}));
    EXPECT_EQ(vectorAddA(100000), 1);  // the period keeps sums small at any size
    EXPECT_EQ(globalIndex(1, 3, 2), 5u);
}

TEST(VectorAddModel, GuardsNameTheThreadThatWrotePastTheEnd) {
    const VectorAddShape s = vectorAddShape(params({"variant=no-bounds-check"}));
    const std::uint64_t guard = guardElements(s);
    EXPECT_EQ(guard, 64u);  // 1 extra thread + 32, rounded up to 32
    std::vector<std::int32_t> c(guard + 5 + guard, kCanary);
    for (int i = 0; i < 5; ++i) c[guard + i] = 11 * (i + 1);
    GuardReport clean = scanGuards(c, guard, 5, 3);
    EXPECT_TRUE(clean.clean());
    EXPECT_TRUE(verifyVectorAdd(std::span(c).subspan(guard, 5), clean, s).passed);

    c[guard + 5] = kCanary + kCanary;  // thread 2 of block 1 read two canaries and wrote their sum
    const GuardReport r = scanGuards(c, guard, 5, 3);
    ASSERT_EQ(r.overruns.size(), 1u);
    EXPECT_EQ(r.overruns[0].index, 5u);
    EXPECT_EQ(r.overruns[0].block, 1u);
    EXPECT_EQ(r.overruns[0].thread, 2u);
    const Verification v = verifyVectorAdd(std::span(c).subspan(guard, 5), r, s);
    EXPECT_FALSE(v.passed);
    EXPECT_NE(v.note.find("1 thread wrote past the end of c: block 1 thread 2 wrote c[5]"),
              std::string::npos)
        << v.note;
    c[3] = 0;
    EXPECT_EQ(scanGuards(c, guard, 5, 3).before, 1u);

    std::vector<std::int32_t> wrong(c.begin() + std::ptrdiff_t(guard),
                                    c.begin() + std::ptrdiff_t(guard) + 5);
    wrong[4] = 0;
    const Verification w = verifyVectorAdd(wrong, clean, s);
    EXPECT_FALSE(w.passed);
    EXPECT_NE(w.actual.find("first c[4] = 0"), std::string::npos) << w.actual;
}

TEST(VectorAddModel, ThreadTableIsChecked) {
    Launch l;
    l.grid = {2, 1, 1};
    l.block = {3, 1, 1};
    std::vector<ThreadIndex> rows = {{1, 0, 3, 1, 44}, {1, 1, 4, 1, 55}, {1, 2, 5, 0, 0}};
    l.tables.push_back(threadsTable(rows));
    auto read = readThreads(l);
    ASSERT_TRUE(read) << read.error();
    EXPECT_EQ((*read)[2].wrote, 0u);
    rows[1].index = 7;
    l.tables[0] = threadsTable(rows);
    auto bad = readThreads(l);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("threads row 1: index 7 is not blockIdx.x * blockDim.x + "
                               "threadIdx.x = 4"),
              std::string::npos)
        << bad.error();
}

TEST(VectorAddModel, TracedBlocksAreTheFirstAndTheLast) {
    EXPECT_EQ(vectorAddTracedBlocks(100, 4), (std::vector<std::uint32_t>{0, 1, 98, 99}));
    EXPECT_EQ(vectorAddTracedBlocks(2, 4), (std::vector<std::uint32_t>{0, 1}));
    EXPECT_EQ(vectorAddTracedBlocks(10, 3), (std::vector<std::uint32_t>{0, 1, 9}));
    EXPECT_TRUE(vectorAddTracedBlocks(10, 0).empty());
}

TEST(VectorAddModel, OverrunTableIsChecked) {
    ws::Run run;
    run.experiment = "vector-add";
    run.params = params({"variant=no-bounds-check"});
    Launch l;
    l.block = {3, 1, 1};
    run.launches.push_back(l);
    run.tables.push_back(overrunsTable({{5, 1, 2, 7}}));
    auto ok = readOverruns(run);
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->size(), 1u);
    run.tables[0] = overrunsTable({{4, 1, 1, 7}});
    auto inside = readOverruns(run);
    ASSERT_FALSE(inside);
    EXPECT_NE(inside.error().find("index 4 is inside the array (n = 5)"), std::string::npos);
}

}  // namespace
}  // namespace ws
