#include "core/tensorcore/tensorcore_settings.h"

namespace ws {

Result<TensorCoreSettings> tensorCoreSettings(const ParamValues& params) {
    const ExperimentSpec* spec = findExperiment(kTensorCoreExperiment);
    if (!spec) return makeError(std::string(kTensorCoreExperiment) + " is not in the catalog");
    auto resolved = resolveParams(*spec, params);
    if (!resolved) return makeError(resolved.error());
    // The catalog checked each choice against the variants' and outputs'
    // names, so both parse.
    const auto variant = parseTensorCoreVariant(paramChoice(*resolved, "variant"));
    const auto output = parseTensorCoreOutput(paramChoice(*resolved, "output"));
    if (!variant || !output)
        return makeError("matmul-tc: the catalog's choices and the variants disagree");
    TensorCoreSettings s;
    s.variant = *variant;
    s.n = std::uint32_t(paramInt(*resolved, "n"));
    s.output = *output;
    s.tracedBlocks = std::uint32_t(paramInt(*resolved, "traced_blocks"));
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<TensorCoreSettings> tensorCoreSettingsOf(const Run& run) {
    if (run.experiment != kTensorCoreExperiment) return std::nullopt;
    auto s = tensorCoreSettings(run.params);
    if (!s) return std::nullopt;
    return *s;
}

}  // namespace ws
