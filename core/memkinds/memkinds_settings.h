#pragma once
// A memory-kinds run's parameters, parsed once: the catalog entry resolves
// the strings (defaults filled, every value checked) and the launchers, the
// plots and `info` read these fields, not the strings again.
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/common/result.h"
#include "core/memkinds/memkinds_tables.h"
#include "core/run/run.h"

namespace ws {

enum class MemkindsExperiment {
    Latency,     // memory-latency
    L2Distance,  // l2-distance
    Bandwidth,   // memory-bandwidth
    Constant,    // constant-memory
    Texture,     // texture
    Local,       // local-memory
};

std::optional<MemkindsExperiment> parseMemkindsExperiment(std::string_view id);

struct LatencySweepSettings {
    memkinds::LoadPath path = memkinds::LoadPath::Global;
    std::uint32_t strideBytes = 0;
    std::uint64_t minBytes = 0, maxBytes = 0;
    std::uint64_t loads = 0;
    std::uint32_t pointsPerOctave = 1;
};

struct L2DistanceSettings {
    std::uint64_t bytes = 0;
    std::uint32_t strideBytes = 0;
    std::uint64_t loads = 0;
};

struct BandwidthSweepSettings {
    std::uint64_t minBytes = 0, maxBytes = 0;
    std::uint32_t block = 0;
};

struct ConstantSettings {
    std::uint32_t distinct = 0;  // indices a warp reads at once
    std::uint32_t loads = 0;
};

struct TextureSettings {
    std::uint32_t size = 0;  // pixels on a side
    double angleDegrees = 0;
    memkinds::TexturePath path = memkinds::TexturePath::Texture;
    std::uint32_t block = 0;
};

struct LocalSettings {
    memkinds::LocalKind variant = memkinds::LocalKind::LocalIndexed;
    std::uint32_t n = 0;  // threads
    std::uint32_t block = 0;
    std::uint32_t sharedBytes = 0;  // shared_kib in bytes
};

struct MemkindsSettings {
    MemkindsExperiment experiment = MemkindsExperiment::Latency;
    LatencySweepSettings latency;
    L2DistanceSettings l2;
    BandwidthSweepSettings bandwidth;
    ConstantSettings constant;
    TextureSettings texture;
    LocalSettings local;
    ParamValues resolved;  // the same as the strings a trace keeps, defaults filled

    bool is(MemkindsExperiment e) const { return experiment == e; }
};

// `params` as a caller passed them: resolved by the experiment's catalog
// entry, then typed. An experiment outside the lab is an error.
Result<MemkindsSettings> memkindsSettings(std::string_view experiment, const ParamValues& params);

// A run's settings, where it is a memory-kinds run whose parameters the
// catalog accepts.
std::optional<MemkindsSettings> memkindsSettingsOf(const Run& run);

}  // namespace ws
