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
    BlockTrees out;
    if (launch < 0 || std::size_t(launch) >= run.launches.size()) return out;
    const Launch& l = run.launches[std::size_t(launch)];
    const TreePasses passes = treePasses(run.experiment, run.params);
    if (!passes.recordsSteps) {
        // Only the reduction lab's runs record steps; of those, only CUB's do not.
        const ExperimentSpec* spec = findExperiment(run.experiment);
        out.note = spec && spec->group != "reduction"
                       ? "This run (" + spec->title +
                             ") is no reduction: it has no reduction tree to show."
                       : "This run calls a library (CUB): it records no reduction tree.";
        return out;
    }
    // Affine maps combine by the run's scheme (the captions work combines out).
    AffineScheme affine = AffineScheme::Mod97;
    if (elementKind(run.params) == ElementKind::Affine) {
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
    const bool gridMerge = run.experiment != "reduce-warp" && !(run.experiment == "reduce-ladder");
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
