#include "core/memory/bank_conflict_prediction.h"

#include "core/catalog/catalog.h"
#include "core/memory/memory_access_model.h"
#include "core/memory/memory_reference.h"

namespace ws {

namespace {

// A grid with edge tiles is walked block by block up to this many blocks (a
// 1920 x 1080 image of 16 x 16 tiles has 8,160).
constexpr std::uint64_t kWalkedBlocks = 1u << 16;

double extraPasses(const WarpAccess& access) {
    if (access.activeMask == 0) return 0;
    const BankAnalysis a = analyzeBanks(access);
    return a.passes > a.idealPasses ? double(a.passes - a.idealPasses) : 0.0;
}

// One block's warps, each shared instruction of the model `repeat` times.
SharedConflicts blockConflicts(const std::string& experiment, const ParamValues& params,
                               std::uint32_t block, std::uint32_t warps, double repeat) {
    SharedConflicts c;
    for (std::uint32_t w = 0; w < warps; ++w)
        for (const ModelledShared& s : modelWarpAccesses(experiment, params, block, w).shared)
            (s.isStore ? c.stores : c.loads) += repeat * extraPasses(s.access);
    return c;
}

std::optional<SharedConflicts> transpose(const std::string& experiment, const ParamValues& p) {
    const std::string variant = paramChoice(p, "variant");
    if (variant == "naive" || variant == "copy") return SharedConflicts{};
    if (variant != "tiled" && variant != "padded" && variant != "shared") return std::nullopt;
    const LaunchShape shape = modelledLaunchShape(experiment, p);
    const std::uint32_t warps = std::uint32_t((shape.block.count() + kWarpSize - 1) / kWarpSize);
    // A float transpose's thread moves rows_per_thread elements, each one
    // store and one load like the first, which the model gives.
    const double repeat =
        experiment == "transpose-f32" ? double(std::stoul(paramChoice(p, "rows_per_thread"))) : 1.0;
    const std::uint32_t tile = experiment == "transpose-f32" ? 32 : 16;
    const std::uint64_t blocks = shape.grid.count();
    const bool whole = paramInt(p, "width") % tile == 0 && paramInt(p, "height") % tile == 0;
    if (whole) {
        // Every block alike: one block's warps, times the blocks.
        SharedConflicts one = blockConflicts(experiment, p, 0, warps, repeat);
        one.loads *= double(blocks);
        one.stores *= double(blocks);
        return one;
    }
    // Edge tiles: walked block by block, where each thread moves one element
    // (the model gives a thread's first; its later rows' masks differ).
    if (repeat > 1 || blocks > kWalkedBlocks) return std::nullopt;
    SharedConflicts all;
    for (std::uint32_t b = 0; b < blocks; ++b) {
        const SharedConflicts c = blockConflicts(experiment, p, b, warps, repeat);
        all.loads += c.loads;
        all.stores += c.stores;
    }
    return all;
}

std::optional<SharedConflicts> probe(const ParamValues& p) {
    const ModelledWarp warp = modelWarpAccesses("bank-probe", p);
    if (warp.shared.empty()) return std::nullopt;
    SharedConflicts c;
    for (const ModelledShared& s : warp.shared)
        (s.isStore ? c.stores : c.loads) +=
            extraPasses(s.access) * (s.isStore ? kProbeIterations : kProbeIterations + 1);
    return c;
}

}  // namespace

std::optional<SharedConflicts> predictSharedConflicts(const std::string& experiment,
                                                      const ParamValues& given) {
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) return std::nullopt;
    auto resolved = resolveParams(*spec, given);
    if (!resolved) return std::nullopt;
    if (experiment == "bank-probe") return probe(*resolved);
    if (experiment == "transpose-f32" || experiment == "transpose-u8")
        return transpose(experiment, *resolved);
    return std::nullopt;
}

}  // namespace ws
