// The CPU doing a memory-lab run's work on the same image or matrix: the
// transposes in 32 x 32 blocks (the float copy as a memcpy), the column and
// row sums, on one thread and on all cores, and the copies a GPU run needs:
// the input to the device and the output back.
#include <cstring>

#include "core/catalog/catalog.h"
#include "core/memory/memory_reference.h"
#include "core/timing/cpu_timing.h"
#include "core/timing/cpu_work.h"
#include "kernels/common/transfer_timing.h"
#include "kernels/memory/memory_experiments.h"

namespace ws {

namespace {

template <typename T>
void timeTranspose(const std::vector<T>& src, std::size_t w, std::size_t h, bool copyOnly,
                   Timing& t) {
    std::vector<T> dst(src.size());
    const std::span<const T> in(src);
    const std::span<T> out(dst);
    t.cpuMs = timeCpuMs([&] {
        if (copyOnly)
            std::memcpy(dst.data(), src.data(), src.size() * sizeof(T));
        else
            cpuTransposeRows(in, out, w, h, 0, h);
        keepResult(std::uint64_t(dst[dst.size() / 2]));
    });
    t.cpuThreads = cpuThreadsFor(src.size());
    if (t.cpuThreads > 1)
        t.cpuParallelMs = timeCpuMs([&] {
            if (copyOnly)
                parallelChunks(src.size(), t.cpuThreads,
                               [&](std::uint64_t b, std::uint64_t e, int) {
                                   std::memcpy(dst.data() + b, src.data() + b, (e - b) * sizeof(T));
                               });
            else
                cpuTransposeParallel(in, out, w, h, t.cpuThreads);
            keepResult(std::uint64_t(dst[dst.size() / 2]));
        });
}

void timeSums(const std::vector<std::uint8_t>& image, std::size_t w, std::size_t h, bool columns,
              Timing& t) {
    std::vector<std::uint32_t> sums(columns ? w : h);
    const std::span<const std::uint8_t> in(image);
    const std::size_t items = sums.size();
    auto part = [&](std::uint64_t b, std::uint64_t e) {
        if (columns)
            cpuColumnSums(in, w, h, sums, b, e);
        else
            cpuRowSums(in, w, sums, b, e);
    };
    t.cpuMs = timeCpuMs([&] {
        part(0, items);
        keepResult(sums[items / 2]);
    });
    // Split by output (columns or rows), at least one image row's worth each.
    t.cpuThreads =
        cpuThreadsFor(image.size(), std::max<std::size_t>(1u << 15, image.size() / items));
    t.cpuThreads = std::min<int>(t.cpuThreads, int(items));
    if (t.cpuThreads > 1)
        t.cpuParallelMs = timeCpuMs([&] {
            parallelChunks(items, t.cpuThreads,
                           [&](std::uint64_t b, std::uint64_t e, int) { part(b, e); });
            keepResult(sums[items / 2]);
        });
}

}  // namespace

Status addMemoryCpuCost(Run& run, const RunOptions& options) {
    const auto settings = memorySettingsOf(run);
    // The probe measures the GPU's own shared memory: no CPU counterpart.
    if (!settings || settings->is(MemoryExperiment::BankProbe)) return {};
    const std::size_t w = settings->width, h = settings->height;
    Timing& t = run.timing;
    TransferPlan plan;
    switch (settings->experiment) {
        case MemoryExperiment::TransposeF32:
            timeTranspose(makeMatrixF32(w, h, options.seed), w, h,
                          settings->variant == TransposeVariant::Copy, t);
            plan = {{w * h * 4}, {w * h * 4}};
            break;
        case MemoryExperiment::TransposeU8:
            timeTranspose(makeImageU8(w, h, options.seed), w, h, false, t);
            plan = {{w * h}, {w * h}};
            break;
        default: {
            const bool columns = settings->is(MemoryExperiment::ReduceColumns);
            timeSums(makeImageU8(w, h, options.seed), w, h, columns, t);
            plan = {{w * h}, {(columns ? w : h) * 4}};
        }
    }
    auto transfer = timeTransfers(plan);
    if (!transfer) return makeError(transfer.error());
    t.transferMs = *transfer;
    return {};
}

}  // namespace ws
