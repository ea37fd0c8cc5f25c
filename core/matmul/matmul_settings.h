#pragma once
// A matmul run's parameters, parsed once: the catalog entry resolves the
// strings (defaults filled, every value checked) and every later stop (the
// launchers, the records' reader, the access model, the plots' series) reads
// these fields, not the strings again.
#include <cstdint>
#include <optional>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/matmul/matmul_variants.h"
#include "core/run/run.h"

namespace ws {

struct MatmulSettings {
    MatmulVariant variant = MatmulVariant::SeedTiled;
    std::uint32_t n = 0;
    std::uint32_t blockDim = 8;  // the course's kernels' BLOCK_DIM
    std::uint32_t tracedBlocks = 0;
    ParamValues resolved;  // the same as the strings a trace keeps, defaults filled
};

// `params` as a caller passed them (only what a user changed, or a trace's
// whole set): resolved by the catalog entry, then typed.
Result<MatmulSettings> matmulSettings(const ParamValues& params);

// A run's settings, where it is a matmul run whose parameters the catalog
// accepts.
std::optional<MatmulSettings> matmulSettingsOf(const Run& run);

}  // namespace ws
