#pragma once
// A matmul-tc run's parameters, parsed once: the catalog entry resolves the
// strings (defaults filled, every value checked) and every later stop (the
// launcher, the views, the plots' series, a lesson's figures) reads these
// fields, not the strings again.
#include <cstdint>
#include <optional>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws {

struct TensorCoreSettings {
    TensorCoreVariant variant = TensorCoreVariant::Wmma;
    std::uint32_t n = 0;
    TensorCoreOutput output = TensorCoreOutput::F32;
    std::uint32_t tracedBlocks = 0;
    ParamValues resolved;  // the same as the strings a trace keeps, defaults filled
};

// `params` as a caller passed them (only what a user changed, or a trace's
// whole set): resolved by the catalog entry, then typed.
Result<TensorCoreSettings> tensorCoreSettings(const ParamValues& params);

// A run's settings, where it is a matmul-tc run whose parameters the catalog
// accepts.
std::optional<TensorCoreSettings> tensorCoreSettingsOf(const Run& run);

}  // namespace ws
