#pragma once
// What the tensor-core views read off any run before they draw: whether it is
// the tensor-core product's (matmul-tc), which variant, and the ring's stage
// count it stored. Qt-free.
#include <cstdint>
#include <optional>
#include <string>

#include "core/run/run.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws {

// The variant of a matmul-tc run (the catalog's default where the run's
// parameters leave it out); nothing for any other run or an unknown id.
std::optional<TensorCoreVariant> tensorCoreVariantOf(const Run& run);
// The variant's catalog id, or the run's own value when it is not one.
std::string tensorCoreVariantName(const Run& run);
// The stages of the ring the run stored (figure "stages"), else the TMA
// rungs' four.
std::uint32_t pipelineStagesOf(const Run& run);

}  // namespace ws
