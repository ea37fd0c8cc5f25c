#pragma once
// An atomics-lab run's parameters, parsed once: the catalog entry resolves
// the strings (defaults filled, every value and rule checked) and the
// launchers and views read these fields, not the strings again. The choices
// that name inputs, variants and cost shapes stay names: the references
// (core/atomics/argmin_reference.h, work_queue_model.h) are keyed by them,
// and the catalog has checked each one.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

enum class AtomicsExperiment {
    WorkQueue,   // work-queue
    Argmin,      // argmin
    Contention,  // atomic-contention
};

std::optional<AtomicsExperiment> parseAtomicsExperiment(std::string_view id);
std::string_view atomicsExperimentId(AtomicsExperiment experiment);

// How the work queue's items reach the blocks.
enum class QueueStrategy { Static, PerItem, Queue };

struct WorkQueueSettings {
    std::uint32_t items = 0;
    double costUs = 0;
    std::string distribution;  // equal, ramp, heavy or random
    QueueStrategy strategy = QueueStrategy::Queue;
    std::uint32_t block = 0;
    std::uint32_t blocksPerSm = 0;  // 0: as many as fit
};

struct ArgminSettings {
    std::uint64_t n = 0;
    std::string variant;  // cas-original ... cub
    std::string input;    // blog, distinct or descending
    std::uint32_t block = 0;
    std::uint32_t tracedBlocks = 0;
};

struct ContentionSettings {
    std::uint32_t threads = 0;
    std::uint32_t addresses = 0;
    std::uint32_t perThread = 0;
    std::uint32_t spacingWords = 1;  // word: 1; line: 32 (one address per 128-byte line)
    std::uint32_t block = 0;
};

struct AtomicsSettings {
    AtomicsExperiment experiment = AtomicsExperiment::WorkQueue;
    WorkQueueSettings queue;        // work-queue
    ArgminSettings argmin;          // argmin
    ContentionSettings contention;  // atomic-contention
    ParamValues resolved;           // the same as the strings a trace keeps, defaults filled

    bool is(AtomicsExperiment e) const { return experiment == e; }
};

// `params` as a caller passed them: resolved by the experiment's catalog
// entry, then typed. An experiment outside the atomics lab is an error.
Result<AtomicsSettings> atomicsSettings(std::string_view experiment, const ParamValues& params);

// A run's settings, where it is an atomics run whose parameters the catalog
// accepts.
std::optional<AtomicsSettings> atomicsSettingsOf(const Run& run);

}  // namespace ws
