#pragma once
// A reduction run's parameters, parsed once: the catalog entry resolves the
// strings (defaults filled, every value and rule checked) and every later
// stop (the launchers, the CPU cost, the block model, the trees, the ladder's
// bars) reads these fields, not the strings again.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

enum class ReductionExperiment {
    SingleBlock,         // reduce-single-block
    SingleBlockNoncomm,  // reduce-single-block-noncomm
    MultiBlock,          // reduce-multi-block
    LastBlock,           // reduce-last-block
    MultiBlockNoncomm,   // reduce-multi-block-noncomm
    Warp,                // reduce-warp
    Ladder,              // reduce-ladder
};

// The reduction experiments' catalog ids, in the order above.
std::optional<ReductionExperiment> parseReductionExperiment(std::string_view id);
std::string_view reductionExperimentId(ReductionExperiment experiment);

// type=int32|float, op=add|affine (op=affine means affine maps of int32).
enum class ElementKind { Int32, Float, Affine };

// The `variant` of reduce-warp and of reduce-ladder; None for the others.
enum class ReductionVariant {
    None,
    // reduce-warp
    Comm,           // comm
    CommCompact,    // comm-compact
    Noncomm,        // noncomm
    NoncommPadded,  // noncomm-padded
    Shuffle,        // shuffle
    // reduce-ladder: Harris's rungs, then the lab's best kernel and CUB
    InterleavedDivergent,  // interleaved-divergent
    InterleavedStrided,    // interleaved-strided
    Sequential,            // sequential
    FirstAdd,              // first-add
    UnrollLastWarp,        // unroll-last-warp
    CompleteUnroll,        // complete-unroll
    MultiElement,          // multi-element
    Best,                  // best
    Cub,                   // cub
};

std::optional<ReductionVariant> parseReductionVariant(std::string_view name);
std::string_view reductionVariantName(ReductionVariant variant);  // "" for None

struct ReductionSettings {
    ReductionExperiment experiment = ReductionExperiment::SingleBlock;
    std::uint64_t n = 0;
    std::uint32_t block = 0;
    // Blocks in the first launch of the many-block experiments; 0 means
    // twice the SMs (the launcher knows the device). 0 for the others.
    std::uint64_t grid = 0;
    ElementKind element = ElementKind::Int32;
    ReductionVariant variant = ReductionVariant::None;
    std::uint64_t perThread = 1;  // reduce-ladder's per_thread; 1 for the others
    std::uint32_t tracedBlocks = 0;
    ParamValues resolved;  // the same as the strings a trace keeps, defaults filled

    bool is(ReductionExperiment e) const { return experiment == e; }
};

// `params` as a caller passed them (only what a user changed, or a trace's
// whole set): resolved by the experiment's catalog entry, then typed. An
// experiment that is no reduction is an error.
Result<ReductionSettings> reductionSettings(std::string_view experiment, const ParamValues& params);

// A run's settings, where it is a reduction run whose parameters the
// catalog accepts.
std::optional<ReductionSettings> reductionSettingsOf(const Run& run);

}  // namespace ws
