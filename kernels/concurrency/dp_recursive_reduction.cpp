// Seed 004's recursive reduction: each level sums blocks of the previous
// level's partial sums and tail-launches the next level, down to one block.
// The same kernel launched level by level from the host is the comparison,
// and the reduction lab's multi-block kernel over the same input the second
// opinion.
#include <chrono>

#include "core/concurrency/concurrency_plans.h"
#include "core/reduction/reduction_reference.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/launch_limits.h"
#include "kernels/concurrency/concurrency_common.h"
#include "kernels/concurrency/dp_experiments.h"
#include "kernels/concurrency/dynamic/dp_launchers.h"
#include "kernels/reduction/reduction_input.h"
#include "kernels/reduction/reduction_runner.h"

namespace ws::concurrency {

namespace {

class RecursiveReduction final : public DpExperiment {
public:
    RecursiveReduction(RecursiveReductionPlan plan, std::uint32_t maxDepth, bool deviceDriven)
        : m_plan(std::move(plan)), m_maxDepth(maxDepth), m_deviceDriven(deviceDriven) {}

    Status prepare(std::uint64_t seed) {
        auto input = ReductionInput::prepare(ElementKind::Int32, m_plan.inputs[0], seed);
        if (!input) return makeError(input.error());
        m_input = std::move(*input);
        for (Status s : {m_a.allocate(m_plan.grids[0]), m_b.allocate(m_plan.grids[0])})
            if (!s) return s;
        return {};
    }

    std::vector<dp::GridSlot> roots() const override { return rootsFor(m_deviceDriven); }
    std::uint32_t slotCapacity() const override { return m_plan.levels(); }
    std::uint32_t blockCapacity() const override {
        std::uint64_t total = 0;
        for (auto g : m_plan.grids) total += g;
        return std::uint32_t(total);
    }
    Status clearOutput() override {
        if (Status s = finalBuffer().fill(0xff); !s) return s;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    }
    Status launch(bool record, const dp::TreeRecords& r, cudaStream_t stream) override {
        return launchWith(m_deviceDriven, record, r, stream);
    }

    Result<Verification> verify() override {
        auto sum = result();
        if (!sum) return makeError(sum.error());
        Verification v = m_input.verify(*sum);
        // The reduction lab's multi-block kernels (two launches, a shared-memory
        // tree per block) over the same device input must agree bit for bit.
        const ExperimentSpec* lab = findExperiment("reduce-multi-block");
        auto labParams =
            lab ? resolveParams(
                      *lab, std::vector<std::string>{"n=" + std::to_string(m_plan.inputs[0]),
                                                     "block=256", "type=int32", "traced_blocks=0"})
                : Result<ParamValues>(makeError("reduce-multi-block is missing"));
        if (!labParams) return makeError(labParams.error());
        RunOptions quick;
        quick.repetitions = 1;
        quick.measureOverhead = false;
        auto other = runReduction(*lab, *labParams, m_input, quick);
        if (!other) return makeError("reduce-multi-block over the same input: " + other.error());
        m_labSum = other->run.verification.actual;
        if (m_labSum != v.actual) {
            v.passed = false;
            v.note = "the reduction lab's reduce-multi-block gives " + m_labSum +
                     ", this reduction " + v.actual + "; " + v.note;
        } else {
            v.note += "; the reduction lab's reduce-multi-block gives the same " + m_labSum;
        }
        return v;
    }

