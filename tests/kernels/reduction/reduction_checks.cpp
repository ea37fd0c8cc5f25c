#include "tests/kernels/reduction/reduction_checks.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "core/catalog/catalog.h"
#include "core/common/reduction_values.h"
#include "core/reduction/reduction_plan.h"
#include "core/reduction/reduction_reference.h"
#include "core/reduction/reduction_simulate.h"
#include "core/trace/trace_io.h"
#include "kernels/reduction/reduction_runner.h"
#include "kernels/reduction/reduction_shapes.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::test {

const std::vector<std::uint64_t>& smallSizes() {
    static const std::vector<std::uint64_t> sizes{1, 31, 32, 33, 1000, (1u << 20) + 7};
    return sizes;
}

std::string assignment(const char* name, std::uint64_t value) {
    return std::string(name) + "=" + std::to_string(value);
}

namespace {

// Lane values of a record back in the kernel's element type.
template <typename T>
T laneValue(const std::vector<double>& values, std::size_t record, std::uint32_t lane,
            std::uint32_t components) {
    const std::size_t at = (record * 32 + lane) * components;
    if constexpr (std::is_same_v<T, Affine>)
        return Affine{std::uint32_t(values[at]), std::uint32_t(values[at + 1])};
    else
        return T(values[at]);
}

template <typename T>
T identity() {
    if constexpr (std::is_same_v<T, Affine>)
        return affineIdentity();
    else
        return T(0);
}

template <typename T>
T apply(const T& a, const T& b) {
    if constexpr (std::is_same_v<T, Affine>)
        return combine(a, b);
    else
        return T(a + b);  // uint32 wraps, float in float: the kernel's own arithmetic
}

template <typename T>
std::string show(const T& v) {
    if constexpr (std::is_same_v<T, Affine>)
        return toText(v);  // "12*x + 21 mod 97", as the verification writes it
    else
        return std::to_string(v);
}

using RecordIndex = std::map<std::pair<std::uint32_t, std::uint32_t>,  // (block, step)
                             std::map<std::uint32_t, std::size_t>>;    // warp -> record

// One pass of one block: steps [base, base + 1 + plan) against the plan and
// its simulation from the recorded leaves (the values after step 0).
template <typename T>
void checkPass(const StepRecords& steps, const RecordIndex& index, std::uint32_t block,
               std::uint32_t base, TreeShape shape, std::uint32_t threads) {
    SCOPED_TRACE("block " + std::to_string(block) + ", " + treeShapeName(shape) + " over " +
                 std::to_string(threads) + " threads, steps from " + std::to_string(base));
    const auto plan = reductionPlan(shape, threads);
    ASSERT_FALSE(plan.empty());
    const std::uint32_t warps = threads / 32;
    const std::uint32_t c = steps.components;
    auto record = [&](std::uint32_t step, std::uint32_t warp) -> std::optional<std::size_t> {
        auto it = index.find({block, base + step});
        if (it == index.end()) return std::nullopt;
        auto w = it->second.find(warp);
        if (w == it->second.end()) return std::nullopt;
        return w->second;
    };
    std::vector<T> leaves(threads);
    for (std::uint32_t w = 0; w < warps; ++w) {
        auto r = record(0, w);
        ASSERT_TRUE(r) << "no load record for warp " << w;
        for (std::uint32_t lane = 0; lane < 32; ++lane) {
            leaves[w * 32 + lane] = laneValue<T>(steps.after, *r, lane, c);
            EXPECT_TRUE(laneValue<T>(steps.before, *r, lane, c) == identity<T>());
            if (!(steps.activeMask[*r] >> lane & 1u)) {
                EXPECT_TRUE(leaves[w * 32 + lane] == identity<T>())
                    << "lane " << lane << " of warp " << w << " loaded nothing but holds "
                    << show(leaves[w * 32 + lane]);
            }
        }
    }
    const auto simulated = simulatePlan(shape, leaves, apply<T>, identity<T>());
    ASSERT_EQ(simulated.size(), plan.size() + 1);
    for (std::uint32_t s = 1; s <= plan.size(); ++s)
        for (std::uint32_t w = 0; w < warps; ++w) {
            auto r = record(s, w);
            auto previous = record(s - 1, w);
            ASSERT_TRUE(r && previous) << "no record for step " << s << " warp " << w;
            EXPECT_EQ(steps.activeMask[*r], activeMask(plan[s - 1], w))
                << "step " << s << " warp " << w;
            int wrong = 0;
            for (std::uint32_t lane = 0; lane < 32 && wrong < 3; ++lane) {
                const T after = laneValue<T>(steps.after, *r, lane, c);
                const T before = laneValue<T>(steps.before, *r, lane, c);
                const T expected = simulated[s][w * 32 + lane];
                if (!(after == expected) ||
                    !(before == laneValue<T>(steps.after, *previous, lane, c))) {
                    ++wrong;
                    ADD_FAILURE() << "step " << s << " warp " << w << " lane " << lane
                                  << ": recorded " << show(before) << " -> " << show(after)
                                  << ", simulated " << show(expected);
                }
            }
        }
}

template <typename T>
void checkSteps(const Launch& launch, const TreePasses& passes, std::uint32_t tracedCount) {
    const StepRecords& steps = launch.steps;
    if (!passes.recordsSteps || tracedCount == 0) {
        EXPECT_EQ(steps.size(), 0u);
        return;
    }
    RecordIndex index;
    for (std::size_t r = 0; r < steps.size(); ++r) {
        auto [it, fresh] = index[{steps.block[r], steps.step[r]}].emplace(steps.warp[r], r);
        EXPECT_TRUE(fresh) << "two records for block " << steps.block[r] << " step "
                           << steps.step[r] << " warp " << steps.warp[r];
    }
    const std::uint32_t firstSteps =
        std::uint32_t(reductionPlan(passes.first, passes.firstThreads).size() + 1);
    // The traced blocks are the ones tracedBlockIds chooses.
    std::vector<std::uint32_t> firstBlocks;
    for (const auto& [key, warps] : index)
        if (key.second == 0) firstBlocks.push_back(key.first);
    EXPECT_EQ(firstBlocks, tracedBlockIds(launch.grid.x, tracedCount));
    for (std::uint32_t block : firstBlocks)
        checkPass<T>(steps, index, block, 0, passes.first, passes.firstThreads);
    if (passes.second) {
        std::vector<std::uint32_t> secondBlocks;
        for (const auto& [key, warps] : index)
            if (key.second == firstSteps) secondBlocks.push_back(key.first);
        ASSERT_EQ(secondBlocks.size(), 1u) << "the second pass is recorded once";
        checkPass<T>(steps, index, secondBlocks[0], firstSteps, *passes.second,
                     passes.secondThreads);
        if (!launch.arrivals.block.empty()) {
            // The merging block drew the last ticket.
            const auto& a = launch.arrivals;
            EXPECT_EQ(a.block.back(), secondBlocks[0]);
            EXPECT_EQ(a.counter.back(), launch.grid.x - 1);
        }
    }
}

void checkBlocks(const Launch& launch, const DeviceInfo& device) {
    const BlockRecords& b = launch.blocks;
    ASSERT_EQ(b.size(), launch.grid.x) << launch.kernel;
    int bad = 0;
    for (std::size_t i = 0; i < b.size() && bad < 3; ++i) {
        const bool ok = b.block[i] == i && b.startNs[i] > 0 && b.startNs[i] <= b.endNs[i] &&
                        b.startClock[i] <= b.endClock[i] &&
                        b.sm[i] < std::uint32_t(std::max(4 * device.smCount, 256));
        if (!ok) {
            ++bad;
            ADD_FAILURE() << launch.kernel << " block record " << i << ": block " << b.block[i]
                          << " sm " << b.sm[i] << " ns " << b.startNs[i] << ".." << b.endNs[i]
                          << " clock " << b.startClock[i] << ".." << b.endClock[i];
        }
    }
}

void checkArrivals(const Launch& launch) {
    const ArrivalRecords& a = launch.arrivals;
    ASSERT_EQ(a.size(), launch.grid.x);
    std::vector<std::uint32_t> tickets = a.counter, blocks = a.block;
    std::vector<std::uint32_t> all(a.size());
    std::iota(all.begin(), all.end(), 0u);
    EXPECT_EQ(tickets, all) << "tickets are not a permutation of 0..grid-1";
    std::sort(blocks.begin(), blocks.end());
    EXPECT_EQ(blocks, all) << "a block arrived twice or never";
    for (auto t : a.timeNs) EXPECT_GT(t, 0u);
}

}  // namespace

