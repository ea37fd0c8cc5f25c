#include "core/matmul/matmul_settings.h"

#include <string>

#include "core/catalog/lab_settings.h"

namespace ws {

Result<MatmulSettings> matmulSettings(const ParamValues& params) {
    const ExperimentSpec* spec = findExperiment("matmul");
    if (!spec) return makeError("matmul is not in the catalog");
    auto resolved = resolveParams(*spec, params);
    if (!resolved) return makeError(resolved.error());
    // The catalog checked the variant against the variants' names.
    const auto variant = parseMatmulVariant(paramChoice(*resolved, "variant"));
    if (!variant) return makeError("matmul: the catalog's choices and the variants disagree");
    MatmulSettings s;
    s.variant = *variant;
    s.n = std::uint32_t(paramInt(*resolved, "n"));
    s.blockDim = numberChoice(*resolved, "block_dim");  // "8", "16" or "32"
    s.tracedBlocks = std::uint32_t(paramInt(*resolved, "traced_blocks"));
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<MatmulSettings> matmulSettingsOf(const Run& run) {
    if (run.experiment != "matmul") return std::nullopt;
    auto s = matmulSettings(run.params);
    if (!s) return std::nullopt;
    return *s;
}

}  // namespace ws
