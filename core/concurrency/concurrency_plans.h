#pragma once
// How the concurrency lab's experiments cut their work, decided from the
// parameters alone, so the catalog refuses what cannot run before a launcher
// sees it and the tests check the arithmetic on the CPU.
#include <cstdint>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"

namespace ws {

// Grids nest at most 24 levels deep on every device with dynamic parallelism.
inline constexpr std::uint32_t kMaxLaunchDepth = 24;
// The size of the seed's `__device__ __managed__ float c[SIZE]` in warpscope.
inline constexpr std::uint64_t kManagedVariableElements = 65536;

struct ElementRange {
    std::uint64_t offset = 0;
    std::uint64_t count = 0;
};

// n elements cut into `parts` ranges as even as possible (the first n % parts
// one element longer), in order.
std::vector<ElementRange> splitEvenly(std::uint64_t n, std::uint64_t parts);

struct StreamsPlan {
    bool dot = false;    // mode=dot: one part per stream, one host thread per part
    bool pinned = true;  // host_memory=pinned
    std::uint64_t n = 0;
    std::uint32_t streams = 1;
    std::uint32_t block = 256;
    std::uint32_t kernelWork = 0;      // 0: balanced with the copies at run time
    std::vector<ElementRange> chunks;  // pipeline: the chunks; dot: one per stream
    std::uint32_t streamOf(std::size_t chunk) const { return std::uint32_t(chunk % streams); }
};

// From resolved parameters of `streams`; refuses streams without work.
Result<StreamsPlan> planStreams(const ParamValues& params);

// The seed's reduction launching itself: level l sums blocks of `block`
// values of level l - 1 into one partial each, until one block is left.
struct RecursiveReductionPlan {
    std::uint32_t block = 256;
    std::vector<std::uint64_t> inputs;  // per level: values it reduces (level 0: n)
    std::vector<std::uint64_t> grids;   // per level: blocks, ceil(inputs / block)
    std::uint32_t levels() const { return std::uint32_t(grids.size()); }
    // Depth of the deepest launch: the host launches level 0 at depth 0.
    std::uint32_t deepest() const { return levels() - 1; }
};

// Refuses a size whose reduction needs launches deeper than maxDepth, naming
// both.
Result<RecursiveReductionPlan> planRecursiveReduction(std::uint64_t n, std::uint32_t block,
                                                      std::uint32_t maxDepth);

// Refuses `pending` device launches outstanding at once when the device allows
// `limit` (cudaLimitDevRuntimePendingLaunchCount); `what` says who asks.
Status checkPendingLaunches(const std::string& what, std::uint64_t pending, std::uint64_t limit);

}  // namespace ws
