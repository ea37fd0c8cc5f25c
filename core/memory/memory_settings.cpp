#include "core/memory/memory_settings.h"

#include "core/catalog/lab_settings.h"

namespace ws {

namespace {

constexpr NameTable<MemoryExperiment, 6> kExperiments{{{
    {MemoryExperiment::TransposeU8, "transpose-u8"},
    {MemoryExperiment::TransposeF32, "transpose-f32"},
    {MemoryExperiment::ReduceColumns, "reduce-columns"},
    {MemoryExperiment::ReduceRowsAtomic, "reduce-rows-atomic"},
    {MemoryExperiment::ReduceRowsBlock, "reduce-rows-block"},
    {MemoryExperiment::BankProbe, "bank-probe"},
}}};

constexpr NameTable<TransposeVariant, 6> kVariants{{{
    {TransposeVariant::Copy, "copy"},
    {TransposeVariant::Naive, "naive"},
    {TransposeVariant::Shared, "shared"},
    {TransposeVariant::Tiled, "tiled"},
    {TransposeVariant::Padded, "padded"},
    {TransposeVariant::Best, "best"},
}}};

}  // namespace

std::optional<MemoryExperiment> parseMemoryExperiment(std::string_view id) {
    return kExperiments.parse(id);
}

std::string_view memoryExperimentId(MemoryExperiment experiment) {
    return kExperiments.name(experiment);
}

std::optional<TransposeVariant> parseTransposeVariant(std::string_view name) {
    return kVariants.parse(name);
}

std::string_view transposeVariantName(TransposeVariant variant) { return kVariants.name(variant); }

Result<MemorySettings> memorySettings(std::string_view experiment, const ParamValues& params) {
    const auto which = parseMemoryExperiment(experiment);
    auto resolved = resolveLabParams(experiment, which.has_value(), "memory", params);
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
        auto variant = choiceValue(v, "variant", kVariants);
        if (!variant) return makeError(std::string(experiment) + ": " + variant.error());
        s.variant = *variant;
    }
    if (s.is(MemoryExperiment::TransposeF32)) s.rowsPerThread = numberChoice(v, "rows_per_thread");
    if (v.count("block")) s.block = std::uint32_t(paramInt(v, "block"));
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<MemorySettings> memorySettingsOf(const Run& run) {
    return settingsOfRun(run, parseMemoryExperiment(run.experiment).has_value(), memorySettings);
}

}  // namespace ws
