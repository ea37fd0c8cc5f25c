#pragma once
// A first-kernels run's parameters, parsed once: the catalog entry resolves
// the strings (defaults filled, every value checked) and the launchers, the
// indexing view and `info` read these fields, not the strings again.
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/basics/vector_add_model.h"
#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

enum class BasicsExperiment {
    Hello,      // hello
    VectorAdd,  // vector-add
    Set0,       // set0-mul24
    Bandwidth,  // host-device-bandwidth
};

std::optional<BasicsExperiment> parseBasicsExperiment(std::string_view id);

struct HelloSettings {
    std::uint32_t grid = 0, block = 0;
    int repeats = 1;
};

struct VectorAddSettings {
    VectorAddShape shape;  // n, the launch and the bounds check
    std::uint32_t tracedBlocks = 0;
    bool crossoverSweep = false;
};

struct Set0Settings {
    std::uint64_t n = 0;
    std::uint32_t block = 0;
    bool mul24 = true;  // variant mul24; false: a plain multiply
};

struct BandwidthSettings {
    std::uint64_t minBytes = 0, maxBytes = 0;
    bool pinned = true, pageable = true;  // host_memory: both, pinned or pageable
};

struct BasicsSettings {
    BasicsExperiment experiment = BasicsExperiment::Hello;
    HelloSettings hello;
    VectorAddSettings vectorAdd;
    Set0Settings set0;
    BandwidthSettings bandwidth;
    ParamValues resolved;  // the same as the strings a trace keeps, defaults filled

    bool is(BasicsExperiment e) const { return experiment == e; }
};

// `params` as a caller passed them: resolved by the experiment's catalog
// entry, then typed. An experiment outside the lab is an error.
Result<BasicsSettings> basicsSettings(std::string_view experiment, const ParamValues& params);

// A run's settings, where it is a first-kernels run whose parameters the
// catalog accepts.
std::optional<BasicsSettings> basicsSettingsOf(const Run& run);

}  // namespace ws
