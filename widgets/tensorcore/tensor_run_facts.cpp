#include "widgets/tensorcore/tensor_run_facts.h"

#include <algorithm>

#include "core/tensorcore/tensorcore_settings.h"

namespace ws {

std::optional<TensorCoreVariant> tensorCoreVariantOf(const Run& run) {
    const auto settings = tensorCoreSettingsOf(run);
    if (!settings) return std::nullopt;
    return settings->variant;
}

std::string tensorCoreVariantName(const Run& run) {
    if (const auto v = tensorCoreVariantOf(run)) return tensorCoreVariantInfo(*v).id;
    // Parameters the catalog refuses (a trace of an older catalog): as written.
    const auto it = run.params.find("variant");
    return it != run.params.end() ? it->second : std::string();
}

std::uint32_t pipelineStagesOf(const Run& run) {
    const auto it = run.figures.find("stages");
    if (it == run.figures.end() || !(it->second >= 1)) return kTmaStages;
    // A ring of more than a few dozen stages fits no shared memory.
    return std::uint32_t(std::clamp(it->second, 1.0, 64.0));
}

}  // namespace ws
