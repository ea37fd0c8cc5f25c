#pragma once
// The reduction tree of each variant as the algorithm defines it: which thread
// combines which two shared-memory slots at each step. The GPU tests compare
// the recorded steps (active lanes, values) with this model, and the views
// draw the tree from it.
//
// Step semantics (the same in kernels/ and here): step 0 is the load phase
// (a lane is active if its thread read at least one input element); steps
// 1..L are the iterations of the combining loop. For each traced block, each
// warp records per step the value of its threads' own slot sdata[tid] (or the
// register for shuffle variants) before and after the step, the ballot of the
// lanes that combined, and clock64 at the step's start.
#include <cstdint>
#include <string>
#include <vector>

namespace ws {

enum class TreeShape {
    Sequential,              // tid < s: sdata[tid] op= sdata[tid + s], s = B/2 .. 1
    InterleavedDivergent,    // tid % (2s) == 0: sdata[tid] op= sdata[tid + s], s = 1 .. B/2
    InterleavedStrided,      // i = 2*s*tid, i + s < B: sdata[i] op= sdata[i + s], s = 1 .. B/2
    SequentialUnrolledWarp,  // sequential while s > 32, then lanes 0..31 for s = 32 .. 1
    WarpComm,                // per warp: lane < k: v[lane] op= v[lane + k], k = 16 .. 1
    WarpCommCompact,         // per warp: lane < 16 for every k = 16 .. 1
    WarpNoncomm,             // per warp: lane % (2k) == 0: v[lane] op= v[lane + k], k = 1 .. 16
    WarpNoncommPadded,       // per warp: every lane, k = 1 .. 16, v[32..47] = identity
    WarpShuffleUp,           // per warp: v[lane] op= v[lane + k] if lane + k < 32, k = 1 .. 16
    WarpShuffleDown,         // per warp: as WarpShuffleUp with k = 16 .. 1 (commutative only)
};

struct Combine {
    std::uint32_t thread;  // thread index in the block that does the work
    std::uint32_t dst;     // slot written (left operand)
    std::uint32_t src;     // slot read (right operand)
    // WarpNoncommPadded only: the read lies in the warp's padding (lane + k
    // >= 32) and yields the identity; `src` is then warp * 32 + lane + k,
    // the index the warp's array would have if it continued.
    bool srcIsPadding = false;
};

struct PlanStep {
    std::uint32_t stride;           // s or k of the loop
    std::vector<Combine> combines;  // in thread order
    bool barrier;                   // __syncthreads after it (false: warp-synchronous)
};

// Steps 1..L of the combining loop for a block of `threads` (step 0, the load,
// is not part of the plan). Warp shapes apply to every warp of the block with
// slots relative to the block. Combines within a step read the values from
// before the step (lockstep / barrier semantics). A block size the shape
// does not support (see planSupports) gives an empty plan.
std::vector<PlanStep> reductionPlan(TreeShape shape, std::uint32_t threads);

// Block shapes need a power of two (SequentialUnrolledWarp at least 64, as it
// reads sdata[tid + 32]); warp shapes need a non-zero multiple of 32.
bool planSupports(TreeShape shape, std::uint32_t threads);

// Shapes whose left operand always covers earlier elements than the right
// one, so they are correct for associative, non-commutative operators.
bool preservesOrder(TreeShape shape);

// Active-lane mask of warp `warp` in a step: lanes whose thread combines.
std::uint32_t activeMask(const PlanStep& step, std::uint32_t warp);

// Applies the plan to leaf values with +: result[0] is the leaves, result[k]
// the slot array after step k. Warp shapes leave each warp's total in its
// lane 0. Any operator and element type: simulatePlan in reduction_simulate.h.
std::vector<std::vector<double>> simulateSums(TreeShape shape, const std::vector<double>& leaves);

std::string treeShapeName(TreeShape shape);

}  // namespace ws
