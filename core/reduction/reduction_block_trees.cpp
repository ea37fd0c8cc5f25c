#include "core/reduction/reduction_block_trees.h"

#include "core/catalog/catalog.h"
#include "core/reduction/reduction_shapes.h"

namespace ws {

std::optional<std::uint32_t> secondPassBlock(const Launch& launch, std::uint32_t firstLevels) {
    for (std::size_t i = 0; i < launch.steps.size(); ++i)
        if (launch.steps.step[i] >= firstLevels) return launch.steps.block[i];
    return std::nullopt;
}

BlockTrees buildBlockTrees(const Run& run, int launch, std::uint32_t block,
                           const BlockModel* model) {
    return buildBlockTrees(run, reductionSettingsOf(run), launch, block, model);
}

BlockTrees buildBlockTrees(const Run& run, const std::optional<ReductionSettings>& settings,
                           int launch, std::uint32_t block, const BlockModel* model) {
    BlockTrees out;
    if (launch < 0 || std::size_t(launch) >= run.launches.size()) return out;
    const Launch& l = run.launches[std::size_t(launch)];
    if (!settings) {
        const ExperimentSpec* spec = findExperiment(run.experiment);
        const std::string name = spec ? spec->title : run.experiment;
        out.note =
            parseReductionExperiment(run.experiment)
                ? "This run's parameters are not ones the catalog accepts, so its tree "
                  "cannot be told."
                : "This run (" + name + ") is no reduction: it has no reduction tree to show.";
        return out;
    }
    const TreePasses passes = treePasses(*settings);
    if (!passes.recordsSteps) {
        // Of the reduction lab's runs, only CUB's record no steps.
        out.note = "This run calls a library (CUB): it records no reduction tree.";
        return out;
    }
    // Affine maps combine by the run's scheme (the captions work combines out).
    AffineScheme affine = AffineScheme::Mod97;
    if (settings->element == ElementKind::Affine) {
        auto scheme = affineScheme(run);
        if (!scheme) {
            out.note = scheme.error();
            return out;
        }
        affine = *scheme;
    }
    const auto threads = std::uint32_t(l.block.x);
    if (auto p = measuredPass(l, block, passes.first, threads, 0)) {
        p->affine = affine;
        out.passes.push_back(std::move(*p));
    } else if (model) {
        auto m = model->firstPass(launch, block);
        if (m)
            out.passes.push_back(std::move(*m));
        else
            out.note = m.error();
    } else {
        out.note =
            "Block " + std::to_string(block) + " was not traced and no CPU model is available.";
    }
    if (!passes.second) return out;
    const auto firstLevels = std::uint32_t(reductionPlan(passes.first, threads).size()) + 1;
    // A merge by the last block is the grid's, whichever block is selected; a
    // warp-results pass belongs to its own block.
    const bool gridMerge =
        !settings->is(ReductionExperiment::Warp) && !settings->is(ReductionExperiment::Ladder);
    const auto recorder = secondPassBlock(l, firstLevels);
    if (recorder && (gridMerge || *recorder == block)) {
        if (auto p =
                measuredPass(l, *recorder, *passes.second, passes.secondThreads, firstLevels)) {
            p->merge = true;
            p->affine = affine;
            out.passes.push_back(std::move(*p));
            return out;
        }
    }
    if (model) {
        auto m = model->secondPass(launch, block);
        if (m)
            out.passes.push_back(std::move(*m));
        else if (out.note.empty())
            out.note = m.error();
    }
    return out;
}

}  // namespace ws
