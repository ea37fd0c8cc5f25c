#include "core/concurrency/concurrency_plans.h"

#include <algorithm>

namespace ws {

std::vector<ElementRange> splitEvenly(std::uint64_t n, std::uint64_t parts) {
    std::vector<ElementRange> ranges;
    if (parts == 0) return ranges;
    const std::uint64_t base = n / parts, longer = n % parts;
    std::uint64_t offset = 0;
    for (std::uint64_t k = 0; k < parts; ++k) {
        const std::uint64_t count = base + (k < longer ? 1 : 0);
        ranges.push_back({offset, count});
        offset += count;
    }
    return ranges;
}

Result<StreamsPlan> planStreams(const ParamValues& v) {
    StreamsPlan plan;
    plan.dot = paramChoice(v, "mode") == "dot";
    plan.pinned = paramChoice(v, "host_memory") != "pageable";
    plan.n = std::uint64_t(paramInt(v, "n"));
    plan.streams = std::uint32_t(paramInt(v, "streams"));
    plan.block = std::uint32_t(paramInt(v, "block"));
    plan.kernelWork = std::uint32_t(paramInt(v, "kernel_work"));
    const std::uint64_t chunks = plan.dot ? plan.streams : std::uint64_t(paramInt(v, "chunks"));
    if (plan.streams == 0 || chunks == 0) return makeError("streams and chunks must be at least 1");
    if (chunks > plan.n)
        return makeError((plan.dot ? "streams=" : "chunks=") + std::to_string(chunks) +
                         " is more than the n=" + std::to_string(plan.n) + " elements to share");
    if (!plan.dot && plan.streams > chunks)
        return makeError("streams=" + std::to_string(plan.streams) +
                         " with chunks=" + std::to_string(chunks) + " leaves " +
                         std::to_string(plan.streams - chunks) + " streams without a chunk");
    plan.chunks = splitEvenly(plan.n, chunks);
    return plan;
}

Result<RecursiveReductionPlan> planRecursiveReduction(std::uint64_t n, std::uint32_t block,
                                                      std::uint32_t maxDepth) {
    if (n == 0 || block == 0) return makeError("the reduction needs n >= 1 and block >= 1");
    RecursiveReductionPlan plan;
    plan.block = block;
    std::uint64_t values = n;
    while (true) {
        const std::uint64_t grid = (values + block - 1) / block;
        plan.inputs.push_back(values);
        plan.grids.push_back(grid);
        if (grid == 1) break;
        values = grid;
    }
    const std::uint32_t limit = std::min(maxDepth, kMaxLaunchDepth);
    if (plan.deepest() > limit)
        return makeError("n=" + std::to_string(n) + " with block=" + std::to_string(block) +
                         " needs " + std::to_string(plan.levels()) +
                         " levels, launched down to depth " + std::to_string(plan.deepest()) +
                         "; max_depth=" + std::to_string(maxDepth) + " allows depth " +
                         std::to_string(limit));
    return plan;
}

Status checkPendingLaunches(const std::string& what, std::uint64_t pending, std::uint64_t limit) {
    if (pending <= limit) return {};
    return makeError(what + " leaves " + std::to_string(pending) +
                     " device launches pending at once; the device's pending-launch limit "
                     "(cudaLimitDevRuntimePendingLaunchCount) is " +
                     std::to_string(limit));
}

}  // namespace ws
