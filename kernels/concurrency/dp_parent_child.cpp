// Seed 004's child grids: every parent block works on its part of the array,
// then one of its threads launches a child grid over the same part.
#include "core/concurrency/concurrency_plans.h"
#include "core/reduction/reduction_reference.h"
#include "kernels/common/launch_limits.h"
#include "kernels/concurrency/concurrency_common.h"
#include "kernels/concurrency/dp_experiments.h"
#include "kernels/concurrency/dynamic/dp_launchers.h"

namespace ws::concurrency {

namespace {

class ParentChild final : public DpExperiment {
public:
    explicit ParentChild(const dp::ParentChildArgs& args) : m_args(args) {}

    Status prepare(std::uint64_t seed) {
        const std::uint64_t n = m_args.n;
        m_input = makeIntInput(n, seed);
        for (Status s : {m_in.allocate(n), m_doubled.allocate(n), m_out.allocate(n)})
            if (!s) return s;
        WS_CUDA_TRY(cudaMemcpy(m_in.get(), m_input.data(), n * 4, cudaMemcpyHostToDevice));
        m_args.in = m_in.get();
        m_args.doubled = m_doubled.get();
        m_args.out = m_out.get();
        return {};
    }
    std::uint32_t launchingParents() const {
        return std::uint32_t((m_args.n + m_args.segment - 1) / m_args.segment);
    }

    std::vector<dp::GridSlot> roots() const override {
        return {hostGridSlot(dp::GridKernel::Parent, m_args.parentBlocks, m_args.block, 0)};
    }
    std::uint32_t slotCapacity() const override { return 1 + launchingParents(); }
    std::uint32_t blockCapacity() const override {
        return m_args.parentBlocks + launchingParents() * m_args.childBlocks;
    }
    // A stale result must not pass: the output starts as zeros every time.
    Status clearOutput() override {
        if (Status s = m_out.fill(0); !s) return s;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    }
    Status launch(bool record, const dp::TreeRecords& r, cudaStream_t stream) override {
        if (const cudaError_t e = dp::launchParentChild(record, m_args, r, {0, 0}, stream);
            e != cudaSuccess)
            return cudaFailure("launch of parentDoubles", __FILE__, __LINE__, e);
        return {};
    }
    Result<Verification> verify() override {
        const std::uint64_t n = m_args.n;
        std::vector<std::uint32_t> out(n);
        WS_CUDA_TRY(cudaMemcpy(out.data(), m_out.get(), n * 4, cudaMemcpyDeviceToHost));
        Verification v;
        v.checked = true;
        std::uint64_t wrong = 0, first = n;
        for (std::uint64_t i = 0; i < n; ++i)
            if (out[i] != expected(i) && wrong++ == 0) first = i;
        v.passed = wrong == 0;
        const std::uint64_t shown = first == n ? n - 1 : first;
        v.expected = "out[" + std::to_string(shown) + "] = " + std::to_string(expected(shown));
        v.actual = "out[" + std::to_string(shown) + "] = " + std::to_string(out[shown]);
        v.note = wrong ? std::to_string(wrong) + " of " + std::to_string(n) +
                             " elements differ from 2 in + 1"
                       : "every element equals 2 in + 1: doubled by its parent block, one added "
                         "by that block's child grid (integers, exact)";
        return v;
    }
    Status addFigures(Run& run, const RunOptions&) override {
        run.figures["childGrids"] = launchingParents();
        return {};
    }

private:
    std::uint32_t expected(std::uint64_t i) const { return 2u * std::uint32_t(m_input[i]) + 1u; }

    dp::ParentChildArgs m_args;
    std::vector<std::int32_t> m_input;
    DeviceBuffer<std::uint32_t> m_in, m_doubled, m_out;
};

}  // namespace

dp::GridSlot hostGridSlot(dp::GridKernel kernel, std::uint32_t grid, std::uint32_t block,
                          std::uint32_t firstBlock) {
    dp::GridSlot s{};
    s.parentSlot = dp::kNoSlot;
    s.mode = std::uint32_t(dp::GridMode::Host);
    s.kernel = std::uint32_t(kernel);
    s.grid = grid;
    s.block = block;
    s.firstBlockRecord = firstBlock;
    s.written = 1;
    return s;
}

Result<std::unique_ptr<DpExperiment>> makeParentChild(const DynamicParallelismSettings& settings,
                                                      const DeviceInfo& device, std::uint64_t seed,
                                                      std::uint64_t pendingLimit) {
    dp::ParentChildArgs a;
    a.n = settings.n;
    a.parentBlocks = settings.parentBlocks;
    a.childBlocks = settings.childBlocks;
    a.block = settings.block;
    a.segment = std::uint32_t((a.n + a.parentBlocks - 1) / a.parentBlocks);
    a.mode = settings.tailLaunch ? dp::GridMode::Tail : dp::GridMode::FireAndForget;
    auto experiment = std::make_unique<ParentChild>(a);
    // Every launching parent's child may wait at once (a tail launch waits
    // for the whole parent grid).
    if (Status s = checkPendingLaunches(
            "parent_blocks=" + std::to_string(a.parentBlocks) + " (a child grid each)",
            experiment->launchingParents(), pendingLimit);
        !s)
        return makeError(s.error());
    for (auto [name, grid] :
         {std::pair{"parentDoubles", a.parentBlocks}, {"childAddsOne", a.childBlocks}})
        if (Status s = checkLaunchLimits(device, {name, grid, a.block, 0}); !s)
            return makeError(s.error());
    const std::uint64_t records =
        std::uint64_t(experiment->blockCapacity()) * sizeof(dp::BlockRecord) +
        std::uint64_t(experiment->slotCapacity()) * sizeof(dp::GridSlot);
    if (Status s = checkFreeDeviceMemory("dynamic-parallelism with n=" + countText(a.n),
                                         12 * a.n + records);
        !s)
        return makeError(s.error());
    if (Status s = experiment->prepare(seed); !s) return makeError(s.error());
    return std::unique_ptr<DpExperiment>(std::move(experiment));
}

}  // namespace ws::concurrency
