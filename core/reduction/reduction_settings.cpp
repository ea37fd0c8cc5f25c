#include "core/reduction/reduction_settings.h"

#include <array>
#include <utility>

#include "core/catalog/catalog.h"

namespace ws {

namespace {

constexpr std::array<std::pair<ReductionExperiment, std::string_view>, 7> kExperiments{{
    {ReductionExperiment::SingleBlock, "reduce-single-block"},
    {ReductionExperiment::SingleBlockNoncomm, "reduce-single-block-noncomm"},
    {ReductionExperiment::MultiBlock, "reduce-multi-block"},
    {ReductionExperiment::LastBlock, "reduce-last-block"},
    {ReductionExperiment::MultiBlockNoncomm, "reduce-multi-block-noncomm"},
    {ReductionExperiment::Warp, "reduce-warp"},
    {ReductionExperiment::Ladder, "reduce-ladder"},
}};

constexpr std::array<std::pair<ReductionVariant, std::string_view>, 14> kVariants{{
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
}};

}  // namespace

std::optional<ReductionExperiment> parseReductionExperiment(std::string_view id) {
    for (const auto& [experiment, name] : kExperiments)
        if (name == id) return experiment;
    return std::nullopt;
}

std::string_view reductionExperimentId(ReductionExperiment experiment) {
    for (const auto& [e, name] : kExperiments)
        if (e == experiment) return name;
    return {};
}

std::optional<ReductionVariant> parseReductionVariant(std::string_view name) {
    for (const auto& [variant, text] : kVariants)
        if (text == name) return variant;
    return std::nullopt;
}

std::string_view reductionVariantName(ReductionVariant variant) {
    for (const auto& [v, text] : kVariants)
        if (v == variant) return text;
    return {};
}

Result<ReductionSettings> reductionSettings(std::string_view experiment,
                                            const ParamValues& params) {
    const auto which = parseReductionExperiment(experiment);
    if (!which) return makeError("experiment " + std::string(experiment) + " is not a reduction");
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) return makeError(std::string(experiment) + " is not in the catalog");
    auto resolved = resolveParams(*spec, params);
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
        // The catalog checked the choice against the variants' names.
        const auto variant = parseReductionVariant(paramChoice(v, "variant"));
        if (!variant)
            return makeError(std::string(experiment) +
                             ": the catalog's choices and the variants disagree");
        s.variant = *variant;
    }
    if (v.count("per_thread")) s.perThread = std::uint64_t(paramInt(v, "per_thread"));
    s.tracedBlocks = std::uint32_t(paramInt(v, "traced_blocks"));
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<ReductionSettings> reductionSettingsOf(const Run& run) {
    if (!parseReductionExperiment(run.experiment)) return std::nullopt;
    auto s = reductionSettings(run.experiment, run.params);
    if (!s) return std::nullopt;
    return *s;
}

}  // namespace ws
