#include "core/concurrency/concurrency_settings.h"

#include "core/catalog/lab_settings.h"

namespace ws {

namespace {

constexpr NameTable<ConcurrencyExperiment, 3> kExperiments{{{
    {ConcurrencyExperiment::Streams, "streams"},
    {ConcurrencyExperiment::DynamicParallelism, "dynamic-parallelism"},
    {ConcurrencyExperiment::UnifiedMemory, "unified-memory"},
}}};

constexpr NameTable<UnifiedPattern, 6> kPatterns{{{
    {UnifiedPattern::FirstTouch, "first-touch"},
    {UnifiedPattern::Prefetch, "prefetch"},
    {UnifiedPattern::CpuTouched, "cpu-touched"},
    {UnifiedPattern::ExplicitCopy, "explicit-copy"},
    {UnifiedPattern::Resident, "resident"},
    {UnifiedPattern::ManagedVariable, "managed-variable"},
}}};

}  // namespace

std::optional<ConcurrencyExperiment> parseConcurrencyExperiment(std::string_view id) {
    return kExperiments.parse(id);
}

Result<ConcurrencySettings> concurrencySettings(std::string_view experiment,
                                                const ParamValues& params) {
    const auto which = parseConcurrencyExperiment(experiment);
    auto resolved = resolveLabParams(experiment, which.has_value(), "concurrency", params);
    if (!resolved) return makeError(resolved.error());
    const ParamValues& v = *resolved;
    ConcurrencySettings s;
    s.experiment = *which;
    switch (s.experiment) {
        case ConcurrencyExperiment::Streams: {
            auto plan = planStreams(v);
            if (!plan) return makeError(plan.error());
            s.streams = std::move(*plan);
            break;
        }
        case ConcurrencyExperiment::DynamicParallelism:
            s.dynamic = {.recursiveReduction = paramChoice(v, "pattern") == "recursive-reduction",
                         .tailLaunch = paramChoice(v, "mode") == "tail",
                         .deviceDriver = paramChoice(v, "driver") != "host",
                         .n = std::uint64_t(paramInt(v, "n")),
                         .parentBlocks = std::uint32_t(paramInt(v, "parent_blocks")),
                         .childBlocks = std::uint32_t(paramInt(v, "child_blocks")),
                         .block = std::uint32_t(paramInt(v, "block")),
                         .maxDepth = std::uint32_t(paramInt(v, "max_depth"))};
            break;
        case ConcurrencyExperiment::UnifiedMemory: {
            auto pattern = choiceValue(v, "pattern", kPatterns);
            if (!pattern) return makeError("unified-memory: " + pattern.error());
            s.unified = {.pattern = *pattern,
                         .n = std::uint64_t(paramInt(v, "n")),
                         .prefetchChunks = std::uint32_t(paramInt(v, "prefetch_chunks")),
                         .block = std::uint32_t(paramInt(v, "block"))};
            break;
        }
    }
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<ConcurrencySettings> concurrencySettingsOf(const Run& run) {
    return settingsOfRun(run, parseConcurrencyExperiment(run.experiment).has_value(),
                         concurrencySettings);
}

}  // namespace ws
