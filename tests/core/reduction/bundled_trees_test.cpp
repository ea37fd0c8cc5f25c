// Every bundled trace of the reductions: the tree the lab builds from the
// measured steps matches the CPU model of the same block value for value, and
// the last tree's root is the run's verified result.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "core/reduction/reduction_block_trees.h"
#include "core/reduction/reduction_reference.h"
#include "core/reduction/reduction_shapes.h"
#include "core/trace/trace_io.h"

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

std::string rootText(const TreeValue& v, ElementKind kind, AffineScheme affine) {
    switch (kind) {
        case ElementKind::Int32:
            return toText(std::uint32_t(v.c[0]));
        case ElementKind::Float:
            return toText(v.c[0]);
        case ElementKind::Affine:
            return toText(toAffine(v), affine);
    }
    return {};
}

// Bundled traces are large (n up to 2^24): the model runs once per file.
TEST(BundledTrees, MeasuredTreesMatchTheModelAndEndInTheVerifiedResult) {
    const auto files = bundledTraces();
    ASSERT_FALSE(files.empty()) << "no bundled traces found";
    int checkedRoots = 0, comparedBlocks = 0, mod97 = 0, wrap32 = 0;
    for (const auto& file : files) {
        SCOPED_TRACE(file.filename().string());
        auto loaded = loadTrace(file);
        ASSERT_TRUE(loaded) << loaded.error();
        const ws::Run& run = *loaded;
        if (!parseReductionExperiment(run.experiment)) continue;
        // Every bundled reduction trace's parameters are ones the catalog
        // accepts, or the views could not type them.
        const auto settings = reductionSettingsOf(run);
        ASSERT_TRUE(settings) << run.experiment;
        const TreePasses passes = treePasses(*settings);
        if (!passes.recordsSteps) continue;  // cub
        const ElementKind kind = settings->element;
        // Affine traces recorded before the readable inputs name no scheme:
        // the model rebuilds their inputs and arithmetic modulo 2^32.
        const auto affine = affineScheme(run);
        ASSERT_TRUE(affine) << affine.error();
        if (kind == ElementKind::Affine) ++(*affine == AffineScheme::Mod97 ? mod97 : wrap32);
        const auto data = ReductionData::forRun(run);
        ASSERT_TRUE(data) << data.error();
        auto model = BlockModel::make(run, *data);
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
        EXPECT_EQ(rootText(final.root(), kind, *affine), run.verification.actual);
        ++checkedRoots;
        // The model gives the same root where it can (the merge of another run's ticket order
        // does not matter: the partials merge in block order).
        if (mp && passes.second) {
            auto m = mp->secondPass(last, 0);
            ASSERT_TRUE(m) << m.error();
            EXPECT_EQ(rootText(m->root(), kind, *affine), run.verification.actual);
        }
    }
    EXPECT_GT(checkedRoots, 40);
    EXPECT_GT(comparedBlocks, 50);
    // The bundled affine traces: older ones modulo 2^32 until they are
    // re-recorded, then modulo 97; both kinds are held to the model.
    EXPECT_GE(mod97 + wrap32, 7) << mod97 << " modulo 97, " << wrap32 << " modulo 2^32";
}

// What the bundled affine runs become when re-recorded with the readable
// inputs: the CPU model of each, modulo 97, ends in the in-order composition
// that the verification expects, so a GPU that matches the model passes.
TEST(BundledTrees, ReadableInputsModelEndsInTheInOrderComposition) {
    int modelled = 0;
    for (const auto& file : bundledTraces()) {
        auto loaded = loadTrace(file);
        ASSERT_TRUE(loaded) << loaded.error();
        ws::Run run = std::move(loaded).value();
        const auto settings = reductionSettingsOf(run);
        if (!settings || settings->element != ElementKind::Affine) continue;
        SCOPED_TRACE(file.filename().string());
        run.texts[kInputSchemeKey] = affineSchemeName(AffineScheme::Mod97);
        const auto data = ReductionData::forRun(run);
        ASSERT_TRUE(data) << data.error();
        ASSERT_EQ((*data)->affine, AffineScheme::Mod97);
        auto model = BlockModel::make(run, *data);
        ASSERT_TRUE(model) << model.error();
        const TreePasses passes = treePasses(*settings);
        const int last = int(run.launches.size()) - 1;
        auto final = passes.second ? model->secondPass(last, 0) : model->firstPass(last, 0);
        ASSERT_TRUE(final) << final.error();
        EXPECT_EQ(final->affine, AffineScheme::Mod97);
        EXPECT_EQ(toAffine(final->root()), referenceCompose((*data)->maps));
        for (const auto& level : final->levels)
            for (const TreeValue& v : level) ASSERT_TRUE(v.c[0] < 97 && v.c[1] < 97);
        // A model made for the other scheme is refused, not silently wrong.
        EXPECT_FALSE(BlockModel::make(
            run,
            ReductionData::make(ElementKind::Affine, (*data)->maps.size(), AffineScheme::Wrap32)));
        ++modelled;
    }
    EXPECT_GE(modelled, 7);
}

TEST(BundledTrees, AnUnknownInputSchemeIsRefusedWithItsName) {
    ws::Run run;
    run.experiment = "reduce-single-block-noncomm";
    run.params = {{"n", "1000"}, {"block", "256"}, {"op", "affine"}, {"traced_blocks", "1"}};
    run.launches.resize(1);
    run.launches[0].block = {256, 1, 1};
    run.texts[kInputSchemeKey] = "affine-mod-251";
    const auto data = ReductionData::forRun(run);
    ASSERT_FALSE(data);
    EXPECT_NE(data.error().find("affine-mod-251"), std::string::npos) << data.error();
    const BlockTrees trees = buildBlockTrees(run, 0, 0, nullptr);
    EXPECT_TRUE(trees.passes.empty());
    EXPECT_NE(trees.note.find("affine-mod-251"), std::string::npos) << trees.note;
}

TEST(BundledTrees, ARunOfAnotherLabIsNotCalledALibraryCall) {
    ws::Run transpose;
    transpose.experiment = "transpose-f32";
    transpose.launches.resize(1);
    const BlockTrees other = buildBlockTrees(transpose, 0, 0, nullptr);
    EXPECT_TRUE(other.passes.empty());
    EXPECT_EQ(other.note.find("CUB"), std::string::npos) << other.note;
    EXPECT_NE(other.note.find("is no reduction"), std::string::npos) << other.note;
    ws::Run cub;
    cub.experiment = "reduce-ladder";
    cub.params = {{"variant", "cub"}, {"n", "1024"}, {"block", "256"}, {"type", "float"}};
    cub.launches.resize(1);
    EXPECT_NE(buildBlockTrees(cub, 0, 0, nullptr).note.find("CUB"), std::string::npos);
}

}  // namespace
}  // namespace ws
