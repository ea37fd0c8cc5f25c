#include "core/basics/basics_settings.h"

#include <algorithm>

#include "core/catalog/lab_settings.h"

namespace ws {

namespace {

constexpr NameTable<BasicsExperiment, 4> kExperiments{{{
    {BasicsExperiment::Hello, "hello"},
    {BasicsExperiment::VectorAdd, "vector-add"},
    {BasicsExperiment::Set0, "set0-mul24"},
    {BasicsExperiment::Bandwidth, "host-device-bandwidth"},
}}};

// The seed's <<<2, (n + 1) / 2>>>, or the grid and block given (grid 0:
// enough blocks for n).
VectorAddShape vectorAddShapeOf(const ParamValues& v) {
    VectorAddShape s;
    s.n = std::uint64_t(std::max(1LL, paramInt(v, "n")));
    s.seedLaunch = paramChoice(v, "launch") != "grid-block";
    s.boundsCheck = paramChoice(v, "variant") != "no-bounds-check";
    if (s.seedLaunch) {
        s.grid = 2;
        s.block = (s.n + 1) / 2;
    } else {
        s.block = std::uint64_t(std::max(1LL, paramInt(v, "block")));
        const long long grid = paramInt(v, "grid");
        s.grid = grid > 0 ? std::uint64_t(grid) : (s.n + s.block - 1) / s.block;
    }
    return s;
}

}  // namespace

std::optional<BasicsExperiment> parseBasicsExperiment(std::string_view id) {
    return kExperiments.parse(id);
}

Result<BasicsSettings> basicsSettings(std::string_view experiment, const ParamValues& params) {
    const auto which = parseBasicsExperiment(experiment);
    auto resolved = resolveLabParams(experiment, which.has_value(), "first-kernels", params);
    if (!resolved) return makeError(resolved.error());
    const ParamValues& v = *resolved;
    BasicsSettings s;
    s.experiment = *which;
    switch (s.experiment) {
        case BasicsExperiment::Hello:
            s.hello.grid = std::uint32_t(paramInt(v, "grid"));
            s.hello.block = std::uint32_t(paramInt(v, "block"));
            s.hello.repeats = int(paramInt(v, "repeats"));
            break;
        case BasicsExperiment::VectorAdd:
            s.vectorAdd.shape = vectorAddShapeOf(v);
            s.vectorAdd.tracedBlocks = std::uint32_t(paramInt(v, "traced_blocks"));
            s.vectorAdd.crossoverSweep = paramChoice(v, "crossover_sweep") == "on";
            break;
        case BasicsExperiment::Set0:
            s.set0.n = std::uint64_t(paramInt(v, "n"));
            s.set0.block = std::uint32_t(paramInt(v, "block"));
            s.set0.mul24 = paramChoice(v, "variant") != "multiply";
            break;
        case BasicsExperiment::Bandwidth: {
            s.bandwidth.minBytes = std::uint64_t(paramInt(v, "min_bytes"));
            s.bandwidth.maxBytes = std::uint64_t(paramInt(v, "max_bytes"));
            const std::string& kinds = paramChoice(v, "host_memory");
            s.bandwidth.pageable = kinds != "pinned";
            s.bandwidth.pinned = kinds != "pageable";
            break;
        }
    }
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<BasicsSettings> basicsSettingsOf(const Run& run) {
    return settingsOfRun(run, parseBasicsExperiment(run.experiment).has_value(), basicsSettings);
}

}  // namespace ws
