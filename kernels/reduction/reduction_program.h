#pragma once
// A reduction as the host runs it: the launches it makes (with what each one
// records), the scratch memory it needs, and how to enqueue one complete run.
// Each family of kernels builds one; reduction_driver.h times, verifies and
// records any of them the same way.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/common/result.h"
#include "kernels/common/record_layout.h"
#include "kernels/common/record_pointers.h"

namespace ws {

struct LaunchShape {
    std::string kernel;  // as the seed (or Harris, or CUB) names it
    std::uint64_t grid = 1;
    std::uint32_t block = 1;
    std::uint32_t sharedBytes = 0;
    bool recorded = true;  // false: a library call whose blocks we cannot see
    RecordLayout records;
};

template <typename T>
struct ReductionProgram {
    std::vector<LaunchShape> launches;
    std::uint64_t scratchBytes = 0;  // device memory beyond the input and the records
    // For the float rounding bound: the longest chain of additions is bounded
    // by reductionDepth(n, depthThreads, depthBlocks) (core/reduction/reduction_reference.h).
    std::uint64_t depthThreads = 1;
    std::uint64_t depthBlocks = 1;
    std::string depthNote;  // how the chain was bounded, for Verification.note

    std::function<Status()> setup;  // allocates the scratch memory, once
    // Before each run, outside the timed region (zeroing an atomic result).
    std::function<Status(cudaStream_t)> prepare;
    // One complete run: every launch, in order. `records` has one entry per
    // launch and is used only when `record` is true.
    std::function<Status(const T* input, bool record, std::span<const RecordPointers> records,
                         cudaStream_t stream)>
        enqueue;
    // Device address of the result after a run.
    std::function<const T*()> result;
};

}  // namespace ws

#include "core/common/reduction_values.h"
#include "kernels/reduction/reduction_shapes.h"

namespace ws {

template <typename T>
constexpr ElementKind kindOf() {
    if constexpr (std::is_same_v<T, Affine>)
        return ElementKind::Affine;
    else if constexpr (std::is_same_v<T, float>)
        return ElementKind::Float;
    else
        return ElementKind::Int32;
}

// A launch of `grid` blocks that records block records for every block, steps
// for `tracedBlocks` of them as `passes` describes, and tickets if `arrivals`.
inline LaunchShape makeLaunchShape(std::string kernel, std::uint64_t grid, std::uint32_t block,
                                   std::uint32_t sharedBytes, const TreePasses& passes,
                                   std::uint32_t tracedBlocks, ElementKind kind, bool arrivals) {
    LaunchShape shape;
    shape.kernel = std::move(kernel);
    shape.grid = grid;
    shape.block = block;
    shape.sharedBytes = sharedBytes;
    shape.records.grid = grid;
    shape.records.arrivals = arrivals;
    shape.records.steps = makeStepLayout(passes, grid, tracedBlocks, kind);
    return shape;
}

}  // namespace ws
