#include "kernels/basics/basics_crossover.h"

#include <algorithm>

#include "core/basics/vector_add_model.h"
#include "core/timing/cpu_timing.h"
#include "core/timing/cpu_work.h"
#include "kernels/basics/basics_vector_add.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/transfer_timing.h"

namespace ws::basics {

Result<std::vector<CostPoint>> sweepVectorAddCrossover(const RunOptions& options) {
    const std::uint64_t largest = std::uint64_t(1) << kCrossoverLargestLog2;
    DeviceBuffer<std::int32_t> da, db, dc;
    for (Status s : {da.allocate(largest), db.allocate(largest), dc.allocate(largest)})
        if (!s) return makeError(s.error());
    std::vector<std::int32_t> a(largest), b(largest), c(largest);
    fillVectorAddInputs(a, b);
    WS_CUDA_TRY(cudaMemcpy(da.get(), a.data(), largest * 4, cudaMemcpyHostToDevice));
    WS_CUDA_TRY(cudaMemcpy(db.get(), b.data(), largest * 4, cudaMemcpyHostToDevice));
    PinnedTransfers transfers;
    if (Status s = transfers.reserve(largest * 4); !s) return makeError(s.error());

    const int repetitions = std::max(3, options.repetitions);
    const CpuTimingBudget budget{3, 9, 150};
    std::vector<CostPoint> points;
    for (int k = kCrossoverSmallestLog2; k <= kCrossoverLargestLog2; k += 2) {
        const std::uint64_t n = std::uint64_t(1) << k;
        CostPoint p;
        p.n = double(n);
        const std::uint32_t block = 256;
        const auto grid = std::uint32_t((n + block - 1) / block);
        auto ms = timeRuns(repetitions, nullptr, [&] {
            return enqueueAdd(false, true, grid, block, dc.get(), da.get(), db.get(),
                              std::int32_t(n), AddTrace{});
        });
        if (!ms) return makeError(ms.error());
        p.kernelMs = medianOf(*ms);
        // The kernel's result is checked at every size: a timing of a wrong
        // kernel would mean nothing.
        std::int32_t last = 0;
        WS_CUDA_TRY(cudaMemcpy(&last, dc.get() + (n - 1), 4, cudaMemcpyDeviceToHost));
        if (last != vectorAddA(n - 1) + vectorAddB(n - 1))
            return makeError("crossover sweep: c[" + std::to_string(n - 1) +
                             "] = " + std::to_string(last) + " on the GPU, " +
                             std::to_string(vectorAddA(n - 1) + vectorAddB(n - 1)) + " expected");
        auto copies = transfers.timeMs({{n * 4, n * 4}, {n * 4}}, repetitions);
        if (!copies) return makeError(copies.error());
        p.transferMs = *copies;
        const std::span<const std::int32_t> sa(a.data(), n), sb(b.data(), n);
        const std::span<std::int32_t> sc(c.data(), n);
        p.cpuMs = timeCpuMs(
            [&] {
                addArrays(sa, sb, sc);
                keepResult(std::uint64_t(sc[n - 1]));
            },
            budget);
        p.cpuThreads = std::uint32_t(cpuThreadsFor(n));
        p.cpuParallelMs = p.cpuThreads > 1 ? timeCpuMs(
                                                 [&] {
                                                     cpuAddParallel(sa, sb, sc, int(p.cpuThreads));
                                                     keepResult(std::uint64_t(sc[n - 1]));
                                                 },
                                                 budget)
                                           : p.cpuMs;
        points.push_back(p);
    }
    return points;
}

}  // namespace ws::basics
