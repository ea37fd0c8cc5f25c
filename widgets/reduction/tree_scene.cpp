#include "widgets/reduction/tree_scene.h"

#include <algorithm>

#include "core/catalog/catalog.h"
#include "widgets/reduction/warp_steps.h"

namespace ws {

int TreeScene::levelAt(std::size_t pass, double t) const {
    if (pass >= levelTimes.size()) return -1;
    const auto& times = levelTimes[pass];
    return int(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
}

namespace {

std::vector<double> timesOf(const PreparedRun& prepared, int launch, const PassValues& pass) {
    const std::uint32_t levels = pass.levelCount();
    std::vector<double> times(levels, 0);
    const BlockRef ref = prepared.refOfBlock(launch, pass.block);
    if (!ref.valid()) return times;
    const double start = prepared.startOf(ref), end = prepared.endOf(ref);
    if (pass.source == ValueSource::Measured) {
        const WarpStepTable table = WarpStepTable::build(prepared, ref);
        for (std::uint32_t k = 0; k < levels; ++k) {
            const auto it = std::find(table.steps.begin(), table.steps.end(), pass.firstStep + k);
            times[k] = it == table.steps.end()
                           ? (k ? times[k - 1] : start)
                           : table.stepTime[std::size_t(it - table.steps.begin())];
        }
        return times;
    }
    // No clocks: the tree's levels spread evenly over the block's run (the
    // merge over the second half, after the block's own tree).
    const double from = pass.merge ? (start + end) / 2 : start;
    for (std::uint32_t k = 0; k < levels; ++k)
        times[k] = from + (end - from) * double(k) / double(levels);
    return times;
}

}  // namespace

TreeScene buildTreeScene(const PreparedRun& prepared, const BlockRef& ref,
                         const BlockModel* model) {
    return buildTreeScene(prepared, reductionSettingsOf(*prepared.run), ref, model);
}

TreeScene buildTreeScene(const PreparedRun& prepared,
                         const std::optional<ReductionSettings>& settings, const BlockRef& ref,
                         const BlockModel* model) {
    TreeScene s;
    s.ref = ref;
    const Launch* l = prepared.launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return s;
    s.blockId = l->blocks.block[std::size_t(ref.record)];
    s.trees = buildBlockTrees(*prepared.run, settings, ref.launch, s.blockId, model);
    const TreePasses passes = settings ? treePasses(*settings) : TreePasses{.recordsSteps = false};
    const std::size_t wanted = passes.recordsSteps ? (passes.second ? 2 : 1) : 0;
    s.needsModel = !model && s.trees.passes.size() < wanted;
    for (const auto& p : s.trees.passes) s.levelTimes.push_back(timesOf(prepared, ref.launch, p));
    return s;
}

TreeScene buildModelledScene(const PreparedRun& prepared, const BlockRef& ref) {
    return buildModelledScene(prepared, reductionSettingsOf(*prepared.run), ref);
}

TreeScene buildModelledScene(const PreparedRun& prepared,
                             const std::optional<ReductionSettings>& settings,
                             const BlockRef& ref) {
    const Run& run = *prepared.run;
    if (!settings) return buildTreeScene(prepared, settings, ref, nullptr);
    auto data = ReductionData::forRun(run, *settings);
    if (!data) {
        TreeScene s = buildTreeScene(prepared, settings, ref, nullptr);
        if (s.trees.note.empty()) s.trees.note = data.error();
        s.needsModel = false;
        return s;
    }
    auto model = BlockModel::make(run, *settings, *data);
    TreeScene s = buildTreeScene(prepared, settings, ref, model ? &*model : nullptr);
    if (!model && s.trees.note.empty()) s.trees.note = model.error();
    s.needsModel = false;
    return s;
}

}  // namespace ws
