#include "core/memory/memory_settings.h"

#include <array>
#include <utility>

#include "core/catalog/catalog.h"

namespace ws {

namespace {

constexpr std::array<std::pair<MemoryExperiment, std::string_view>, 6> kExperiments{{
    {MemoryExperiment::TransposeU8, "transpose-u8"},
    {MemoryExperiment::TransposeF32, "transpose-f32"},
    {MemoryExperiment::ReduceColumns, "reduce-columns"},
    {MemoryExperiment::ReduceRowsAtomic, "reduce-rows-atomic"},
    {MemoryExperiment::ReduceRowsBlock, "reduce-rows-block"},
    {MemoryExperiment::BankProbe, "bank-probe"},
}};

constexpr std::array<std::pair<TransposeVariant, std::string_view>, 6> kVariants{{
    {TransposeVariant::Copy, "copy"},
    {TransposeVariant::Naive, "naive"},
    {TransposeVariant::Shared, "shared"},
    {TransposeVariant::Tiled, "tiled"},
    {TransposeVariant::Padded, "padded"},
    {TransposeVariant::Best, "best"},
}};

// A choice among numbers ("1", "4", "16"), checked by the catalog.
std::uint32_t numberChoice(const ParamValues& v, const char* name) {
    return std::uint32_t(std::stoul(paramChoice(v, name)));
}

}  // namespace

std::optional<MemoryExperiment> parseMemoryExperiment(std::string_view id) {
    for (const auto& [experiment, name] : kExperiments)
        if (name == id) return experiment;
    return std::nullopt;
}

std::string_view memoryExperimentId(MemoryExperiment experiment) {
    for (const auto& [e, name] : kExperiments)
        if (e == experiment) return name;
    return {};
}

std::optional<TransposeVariant> parseTransposeVariant(std::string_view name) {
    for (const auto& [variant, text] : kVariants)
        if (text == name) return variant;
    return std::nullopt;
}

std::string_view transposeVariantName(TransposeVariant variant) {
    for (const auto& [v, text] : kVariants)
        if (v == variant) return text;
    return {};
}

Result<MemorySettings> memorySettings(std::string_view experiment, const ParamValues& params) {
    const auto which = parseMemoryExperiment(experiment);
    if (!which)
        return makeError("experiment " + std::string(experiment) +
                         " is not part of the memory lab");
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) return makeError(std::string(experiment) + " is not in the catalog");
    auto resolved = resolveParams(*spec, params);
    if (!resolved) return makeError(resolved.error());
    const ParamValues& v = *resolved;
    MemorySettings s;
    s.experiment = *which;
    if (s.is(MemoryExperiment::BankProbe)) {
        BankProbeSettings& p = s.probe;
        p.strideElements = std::uint32_t(paramInt(v, "stride"));
        p.widthBytes = numberChoice(v, "width");
        p.paddingBytes = std::uint32_t(paramInt(v, "padding"));
        p.tile = paramChoice(v, "tile");
        p.pattern = paramChoice(v, "pattern");
        // The catalog's rule built this pattern already; it cannot fail here.
        auto access =
            bankProbePattern(p.strideElements, p.widthBytes, p.paddingBytes, p.tile, p.pattern);
        if (!access) return makeError(access.error());
        p.access = *access;
    } else {
        s.width = std::uint32_t(paramInt(v, "width"));
        s.height = std::uint32_t(paramInt(v, "height"));
        s.tracedBlocks = std::uint32_t(paramInt(v, "traced_blocks"));
    }
    if (s.isTranspose()) {
        const auto variant = parseTransposeVariant(paramChoice(v, "variant"));
        if (!variant)
            return makeError(std::string(experiment) +
                             ": the catalog's choices and the variants disagree");
        s.variant = *variant;
    }
    if (s.is(MemoryExperiment::TransposeF32)) s.rowsPerThread = numberChoice(v, "rows_per_thread");
    if (v.count("block")) s.block = std::uint32_t(paramInt(v, "block"));
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<MemorySettings> memorySettingsOf(const Run& run) {
    if (!parseMemoryExperiment(run.experiment)) return std::nullopt;
    auto s = memorySettings(run.experiment, run.params);
    if (!s) return std::nullopt;
    return *s;
}

}  // namespace ws
