#include "core/memory/bank_conflict_prediction.h"

#include "core/memory/memory_access_model.h"
#include "core/memory/memory_reference.h"

namespace ws {

namespace {

double extraPasses(const WarpAccess& access) {
    if (access.activeMask == 0) return 0;
    const BankAnalysis a = analyzeBanks(access);
    return a.passes > a.idealPasses ? double(a.passes - a.idealPasses) : 0.0;
}

// One block's warps, each shared instruction of the model `repeat` times.
SharedConflicts blockConflicts(const MemorySettings& settings, std::uint32_t block,
                               std::uint32_t warps, double repeat) {
    SharedConflicts c;
    for (std::uint32_t w = 0; w < warps; ++w)
        for (const ModelledShared& s : modelWarpAccesses(settings, block, w).shared)
            (s.isStore ? c.stores : c.loads) += repeat * extraPasses(s.access);
    return c;
}

std::optional<SharedConflicts> transpose(const MemorySettings& p) {
    using V = TransposeVariant;
    if (p.variant == V::Naive || p.variant == V::Copy) return SharedConflicts{};
    if (p.variant == V::Best) return std::nullopt;
    const LaunchShape shape = modelledLaunchShape(p);
    const std::uint32_t warps = std::uint32_t((shape.block.count() + kWarpSize - 1) / kWarpSize);
    // A float transpose's thread moves rows_per_thread elements, each one
    // store and one load like the first, which the model gives.
    const bool floats = p.is(MemoryExperiment::TransposeF32);
    const double repeat = floats ? double(p.rowsPerThread) : 1.0;
    const std::uint32_t tile = floats ? 32 : 16;
    // Blocks inside the matrix are all alike: one of them, times their
    // number. Only the last column and row of blocks hold partial tiles;
    // each is modelled on its own, where a thread moves one element (the
    // model gives a thread's first; its later rows' masks differ).
    const bool partialX = p.width % tile != 0;
    const bool partialY = p.height % tile != 0;
    if ((partialX || partialY) && repeat > 1) return std::nullopt;
    const std::uint32_t gx = shape.grid.x, gy = shape.grid.y;
    const std::uint64_t inner = std::uint64_t(gx - (partialX ? 1 : 0)) * (gy - (partialY ? 1 : 0));
    SharedConflicts all;
    auto add = [&](const SharedConflicts& c, double times) {
        all.loads += times * c.loads;
        all.stores += times * c.stores;
    };
    if (inner > 0) add(blockConflicts(p, 0, warps, repeat), double(inner));
    auto edge = [&](std::uint32_t bx, std::uint32_t by) {
        add(blockConflicts(p, by * gx + bx, warps, repeat), 1.0);
    };
    if (partialX)
        for (std::uint32_t by = 0; by < gy; ++by) edge(gx - 1, by);
    if (partialY)
        for (std::uint32_t bx = 0; bx + (partialX ? 1 : 0) < gx; ++bx) edge(bx, gy - 1);
    return all;
}

std::optional<SharedConflicts> probe(const MemorySettings& p) {
    const ModelledWarp warp = modelWarpAccesses(p);
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
    const auto settings = memorySettings(experiment, given);
    if (!settings) return std::nullopt;
    if (settings->is(MemoryExperiment::BankProbe)) return probe(*settings);
    if (settings->isTranspose()) return transpose(*settings);
    return std::nullopt;
}

}  // namespace ws
