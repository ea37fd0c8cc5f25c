#pragma once
// The values of one traced (or modelled) block's reduction tree, pass by pass:
// the slot array after every step, where they came from (measured on the GPU
// or computed by the CPU model), and the active lanes per warp and step.
// The tree view draws these; the tests compare their root with the run's
// verified result.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/common/reduction_values.h"
#include "core/reduction/reduction_plan.h"
#include "core/run/run.h"

namespace ws {

// One lane's value: 1 number for scalars, 2 for an affine map (a, b).
struct TreeValue {
    std::array<double, 2> c{0, 0};
    bool operator==(const TreeValue&) const = default;
};

enum class ValueSource { Measured, CpuModel };

struct PassValues {
    TreeShape shape = TreeShape::Sequential;
    std::uint32_t threads = 0;
    std::uint32_t components = 1;
    std::uint32_t firstStep = 0;  // record step of this pass's load: 0, or L+1 for a second pass
    std::uint32_t block = 0;      // the block whose threads did this pass
    bool merge = false;           // a second pass (merge of partials or of warp results)
    ValueSource source = ValueSource::CpuModel;
    // How two affine maps (components == 2) combine: the run's scheme.
    AffineScheme affine = AffineScheme::Mod97;
    std::vector<PlanStep> plan;
    std::vector<std::vector<TreeValue>> levels;  // [level][slot]; level 0 = loaded leaves
    std::uint32_t levelCount() const { return std::uint32_t(levels.size()); }
    const TreeValue& value(std::uint32_t level, std::uint32_t slot) const {
        return levels[level][slot];
    }
    // Where the pass leaves its result: slot 0 (warp shapes: lane 0 of each warp).
    TreeValue root() const { return levels.empty() ? TreeValue{} : levels.back()[0]; }
};

struct BlockTrees {
    std::vector<PassValues> passes;  // the block's own tree, then the merge if it has one
    std::string note;                // why a pass could not be shown, for the view to say
};

std::string valueText(const TreeValue& v, std::uint32_t components);
TreeValue toTreeValue(std::uint32_t v);
TreeValue toTreeValue(float v);
TreeValue toTreeValue(Affine v);
Affine toAffine(const TreeValue& v);

// The pass read from a launch's step records: every warp of `block` must be
// recorded for steps firstStep .. firstStep + plan size, else nullopt.
std::optional<PassValues> measuredPass(const Launch& launch, std::uint32_t block, TreeShape shape,
                                       std::uint32_t threads, std::uint32_t firstStep);

}  // namespace ws
