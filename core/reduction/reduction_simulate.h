#pragma once
// The reduction plan applied to values of any type with any associative
// operator: the views use it with Affine to show what a non-commutative
// operator does under each tree shape.
#include <vector>

#include "core/reduction/reduction_plan.h"

namespace ws {

// result[0] = leaves; result[k] = the slot array after step k. Every combine
// of a step reads the values from before the step. op(left, right) gets the
// dst slot's value as `left`; padding reads and out-of-range reads give
// `identity`. One slot per thread: leaves.size() is the block size.
template <typename T, typename Op>
std::vector<std::vector<T>> simulatePlan(TreeShape shape, const std::vector<T>& leaves, Op op,
                                         const T& identity) {
    std::vector<std::vector<T>> result{leaves};
    const auto plan = reductionPlan(shape, static_cast<std::uint32_t>(leaves.size()));
    result.reserve(plan.size() + 1);
    for (const PlanStep& step : plan) {
        const std::vector<T>& before = result.back();
        std::vector<T> after = before;
        for (const Combine& c : step.combines) {
            if (c.dst >= before.size()) continue;
            const T& right = (c.srcIsPadding || c.src >= before.size()) ? identity : before[c.src];
            after[c.dst] = op(before[c.dst], right);
        }
        result.push_back(std::move(after));
    }
    return result;
}

}  // namespace ws
