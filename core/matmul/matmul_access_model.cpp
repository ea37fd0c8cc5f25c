#include "core/matmul/matmul_access_model.h"

#include "core/matmul/matmul_settings.h"
#include "core/matmul/matmul_traffic.h"

namespace ws {

ModelledWarp matmulWarpAccesses(const ParamValues& params, std::uint32_t warp) {
    ModelledWarp out;
    const auto settings = matmulSettings(params);
    if (!settings) return out;
    const auto variant = &settings->variant;
    const std::uint32_t n = settings->n;
    const std::uint32_t blockDim = settings->blockDim;
    const auto tiling = matmulTiling(*variant, blockDim);
    if (!tiling || tiling->tileK == 0 || warp * 32 >= tiling->block.count()) return out;
    const auto reads = tiling->warptile
                           ? warptileSharedReads(*tiling->warptile, warp, kMatmulTracedKSteps)
                           : matmulSharedReads(*variant, blockDim, warp, kMatmulTracedKSteps,
                                               std::min(tiling->tileK, n));
    for (const auto& r : reads) out.shared.push_back({r.what, false, r.access});
    return out;
}

}  // namespace ws
