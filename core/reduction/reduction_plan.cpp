#include "core/reduction/reduction_plan.h"

#include "core/reduction/reduction_simulate.h"

namespace ws {

namespace {

constexpr std::uint32_t kLanes = 32;

bool isPowerOfTwo(std::uint32_t v) { return v != 0 && (v & (v - 1)) == 0; }

bool isWarpShape(TreeShape shape) {
    switch (shape) {
        case TreeShape::WarpComm:
        case TreeShape::WarpCommCompact:
        case TreeShape::WarpNoncomm:
        case TreeShape::WarpNoncommPadded:
        case TreeShape::WarpShuffleUp:
        case TreeShape::WarpShuffleDown:
            return true;
        default:
            return false;
    }
}

// One step of a warp shape, repeated over every warp of the block.
// `lanePredicate(lane, k)` says whether the lane combines v[lane + k].
template <typename Predicate>
PlanStep warpStep(std::uint32_t threads, std::uint32_t k, bool padded, Predicate lanePredicate) {
    PlanStep step{k, {}, false};
    for (std::uint32_t warp = 0; warp < threads / kLanes; ++warp) {
        for (std::uint32_t lane = 0; lane < kLanes; ++lane) {
            if (!lanePredicate(lane, k)) continue;
            const std::uint32_t base = warp * kLanes;
            step.combines.push_back(
                {base + lane, base + lane, base + lane + k, padded && lane + k >= kLanes});
        }
    }
    return step;
}

std::vector<PlanStep> warpPlan(TreeShape shape, std::uint32_t threads) {
    std::vector<PlanStep> plan;
    const bool ascending = shape == TreeShape::WarpNoncomm ||
                           shape == TreeShape::WarpNoncommPadded ||
                           shape == TreeShape::WarpShuffleUp;
    for (std::uint32_t i = 0; i < 5; ++i) {
        const std::uint32_t k = ascending ? (1u << i) : (16u >> i);
        switch (shape) {
            case TreeShape::WarpComm:
                plan.push_back(warpStep(threads, k, false, [](auto l, auto k) { return l < k; }));
                break;
            case TreeShape::WarpCommCompact:
                plan.push_back(warpStep(threads, k, false, [](auto l, auto) { return l < 16; }));
                break;
            case TreeShape::WarpNoncomm:
                plan.push_back(
                    warpStep(threads, k, false, [](auto l, auto k) { return l % (2 * k) == 0; }));
                break;
            case TreeShape::WarpNoncommPadded:
                plan.push_back(warpStep(threads, k, true, [](auto, auto) { return true; }));
                break;
            case TreeShape::WarpShuffleUp:
            case TreeShape::WarpShuffleDown:
                // __shfl_down_sync hands a lane whose source is past lane 31 its
                // own value; the kernels skip the combine there, so the lane
                // keeps its value and is not active.
                plan.push_back(
                    warpStep(threads, k, false, [](auto l, auto k) { return l + k < kLanes; }));
                break;
            default:
                break;
        }
    }
    return plan;
}

PlanStep sequentialStep(std::uint32_t s, std::uint32_t activeThreads, bool barrier) {
    PlanStep step{s, {}, barrier};
    for (std::uint32_t t = 0; t < activeThreads; ++t) step.combines.push_back({t, t, t + s});
    return step;
}

std::vector<PlanStep> blockPlan(TreeShape shape, std::uint32_t threads) {
    std::vector<PlanStep> plan;
    switch (shape) {
        case TreeShape::Sequential:
            for (std::uint32_t s = threads / 2; s > 0; s /= 2)
                plan.push_back(sequentialStep(s, s, true));
            break;
        case TreeShape::SequentialUnrolledWarp:
            for (std::uint32_t s = threads / 2; s > kLanes; s /= 2)
                plan.push_back(sequentialStep(s, s, true));
            // The last warp runs without barriers and without "if (tid < s)":
            // all 32 lanes add, the upper ones into slots nobody reads again.
            for (std::uint32_t s = kLanes; s > 0; s /= 2)
                plan.push_back(sequentialStep(s, kLanes, false));
            break;
        case TreeShape::InterleavedDivergent:
            for (std::uint32_t s = 1; s < threads; s *= 2) {
                PlanStep step{s, {}, true};
                for (std::uint32_t t = 0; t < threads; t += 2 * s)
                    step.combines.push_back({t, t, t + s});
                plan.push_back(std::move(step));
            }
            break;
        case TreeShape::InterleavedStrided:
            for (std::uint32_t s = 1; s < threads; s *= 2) {
                PlanStep step{s, {}, true};
                for (std::uint32_t t = 0; std::uint64_t(2) * s * t + s < threads; ++t)
                    step.combines.push_back({t, 2 * s * t, 2 * s * t + s});
                plan.push_back(std::move(step));
            }
            break;
        default:
            break;
    }
    return plan;
}

}  // namespace

bool planSupports(TreeShape shape, std::uint32_t threads) {
    if (isWarpShape(shape)) return threads > 0 && threads % kLanes == 0;
    if (shape == TreeShape::SequentialUnrolledWarp) return isPowerOfTwo(threads) && threads >= 64;
    return isPowerOfTwo(threads);
}

bool preservesOrder(TreeShape shape) {
    return shape == TreeShape::InterleavedDivergent || shape == TreeShape::InterleavedStrided ||
           shape == TreeShape::WarpNoncomm || shape == TreeShape::WarpNoncommPadded ||
           shape == TreeShape::WarpShuffleUp;
}

std::vector<PlanStep> reductionPlan(TreeShape shape, std::uint32_t threads) {
    if (!planSupports(shape, threads)) return {};
    return isWarpShape(shape) ? warpPlan(shape, threads) : blockPlan(shape, threads);
}

std::uint32_t activeMask(const PlanStep& step, std::uint32_t warp) {
    std::uint32_t mask = 0;
    for (const Combine& c : step.combines)
        if (c.thread / kLanes == warp) mask |= 1u << (c.thread % kLanes);
    return mask;
}

std::vector<std::vector<double>> simulateSums(TreeShape shape, const std::vector<double>& leaves) {
    return simulatePlan(
        shape, leaves, [](double a, double b) { return a + b; }, 0.0);
}

std::string treeShapeName(TreeShape shape) {
    switch (shape) {
        case TreeShape::Sequential:
            return "sequential";
        case TreeShape::InterleavedDivergent:
            return "interleaved-divergent";
        case TreeShape::InterleavedStrided:
            return "interleaved-strided";
        case TreeShape::SequentialUnrolledWarp:
            return "sequential-unrolled-warp";
        case TreeShape::WarpComm:
            return "warp-comm";
        case TreeShape::WarpCommCompact:
            return "warp-comm-compact";
        case TreeShape::WarpNoncomm:
            return "warp-noncomm";
        case TreeShape::WarpNoncommPadded:
            return "warp-noncomm-padded";
        case TreeShape::WarpShuffleUp:
            return "warp-shuffle-up";
        case TreeShape::WarpShuffleDown:
            return "warp-shuffle-down";
    }
    return "unknown";
}

}  // namespace ws
