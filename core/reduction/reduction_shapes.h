#pragma once
// What each reduction experiment reduces and which trees its kernels build:
// the element type its parameters select, and the TreeShape of each pass that
// the step records follow. The launchers, the GPU tests and the views read the
// same answers.
#include <cstdint>
#include <optional>
#include <string>

#include "core/common/reduction_values.h"
#include "core/common/result.h"
#include "core/reduction/reduction_plan.h"
#include "core/reduction/reduction_settings.h"
#include "core/run/run.h"

namespace ws {

std::uint32_t elementBytes(ElementKind kind);
std::uint32_t elementComponents(ElementKind kind);
std::string elementName(ElementKind kind);

// Run::texts key naming the inputs an affine run composed: "affine-mod-97".
// Traces recorded before it existed lack it and composed modulo 2^32.
inline constexpr const char* kInputSchemeKey = "inputScheme";
std::string affineSchemeName(AffineScheme scheme);  // "affine-mod-97", "affine-wrap-2^32"
// The run's scheme: Wrap32 when the key is absent, an error when it names a
// scheme this build does not know (a trace from a newer warpscope).
Result<AffineScheme> affineScheme(const Run& run);

struct TreePasses {
    bool recordsSteps = true;  // false for a library call (cub)
    TreeShape first = TreeShape::Sequential;
    std::uint32_t firstThreads = 0;
    // The merge by the last block, or the first warp over the warp results.
    std::optional<TreeShape> second;
    std::uint32_t secondThreads = 0;
};

// For every launch of the experiment (the re-launches of a multi-launch
// reduction build the same tree as the first).
TreePasses treePasses(const ReductionSettings& settings);

}  // namespace ws