std::optional<Run> runAndCheck(const std::string& experiment,
                               const std::vector<std::string>& assignments) {
    std::string label = experiment;
    for (const auto& a : assignments) label += " " + a;
    SCOPED_TRACE(label);
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) {
        ADD_FAILURE() << "no experiment " << experiment;
        return std::nullopt;
    }
    auto params = resolveParams(*spec, assignments);
    if (!params) return std::nullopt;
    RunOptions options;
    options.repetitions = 2;
    auto result = runReductionExperiment(*spec, *params, options);
    if (!result) {
        ADD_FAILURE() << result.error();
        return std::nullopt;
    }
    const Run& run = result->run;
    EXPECT_TRUE(run.verification.checked);
    EXPECT_TRUE(run.verification.passed)
        << "GPU " << run.verification.actual << ", CPU " << run.verification.expected << " ("
        << run.verification.note << ")";
    if (Status valid = validateRun(run); !valid) ADD_FAILURE() << valid.error();
    EXPECT_GT(run.timing.kernelMs, 0);
    EXPECT_GT(run.timing.recordedKernelMs, 0);

    const auto settings = reductionSettings(experiment, *params);
    if (!settings) {
        ADD_FAILURE() << settings.error();
        return std::nullopt;
    }
    const TreePasses passes = treePasses(*settings);
    const std::uint32_t traced = settings->tracedBlocks;
    const ElementKind kind = settings->element;
    for (const Launch& launch : run.launches) {
        if (launch.kernel.rfind("cub::", 0) == 0) continue;
        checkBlocks(launch, run.device);
        if (experiment == "reduce-last-block" || experiment == "reduce-multi-block-noncomm")
            checkArrivals(launch);
        switch (kind) {
            case ElementKind::Int32:
                checkSteps<std::uint32_t>(launch, passes, traced);
                break;
            case ElementKind::Float:
                checkSteps<float>(launch, passes, traced);
                break;
            case ElementKind::Affine:
                checkSteps<Affine>(launch, passes, traced);
                break;
        }
    }
    return run;
}

}  // namespace ws::test
