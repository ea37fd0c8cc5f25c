#pragma once
// A memory-lab run's parameters, parsed once: the catalog entry resolves the
// strings (defaults filled, every value and rule checked) and every later
// stop (the launchers, the access model, the conflict prediction, the CPU
// cost, the views) reads these fields, not the strings again.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/common/result.h"
#include "core/memory/memory_reference.h"
#include "core/run/run.h"

namespace ws {

enum class MemoryExperiment {
    TransposeU8,       // transpose-u8
    TransposeF32,      // transpose-f32
    ReduceColumns,     // reduce-columns
    ReduceRowsAtomic,  // reduce-rows-atomic
    ReduceRowsBlock,   // reduce-rows-block
    BankProbe,         // bank-probe
};

std::optional<MemoryExperiment> parseMemoryExperiment(std::string_view id);
std::string_view memoryExperimentId(MemoryExperiment experiment);

// The transposes' `variant`: transpose-u8 has naive, shared and padded;
// transpose-f32 copy, naive, tiled, padded and best.
enum class TransposeVariant { Copy, Naive, Shared, Tiled, Padded, Best };

std::optional<TransposeVariant> parseTransposeVariant(std::string_view name);
std::string_view transposeVariantName(TransposeVariant variant);

// The bank-conflict probe's parameters and the warp's access they make.
struct BankProbeSettings {
    std::uint32_t strideElements = 0;
    std::uint32_t widthBytes = 4;
    std::uint32_t paddingBytes = 0;
    std::string tile = "none";       // "none" or RxC
    std::string pattern = "stride";  // stride or column
    ProbePattern access;             // from bankProbePattern, checked by the catalog
};

struct MemorySettings {
    MemoryExperiment experiment = MemoryExperiment::TransposeU8;
    // The image or matrix (every experiment but the probe): width by height.
    std::uint32_t width = 0, height = 0;
    TransposeVariant variant = TransposeVariant::Naive;  // the transposes
    std::uint32_t rowsPerThread = 1;                     // transpose-f32
    std::uint32_t block = 0;                             // the axis reductions' threads
    std::uint32_t tracedBlocks = 0;
    BankProbeSettings probe;  // bank-probe
    ParamValues resolved;     // the same as the strings a trace keeps, defaults filled

    bool is(MemoryExperiment e) const { return experiment == e; }
    bool isTranspose() const {
        return is(MemoryExperiment::TransposeU8) || is(MemoryExperiment::TransposeF32);
    }
    std::string_view id() const { return memoryExperimentId(experiment); }
};

// `params` as a caller passed them (only what a user changed, or a trace's
// whole set): resolved by the experiment's catalog entry, then typed. An
// experiment outside the memory lab is an error.
Result<MemorySettings> memorySettings(std::string_view experiment, const ParamValues& params);

// A run's settings, where it is a memory-lab run whose parameters the
// catalog accepts.
std::optional<MemorySettings> memorySettingsOf(const Run& run);

}  // namespace ws
