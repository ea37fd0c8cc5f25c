#include "core/memkinds/memkinds_settings.h"

#include "core/catalog/lab_settings.h"

namespace ws {

namespace {

using memkinds::LoadPath;
using memkinds::LocalKind;
using memkinds::TexturePath;

constexpr NameTable<MemkindsExperiment, 6> kExperiments{{{
    {MemkindsExperiment::Latency, "memory-latency"},
    {MemkindsExperiment::L2Distance, "l2-distance"},
    {MemkindsExperiment::Bandwidth, "memory-bandwidth"},
    {MemkindsExperiment::Constant, "constant-memory"},
    {MemkindsExperiment::Texture, "texture"},
    {MemkindsExperiment::Local, "local-memory"},
}}};

template <typename Enum>
Result<Enum> byName(const std::string& name, std::initializer_list<Enum> all,
                    const char* (*nameOf)(Enum), const char* what) {
    for (Enum e : all)
        if (name == nameOf(e)) return e;
    return makeError(std::string("the catalog's ") + what + " '" + name +
                     "' has no value in this build");
}

}  // namespace

std::optional<MemkindsExperiment> parseMemkindsExperiment(std::string_view id) {
    return kExperiments.parse(id);
}

Result<MemkindsSettings> memkindsSettings(std::string_view experiment, const ParamValues& params) {
    const auto which = parseMemkindsExperiment(experiment);
    auto resolved = resolveLabParams(experiment, which.has_value(), "memory kinds", params);
    if (!resolved) return makeError(resolved.error());
    const ParamValues& v = *resolved;
    MemkindsSettings s;
    s.experiment = *which;
    switch (s.experiment) {
        case MemkindsExperiment::Latency: {
            auto path = memkinds::loadPathFromName(paramChoice(v, "path"));
            if (!path) return makeError(path.error());
            s.latency = {.path = *path,
                         .strideBytes = std::uint32_t(paramInt(v, "stride")),
                         .minBytes = std::uint64_t(paramInt(v, "min_bytes")),
                         .maxBytes = std::uint64_t(paramInt(v, "max_bytes")),
                         .loads = std::uint64_t(paramInt(v, "loads")),
                         .pointsPerOctave = std::uint32_t(paramInt(v, "points_per_octave"))};
            break;
        }
        case MemkindsExperiment::L2Distance:
            s.l2 = {.bytes = std::uint64_t(paramInt(v, "bytes")),
                    .strideBytes = std::uint32_t(paramInt(v, "stride")),
                    .loads = std::uint64_t(paramInt(v, "loads"))};
            break;
        case MemkindsExperiment::Bandwidth:
            s.bandwidth = {.minBytes = std::uint64_t(paramInt(v, "min_bytes")),
                           .maxBytes = std::uint64_t(paramInt(v, "max_bytes")),
                           .block = std::uint32_t(paramInt(v, "block"))};
            break;
        case MemkindsExperiment::Constant:
            s.constant = {.distinct = std::uint32_t(paramInt(v, "distinct")),
                          .loads = std::uint32_t(paramInt(v, "loads"))};
            break;
        case MemkindsExperiment::Texture: {
            auto path = byName(paramChoice(v, "path"),
                               {TexturePath::Texture, TexturePath::Global, TexturePath::ReadOnly},
                               memkinds::texturePathName, "texture path");
            if (!path) return makeError(path.error());
            s.texture = {.size = std::uint32_t(paramInt(v, "size")),
                         .angleDegrees = paramFloat(v, "angle"),
                         .path = *path,
                         .block = std::uint32_t(paramInt(v, "block"))};
            break;
        }
        case MemkindsExperiment::Local: {
            auto kind = byName(paramChoice(v, "variant"),
                               {LocalKind::Registers, LocalKind::LocalIndexed, LocalKind::Spilled},
                               memkinds::localKindName, "local-memory variant");
            if (!kind) return makeError(kind.error());
            s.local = {.variant = *kind,
                       .n = std::uint32_t(paramInt(v, "n")),
                       .block = std::uint32_t(paramInt(v, "block")),
                       .sharedBytes = std::uint32_t(paramInt(v, "shared_kib")) * 1024};
            break;
        }
    }
    s.resolved = std::move(*resolved);
    return s;
}

std::optional<MemkindsSettings> memkindsSettingsOf(const Run& run) {
    return settingsOfRun(run, parseMemkindsExperiment(run.experiment).has_value(),
                         memkindsSettings);
}

}  // namespace ws
