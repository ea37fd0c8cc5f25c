#include "core/atomics/atomics_settings.h"

#include "core/catalog/lab_settings.h"

namespace ws {

namespace {

constexpr NameTable<AtomicsExperiment, 3> kExperiments{{{
    {AtomicsExperiment::WorkQueue, "work-queue"},
    {AtomicsExperiment::Argmin, "argmin"},
    {AtomicsExperiment::Contention, "atomic-contention"},
}}};

constexpr NameTable<QueueStrategy, 3> kStrategies{{{
    {QueueStrategy::Static, "static"},
    {QueueStrategy::PerItem, "per-item"},
    {QueueStrategy::Queue, "queue"},
}}};

}  // namespace

std::optional<AtomicsExperiment> parseAtomicsExperiment(std::string_view id) {
    return kExperiments.parse(id);
}

std::string_view atomicsExperimentId(AtomicsExperiment experiment) {
    return kExperiments.name(experiment);
}

Result<AtomicsSettings> atomicsSettings(std::string_view experiment, const ParamValues& params) {
    const auto which = parseAtomicsExperiment(experiment);
    auto resolved = resolveLabParams(experiment, which.has_value(), "atomics", params);
    if (!resolved) return makeError(resolved.error());
    const ParamValues& v = *resolved;
    AtomicsSettings s;
    s.experiment = *which;
    switch (s.experiment) {
        case AtomicsExperiment::WorkQueue: {
            WorkQueueSettings& q = s.queue;
            q.items = std::uint32_t(paramInt(v, "items"));
            q.costUs = paramFloat(v, "cost_us");
            q.distribution = paramChoice(v, "distribution");
            auto strategy = choiceValue(v, "strategy", kStrategies);
            if (!strategy) return makeError("work-queue: " + strategy.error());
            q.strategy = *strategy;
            q.block = std::uint32_t(paramInt(v, "block"));
            q.blocksPerSm = std::uint32_t(paramInt(v, "blocks_per_sm"));
            break;
        }
        case AtomicsExperiment::Argmin: {
            ArgminSettings& a = s.argmin;
            a.n = std::uint64_t(paramInt(v, "n"));
            a.variant = paramChoice(v, "variant");
            a.input = paramChoice(v, "input");
            a.block = std::uint32_t(paramInt(v, "block"));
            a.tracedBlocks = std::uint32_t(paramInt(v, "traced_blocks"));
            break;
        }
        case AtomicsExperiment::Contention: {
            ContentionSettings& c = s.contention;
            c.threads = std::uint32_t(paramInt(v, "threads"));
            c.addresses = std::uint32_t(paramInt(v, "addresses"));
            c.perThread = std::uint32_t(paramInt(v, "per_thread"));
            c.spacingWords = paramChoice(v, "spacing") == "line" ? 32 : 1;
            c.block = std::uint32_t(paramInt(v, "block"));
            break;
        }
    }
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<AtomicsSettings> atomicsSettingsOf(const Run& run) {
    return settingsOfRun(run, parseAtomicsExperiment(run.experiment).has_value(), atomicsSettings);
}

}  // namespace ws
