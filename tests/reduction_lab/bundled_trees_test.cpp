// Every bundled trace of the reductions: the tree the lab builds from the
// measured steps matches the CPU model of the same block value for value, and
// the last tree's root is the run's verified result.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "core/reduction_block_trees.h"
#include "core/reduction_reference.h"
#include "core/reduction_shapes.h"
#include "core/trace_io.h"

namespace ws {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> bundledTraces() {
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    std::vector<fs::path> out;
    if (!src) return out;
    for (const auto& e : fs::directory_iterator(fs::path(src) / "resources" / "traces"))
        if (e.path().extension() == ".wstrace") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string rootText(const TreeValue& v, ElementKind kind) {
    switch (kind) {
        case ElementKind::Int32:
            return toText(std::uint32_t(v.c[0]));
        case ElementKind::Float:
            return toText(v.c[0]);
        case ElementKind::Affine:
            return toText(toAffine(v));
    }
    return {};
}

// Bundled traces are large (n up to 2^24): the model runs once per file.
TEST(BundledTrees, MeasuredTreesMatchTheModelAndEndInTheVerifiedResult) {
    const auto files = bundledTraces();
    ASSERT_FALSE(files.empty()) << "no bundled traces found";
    int checkedRoots = 0, comparedBlocks = 0;
    for (const auto& file : files) {
        SCOPED_TRACE(file.filename().string());
        auto loaded = loadTrace(file);
        ASSERT_TRUE(loaded) << loaded.error();
        const ws::Run& run = *loaded;
        const TreePasses passes = treePasses(run.experiment, run.params);
        if (!passes.recordsSteps) continue;  // cub
        const ElementKind kind = elementKind(run.params);
        const auto data = ReductionData::make(kind, std::uint64_t(std::stoull(run.params.at("n"))));
        auto model = BlockModel::make(run, data);
        const bool modelled = bool(model);
        const bool best = run.params.count("variant") && run.params.at("variant") == "best";
        if (!best) EXPECT_TRUE(modelled) << model.error();
        // Every traced block: measured first pass equals the model's.
        for (std::size_t li = 0; li < run.launches.size(); ++li) {
            const Launch& l = run.launches[li];
            std::vector<std::uint32_t> traced;
            for (auto b : l.steps.block)
                if (std::find(traced.begin(), traced.end(), b) == traced.end()) traced.push_back(b);
            for (auto b : traced) {
                const auto measured = measuredPass(l, b, passes.first, l.block.x, 0);
                if (!measured) continue;  // the merging block recorded only the merge
                if (!modelled) continue;
                auto m = model->firstPass(int(li), b);
                ASSERT_TRUE(m) << m.error();
                ASSERT_EQ(m->levels.size(), measured->levels.size());
                for (std::size_t k = 0; k < m->levels.size(); ++k)
                    ASSERT_EQ(m->levels[k], measured->levels[k])
                        << "launch " << li << " block " << b << " level " << k;
                ++comparedBlocks;
            }
        }
        // The final tree: the last launch's block 0, or its merge.
        if (best) continue;
        const int last = int(run.launches.size()) - 1;
        const BlockModel* mp = modelled ? &*model : nullptr;
        const BlockTrees trees = buildBlockTrees(run, last, 0, mp);
        ASSERT_FALSE(trees.passes.empty()) << trees.note;
        const PassValues& final = trees.passes.back();
        EXPECT_EQ(rootText(final.root(), kind), run.verification.actual);
        ++checkedRoots;
        // The model gives the same root where it can (the merge of another run's ticket order
        // does not matter: the partials merge in block order).
        if (mp && passes.second) {
            auto m = mp->secondPass(last, 0);
            ASSERT_TRUE(m) << m.error();
            EXPECT_EQ(rootText(m->root(), kind), run.verification.actual);
        }
    }
    EXPECT_GT(checkedRoots, 40);
    EXPECT_GT(comparedBlocks, 50);
}

}  // namespace
}  // namespace ws
