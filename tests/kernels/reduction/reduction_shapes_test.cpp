// Every configuration the catalog accepts maps to trees the plans support.
#include "kernels/reduction/reduction_shapes.h"

#include <gtest/gtest.h>

#include "core/catalog/catalog.h"

namespace ws {
namespace {

TEST(ElementKind, FromParameters) {
    auto kindOf = [](const char* id, ParamValues params) {
        auto s = reductionSettings(id, params);
        EXPECT_TRUE(s) << s.error();
        return s ? s->element : ElementKind::Int32;
    };
    EXPECT_EQ(kindOf("reduce-single-block", {{"type", "int32"}}), ElementKind::Int32);
    EXPECT_EQ(kindOf("reduce-single-block", {{"type", "float"}}), ElementKind::Float);
    EXPECT_EQ(kindOf("reduce-single-block-noncomm", {{"op", "add"}}), ElementKind::Int32);
    EXPECT_EQ(kindOf("reduce-warp", {{"op", "affine"}, {"type", "int32"}}), ElementKind::Affine);
    EXPECT_EQ(kindOf("reduce-warp", {{"op", "add"}, {"type", "float"}}), ElementKind::Float);
    EXPECT_EQ(elementBytes(ElementKind::Affine), 8u);
    EXPECT_EQ(elementComponents(ElementKind::Affine), 2u);
}

TEST(TreePasses, NamedShapes) {
    auto passes = [](const char* id, std::vector<std::string> assignments) {
        const ExperimentSpec* spec = findExperiment(id);
        EXPECT_NE(spec, nullptr);
        auto params = resolveParams(*spec, assignments);
        EXPECT_TRUE(params.ok()) << params.error();
        auto settings = reductionSettings(id, *params);
        EXPECT_TRUE(settings.ok()) << settings.error();
        return treePasses(*settings);
    };
    EXPECT_EQ(passes("reduce-single-block", {}).first, TreeShape::Sequential);
    EXPECT_EQ(passes("reduce-single-block-noncomm", {}).first, TreeShape::InterleavedStrided);
    const TreePasses last = passes("reduce-last-block", {"block=256"});
    ASSERT_TRUE(last.second.has_value());
    EXPECT_EQ(*last.second, TreeShape::Sequential);
    EXPECT_EQ(last.secondThreads, 256u);
    const TreePasses warp = passes("reduce-warp", {"variant=noncomm-padded", "op=affine"});
    EXPECT_EQ(warp.first, TreeShape::WarpNoncommPadded);
    EXPECT_EQ(warp.secondThreads, 32u);
    EXPECT_EQ(passes("reduce-warp", {"variant=shuffle"}).first, TreeShape::WarpShuffleUp);
    EXPECT_EQ(passes("reduce-ladder", {"variant=interleaved-divergent"}).first,
              TreeShape::InterleavedDivergent);
    EXPECT_EQ(passes("reduce-ladder", {"variant=multi-element"}).first,
              TreeShape::SequentialUnrolledWarp);
    EXPECT_EQ(passes("reduce-ladder", {"variant=best"}).first, TreeShape::WarpShuffleDown);
    EXPECT_FALSE(passes("reduce-ladder", {"variant=cub"}).recordsSteps);
}

// Non-commutative experiments must only ever use order-preserving trees.
TEST(TreePasses, EveryAcceptedConfigurationHasASupportedPlan) {
    int checked = 0;
    for (const ExperimentSpec& spec : catalog()) {
        if (spec.group != "reduction") continue;
        std::vector<std::string> variants{""};
        if (const ParamSpec* v = spec.param("variant")) variants = v->choices;
        std::vector<std::string> ops{""};
        if (const ParamSpec* o = spec.param("op")) ops = o->choices;
        for (const auto& variant : variants)
            for (const auto& op : ops)
                for (std::uint32_t block = 32; block <= 1024; block *= 2) {
                    std::vector<std::string> a{"block=" + std::to_string(block)};
                    if (!variant.empty()) a.push_back("variant=" + variant);
                    if (!op.empty()) a.push_back("op=" + op);
                    auto params = resolveParams(spec, a);
                    if (!params) continue;  // the catalog rejects it
                    auto settings = reductionSettings(spec.id, *params);
                    ASSERT_TRUE(settings) << settings.error();
                    const TreePasses p = treePasses(*settings);
                    if (!p.recordsSteps) continue;
                    SCOPED_TRACE(spec.id + " " + variant + " " + op +
                                 " block=" + std::to_string(block));
                    EXPECT_TRUE(planSupports(p.first, p.firstThreads));
                    if (p.second) {
                        EXPECT_TRUE(planSupports(*p.second, p.secondThreads));
                    }
                    if (settings->element == ElementKind::Affine) {
                        EXPECT_TRUE(preservesOrder(p.first)) << treeShapeName(p.first);
                        if (p.second) {
                            EXPECT_TRUE(preservesOrder(*p.second));
                        }
                    }
                    ++checked;
                }
    }
    EXPECT_GT(checked, 100);
}

TEST(StepLayoutFromPasses, LibraryCallsRecordNoSteps) {
    TreePasses cub;
    cub.recordsSteps = false;
    const StepLayout layout = makeStepLayout(cub, 1000, 2, ElementKind::Float);
    EXPECT_EQ(layout.records(), 0u);
    TreePasses seq;
    seq.first = TreeShape::Sequential;
    seq.firstThreads = 128;
    const StepLayout traced = makeStepLayout(seq, 1000, 3, ElementKind::Affine);
    EXPECT_EQ(traced.tracedBlocks, (std::vector<std::uint32_t>{0, 499, 999}));
    EXPECT_EQ(traced.components, 2u);
    EXPECT_EQ(traced.records(), 3u * 8 * 4);
}

}  // namespace
}  // namespace ws
