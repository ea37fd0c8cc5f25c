#pragma once
// A concurrency run's parameters, parsed once: the catalog entry resolves the
// strings (defaults filled, every value and rule checked) and the launchers
// and figures read these fields, not the strings again. The streams' settings
// are their plan (core/concurrency/concurrency_plans.h), made once here.
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/common/result.h"
#include "core/concurrency/concurrency_plans.h"
#include "core/run/run.h"

namespace ws {

enum class ConcurrencyExperiment {
    Streams,             // streams
    DynamicParallelism,  // dynamic-parallelism
    UnifiedMemory,       // unified-memory
};

std::optional<ConcurrencyExperiment> parseConcurrencyExperiment(std::string_view id);

struct DynamicParallelismSettings {
    bool recursiveReduction = false;  // pattern; false: parent-child
    bool tailLaunch = false;          // mode tail; false: fire-and-forget
    bool deviceDriver = true;         // driver device; false: the host launches each level
    std::uint64_t n = 0;
    std::uint32_t parentBlocks = 0, childBlocks = 0;
    std::uint32_t block = 0;
    std::uint32_t maxDepth = 0;
};

// How unified memory's pages reach the GPU (the `pattern` traced).
enum class UnifiedPattern {
    FirstTouch,
    Prefetch,
    CpuTouched,
    ExplicitCopy,
    Resident,
    ManagedVariable
};

struct UnifiedMemorySettings {
    UnifiedPattern pattern = UnifiedPattern::FirstTouch;
    std::uint64_t n = 0;
    std::uint32_t prefetchChunks = 1;
    std::uint32_t block = 0;
};

struct ConcurrencySettings {
    ConcurrencyExperiment experiment = ConcurrencyExperiment::Streams;
    StreamsPlan streams;
    DynamicParallelismSettings dynamic;
    UnifiedMemorySettings unified;
    ParamValues resolved;  // the same as the strings a trace keeps, defaults filled

    bool is(ConcurrencyExperiment e) const { return experiment == e; }
};

// `params` as a caller passed them: resolved by the experiment's catalog
// entry, then typed. An experiment outside the lab is an error.
Result<ConcurrencySettings> concurrencySettings(std::string_view experiment,
                                                const ParamValues& params);

// A run's settings, where it is a concurrency run whose parameters the
// catalog accepts.
std::optional<ConcurrencySettings> concurrencySettingsOf(const Run& run);

}  // namespace ws
