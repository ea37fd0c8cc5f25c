#include "core/concurrency/concurrency_settings.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/catalog/catalog.h"

namespace ws {

namespace {

constexpr std::array<std::pair<ConcurrencyExperiment, std::string_view>, 3> kExperiments{{
    {ConcurrencyExperiment::Streams, "streams"},
    {ConcurrencyExperiment::DynamicParallelism, "dynamic-parallelism"},
    {ConcurrencyExperiment::UnifiedMemory, "unified-memory"},
}};

constexpr std::array<std::pair<UnifiedPattern, std::string_view>, 6> kPatterns{{
    {UnifiedPattern::FirstTouch, "first-touch"},
    {UnifiedPattern::Prefetch, "prefetch"},
    {UnifiedPattern::CpuTouched, "cpu-touched"},
    {UnifiedPattern::ExplicitCopy, "explicit-copy"},
    {UnifiedPattern::Resident, "resident"},
    {UnifiedPattern::ManagedVariable, "managed-variable"},
}};

}  // namespace

std::optional<ConcurrencyExperiment> parseConcurrencyExperiment(std::string_view id) {
    for (const auto& [experiment, name] : kExperiments)
        if (name == id) return experiment;
    return std::nullopt;
}

Result<ConcurrencySettings> concurrencySettings(std::string_view experiment,
                                                const ParamValues& params) {
    const auto which = parseConcurrencyExperiment(experiment);
    if (!which)
        return makeError("experiment " + std::string(experiment) +
                         " is not part of the concurrency lab");
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) return makeError(std::string(experiment) + " is not in the catalog");
    auto resolved = resolveParams(*spec, params);
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
            const std::string& name = paramChoice(v, "pattern");
            const auto it = std::find_if(kPatterns.begin(), kPatterns.end(),
                                         [&](const auto& p) { return p.second == name; });
            if (it == kPatterns.end())
                return makeError("unified-memory: the catalog's pattern '" + name +
                                 "' has no value in this build");
            s.unified = {.pattern = it->first,
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
    if (!parseConcurrencyExperiment(run.experiment)) return std::nullopt;
    auto s = concurrencySettings(run.experiment, run.params);
    if (!s) return std::nullopt;
    return *s;
}

}  // namespace ws