    Status addFigures(Run& run, const RunOptions& options) override {
        run.figures["levels"] = m_plan.levels();
        // The other driver, timed the same way, for the comparison.
        auto other = timeRuns(
            options.repetitions, nullptr,
            [&] { return launchWith(!m_deviceDriven, false, {}, nullptr); },
            [&] { return clearOutput(); });
        if (!other) return makeError(other.error());
        auto sum = result();
        if (!sum) return makeError(sum.error());
        if (m_input.verify(*sum).passed == false)
            return makeError("the " + std::string(m_deviceDriven ? "host" : "device") +
                             "-driven reduction gave " + std::to_string(*sum));
        run.figures[m_deviceDriven ? "hostDrivenMs" : "deviceDrivenMs"] = medianOf(*other);
        return {};
    }

private:
    std::vector<dp::GridSlot> rootsFor(bool deviceDriven) const {
        std::vector<dp::GridSlot> roots;
        std::uint32_t first = 0;
        for (std::uint32_t l = 0; l < (deviceDriven ? 1u : m_plan.levels()); ++l) {
            roots.push_back(hostGridSlot(dp::GridKernel::ReduceLevel,
                                         std::uint32_t(m_plan.grids[l]), m_plan.block, first));
            first += std::uint32_t(m_plan.grids[l]);
        }
        return roots;
    }
    // Level l writes A when l is even, B when odd, and reads what level l - 1 wrote.
    std::uint32_t* dstOf(std::uint32_t level) const { return level % 2 ? m_b.get() : m_a.get(); }
    DeviceBuffer<std::uint32_t>& finalBuffer() { return (m_plan.levels() - 1) % 2 ? m_b : m_a; }

    Status launchWith(bool deviceDriven, bool record, const dp::TreeRecords& r,
                      cudaStream_t stream) {
        const auto* input = static_cast<const std::uint32_t*>(m_input.device());
        if (deviceDriven) {
            const dp::ReduceLevelArgs a{input,        m_a.get(), m_b.get(),  m_plan.inputs[0],
                                        m_plan.block, 0,         m_maxDepth, true};
            return checked(dp::launchReduceLevel(record, a, r, {0, 0}, stream));
        }
        std::uint32_t first = 0;
        for (std::uint32_t l = 0; l < m_plan.levels(); ++l) {
            const dp::ReduceLevelArgs a{l == 0 ? input : dstOf(l - 1),
                                        dstOf(l),
                                        nullptr,
                                        m_plan.inputs[l],
                                        m_plan.block,
                                        0,
                                        m_maxDepth,
                                        false};
            if (Status s = checked(dp::launchReduceLevel(record, a, r, {l, first}, stream)); !s)
                return s;
            first += std::uint32_t(m_plan.grids[l]);
        }
        return {};
    }
    static Status checked(cudaError_t e) {
        if (e != cudaSuccess) return cudaFailure("launch of reduction", __FILE__, __LINE__, e);
        return {};
    }
    Result<std::uint32_t> result() {
        WS_CUDA_TRY(cudaDeviceSynchronize());
        std::uint32_t sum = 0;
        WS_CUDA_TRY(cudaMemcpy(&sum, finalBuffer().get(), 4, cudaMemcpyDeviceToHost));
        return sum;
    }

    RecursiveReductionPlan m_plan;
    std::uint32_t m_maxDepth;
    bool m_deviceDriven;
    ReductionInput m_input;
    DeviceBuffer<std::uint32_t> m_a, m_b;
    std::string m_labSum;
};

}  // namespace

Result<std::unique_ptr<DpExperiment>> makeRecursiveReduction(
    const DynamicParallelismSettings& settings, const DeviceInfo& device, std::uint64_t seed,
    std::uint64_t pendingLimit) {
    const std::uint64_t n = settings.n;
    const std::uint32_t block = settings.block;
    const std::uint32_t maxDepth = settings.maxDepth;
    auto plan = planRecursiveReduction(n, block, maxDepth);
    if (!plan) return makeError(plan.error());
    // One level waits in the tail-launch queue at a time.
    if (Status s = checkPendingLaunches("the recursive reduction", 1, pendingLimit); !s)
        return makeError(s.error());
    if (Status s = checkLaunchLimits(device, {"reduction", plan->grids[0], block, block * 4ull});
        !s)
        return makeError(s.error());
    if (Status s = checkFreeDeviceMemory("dynamic-parallelism with n=" + countText(n),
                                         4 * n + 8 * plan->grids[0] + 64 * n / block + 4096);
        !s)
        return makeError(s.error());
    auto experiment =
        std::make_unique<RecursiveReduction>(std::move(*plan), maxDepth, settings.deviceDriver);
    if (Status s = experiment->prepare(seed); !s) return makeError(s.error());
    return std::unique_ptr<DpExperiment>(std::move(experiment));
}

}  // namespace ws::concurrency
