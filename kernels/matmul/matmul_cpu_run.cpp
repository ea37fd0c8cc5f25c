// The CPU variants of the matrix multiply lab, timed like the kernels
// (median of repetitions within a few seconds) and verified against the same
// reference. Their runs have no launches: Timing says one thread (cpuMs) or
// every core (cpuParallelMs, cpuThreads).
#include <chrono>
#include <limits>

#include "core/common/parallel_for.h"
#include "core/matmul/matmul_cpu.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/matmul/matmul_measure.h"
#include "kernels/matmul/matmul_runs.h"

namespace ws::matmul {

Result<MatmulRun> runMatmulCpu(const ParamValues& params, const MatmulSettings& settings,
                               const RunOptions& options, const DeviceInfo& device,
                               MatmulInputs* given) {
    const std::uint32_t n = settings.n;
    const MatmulVariant variant = settings.variant;
    std::unique_ptr<MatmulInputs> owned;
    if (given && (given->n() != n || given->seed() != options.seed))
        return makeError("the prepared inputs do not match n=" + std::to_string(n));
    if (!given) {
        owned = MatmulInputs::make(n, options.seed);
        given = owned.get();
    }
    MatmulInputs& in = *given;
    const bool blocked = variant == MatmulVariant::CpuBlocked;
    int threads = 1;
    auto once = [&] {
        const auto start = std::chrono::steady_clock::now();
        if (blocked)
            threads = cpuBlockedMatmul(in.hostA().data(), in.hostB().data(), in.hostC().data(), n);
        else
            cpuNaiveMatmul(in.hostA().data(), in.hostB().data(), in.hostC().data(), n);
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count();
    };
    Measured m;
    std::fill(in.hostC().begin(), in.hostC().end(), std::numeric_limits<float>::quiet_NaN());
    m.plainMs.push_back(once());
    const int more = std::min(std::max(1, options.repetitions) - 1,
                              int(kTimingBudgetMs / std::max(m.plainMs.front(), 1e-3)));
    for (int i = 0; i < more; ++i) m.plainMs.push_back(once());
    m.plainCheck = in.reference().check(in.hostC().data(), matmulTolerance(n).bound);

    MatmulRun out;
    fillMatmulRun(out.run, params, device, in, m);
    out.run.timing.transferMs = 0;
    out.run.texts.erase("transfer");
    const double ms = out.run.timing.kernelMs;
    if (blocked) {
        out.run.timing.cpuParallelMs = ms;
        out.run.timing.cpuThreads = threads;
        out.run.texts["cpu"] = std::to_string(threads) + " threads (std::thread) of " +
                               std::to_string(hardwareThreads()) +
                               " hardware threads; B in 256 x 512 blocks packed into 16-column "
                               "panels; a 4 x 16 tile of C in vector registers";
    } else {
        out.run.timing.cpuMs = ms;
        out.run.timing.cpuThreads = 1;
        out.run.texts["cpu"] = "one thread: the seed's i, j, k loops with a double accumulator";
    }
    out.run.figures["cpuThreads"] = threads;
    out.run.texts["idea"] = matmulVariantInfo(variant).idea;
    out.plainMs = std::move(m.plainMs);
    return out;
}

}  // namespace ws::matmul
