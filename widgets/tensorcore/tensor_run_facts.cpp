#include "widgets/tensorcore/tensor_run_facts.h"

#include <algorithm>

#include "core/catalog/catalog.h"

namespace ws {

namespace {

std::string variantParam(const Run& run) {
    if (const auto it = run.params.find("variant"); it != run.params.end()) return it->second;
    const ExperimentSpec* spec = findExperiment(kTensorCoreExperiment);
    if (!spec) return {};
    for (const auto& p : spec->params)
        if (p.name == "variant") return p.defaultValue;
    return {};
}

}  // namespace

std::optional<TensorCoreVariant> tensorCoreVariantOf(const Run& run) {
    if (run.experiment != kTensorCoreExperiment) return std::nullopt;
    return parseTensorCoreVariant(variantParam(run));
}

std::string tensorCoreVariantName(const Run& run) {
    if (const auto v = tensorCoreVariantOf(run)) return tensorCoreVariantInfo(*v).id;
    return variantParam(run);
}

std::uint32_t pipelineStagesOf(const Run& run) {
    const auto it = run.figures.find("stages");
    if (it == run.figures.end() || !(it->second >= 1)) return kTmaStages;
    // A ring of more than a few dozen stages fits no shared memory.
    return std::uint32_t(std::clamp(it->second, 1.0, 64.0));
}

}  // namespace ws
