#pragma once
// The CPU model of a block's reduction where the trace holds no steps for it:
// the block's leaves computed from the reference input (seed 1) exactly as
// its kernel's load phase computes them, then its tree by simulatePlan, in the
// element type the GPU used, so float sums round the same way.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/common/result.h"
#include "core/reduction/reduction_shapes.h"
#include "core/reduction/reduction_tree_values.h"
#include "core/run/run.h"

namespace ws {

inline constexpr std::uint64_t kReductionSeed = 1;

// The run's input, generated once (up to 2^28 elements: do it off the UI thread).
struct ReductionData {
    ElementKind kind = ElementKind::Int32;
    AffineScheme affine = AffineScheme::Mod97;  // how `maps` were made and compose
    std::vector<std::uint32_t> ints;
    std::vector<float> floats;
    std::vector<Affine> maps;
    static std::shared_ptr<const ReductionData> make(ElementKind kind, std::uint64_t n,
                                                     AffineScheme affine = AffineScheme::Mod97);
    // The input `run` reduced: its element type, its n and, for affine maps,
    // the scheme the trace names (older traces: modulo 2^32).
    static Result<std::shared_ptr<const ReductionData>> forRun(const Run& run);
    static Result<std::shared_ptr<const ReductionData>> forRun(const Run& run,
                                                               const ReductionSettings& settings);
};

class BlockModel {
public:
    // Fails for experiments without a tree (cub) or whose loads the model does
    // not reproduce (best's vector loads).
    static Result<BlockModel> make(const Run& run, std::shared_ptr<const ReductionData> data);
    // The same with the run's settings already parsed.
    static Result<BlockModel> make(const Run& run, const ReductionSettings& settings,
                                   std::shared_ptr<const ReductionData> data);

    // The first pass of `block` in `launch`.
    Result<PassValues> firstPass(int launch, std::uint32_t block) const;
    // The second pass (the last block's merge, or the first warp over the warp
    // results of `block`), when the experiment has one.
    Result<PassValues> secondPass(int launch, std::uint32_t block) const;

private:
    const Run* m_run = nullptr;
    std::shared_ptr<const ReductionData> m_data;
    ReductionSettings m_settings;
    TreePasses m_passes;
    ElementKind m_kind = ElementKind::Int32;
    AffineScheme m_affine = AffineScheme::Mod97;
};

}  // namespace ws
