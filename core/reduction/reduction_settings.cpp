#include "core/reduction/reduction_settings.h"

#include "core/catalog/lab_settings.h"

namespace ws {

namespace {

constexpr NameTable<ReductionExperiment, 7> kExperiments{{{
    {ReductionExperiment::SingleBlock, "reduce-single-block"},
    {ReductionExperiment::SingleBlockNoncomm, "reduce-single-block-noncomm"},
    {ReductionExperiment::MultiBlock, "reduce-multi-block"},
    {ReductionExperiment::LastBlock, "reduce-last-block"},
    {ReductionExperiment::MultiBlockNoncomm, "reduce-multi-block-noncomm"},
    {ReductionExperiment::Warp, "reduce-warp"},
    {ReductionExperiment::Ladder, "reduce-ladder"},
}}};

constexpr NameTable<ReductionVariant, 14> kVariants{{{
    {ReductionVariant::Comm, "comm"},
    {ReductionVariant::CommCompact, "comm-compact"},
    {ReductionVariant::Noncomm, "noncomm"},
    {ReductionVariant::NoncommPadded, "noncomm-padded"},
    {ReductionVariant::Shuffle, "shuffle"},
    {ReductionVariant::InterleavedDivergent, "interleaved-divergent"},
    {ReductionVariant::InterleavedStrided, "interleaved-strided"},
    {ReductionVariant::Sequential, "sequential"},
    {ReductionVariant::FirstAdd, "first-add"},
    {ReductionVariant::UnrollLastWarp, "unroll-last-warp"},
    {ReductionVariant::CompleteUnroll, "complete-unroll"},
    {ReductionVariant::MultiElement, "multi-element"},
    {ReductionVariant::Best, "best"},
    {ReductionVariant::Cub, "cub"},
}}};

}  // namespace

std::optional<ReductionExperiment> parseReductionExperiment(std::string_view id) {
    return kExperiments.parse(id);
}

std::string_view reductionExperimentId(ReductionExperiment experiment) {
    return kExperiments.name(experiment);
}

std::optional<ReductionVariant> parseReductionVariant(std::string_view name) {
    return kVariants.parse(name);
}

std::string_view reductionVariantName(ReductionVariant variant) { return kVariants.name(variant); }

Result<ReductionSettings> reductionSettings(std::string_view experiment,
                                            const ParamValues& params) {
    const auto which = parseReductionExperiment(experiment);
    auto resolved = resolveLabParams(experiment, which.has_value(), "reduction", params);
    if (!resolved) return makeError(resolved.error());
    const ParamValues& v = *resolved;
    ReductionSettings s;
    s.experiment = *which;
    s.n = std::uint64_t(paramInt(v, "n"));
    s.block = std::uint32_t(paramInt(v, "block"));
    if (v.count("grid")) s.grid = std::uint64_t(paramInt(v, "grid"));
    if (v.count("op") && paramChoice(v, "op") == "affine")
        s.element = ElementKind::Affine;
    else if (v.count("type") && paramChoice(v, "type") == "float")
        s.element = ElementKind::Float;
    if (v.count("variant")) {
        auto variant = choiceValue(v, "variant", kVariants);
        if (!variant) return makeError(std::string(experiment) + ": " + variant.error());
        s.variant = *variant;
    }
    if (v.count("per_thread")) s.perThread = std::uint64_t(paramInt(v, "per_thread"));
    s.tracedBlocks = std::uint32_t(paramInt(v, "traced_blocks"));
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<ReductionSettings> reductionSettingsOf(const Run& run) {
    return settingsOfRun(run, parseReductionExperiment(run.experiment).has_value(),
                         reductionSettings);
}

}  // namespace ws
