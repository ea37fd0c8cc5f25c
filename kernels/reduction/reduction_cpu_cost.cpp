// The CPU summing (or composing) the same input a reduction run reduced:
// the input regenerated from n and the seed, summed on one thread and on all
// cores (core/timing/cpu_work.h), and the copies a GPU run needs: the input to the
// device and the one result back.
#include "core/reduction/reduction_reference.h"
#include "core/reduction/reduction_shapes.h"
#include "core/timing/cpu_timing.h"
#include "core/timing/cpu_work.h"
#include "kernels/common/transfer_timing.h"
#include "kernels/reduction/reduction_runner.h"

namespace ws {

namespace {

template <typename T, typename Serial, typename Parallel>
void timeBoth(const std::vector<T>& input, Timing& t, Serial serial, Parallel parallel) {
    const std::span<const T> values(input);
    t.cpuMs = timeCpuMs([&] { keepResult(serial(values)); });
    t.cpuThreads = cpuThreadsFor(values.size());
    if (t.cpuThreads > 1)
        t.cpuParallelMs = timeCpuMs([&] { keepResult(parallel(values, t.cpuThreads)); });
}

std::uint64_t bitsOf(float f) {
    std::uint32_t u = 0;
    static_assert(sizeof u == sizeof f);
    __builtin_memcpy(&u, &f, sizeof u);
    return u;
}

}  // namespace

Status addReductionCpuCost(Run& run, const RunOptions& options) {
    const auto settings = reductionSettingsOf(run);
    if (!settings) return {};
    const std::uint64_t n = settings->n;
    const ElementKind kind = settings->element;
    Timing& t = run.timing;
    switch (kind) {
        case ElementKind::Int32:
            timeBoth(
                makeIntInput(n, options.seed), t, [](auto v) { return std::uint64_t(cpuSum(v)); },
                [](auto v, int k) { return std::uint64_t(cpuSumParallel(v, k)); });
            break;
        case ElementKind::Float:
            timeBoth(
                makeFloatInput(n, options.seed), t, [](auto v) { return bitsOf(cpuSum(v)); },
                [](auto v, int k) { return bitsOf(cpuSumParallel(v, k)); });
            break;
        case ElementKind::Affine:
            timeBoth(
                makeAffineInput(n, options.seed), t,
                [](auto v) { return std::uint64_t(cpuCompose(v).b); },
                [](auto v, int k) { return std::uint64_t(cpuComposeParallel(v, k).b); });
            break;
    }
    const std::uint64_t bytes = elementBytes(kind);
    auto transfer = timeTransfers({{n * bytes}, {bytes}});
    if (!transfer) return makeError(transfer.error());
    t.transferMs = *transfer;
    return {};
}

}  // namespace ws
