// The vector-add launcher: the seed's launch (or a grid and a block) checked
// against the device, arrays with guard zones on both sides, the plain and
// the recording build timed, c and the guards checked against the CPU, the
// traced threads and warps downloaded, the CPU's add and the copies timed.
#include <algorithm>
#include <climits>

#include "core/basics/vector_add_model.h"
#include "core/timing/cpu_timing.h"
#include "core/timing/cpu_work.h"
#include "core/timing/timing_spread.h"
#include "kernels/basics/basics_crossover.h"
#include "kernels/basics/basics_experiments.h"
#include "kernels/basics/basics_vector_add.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/common/transfer_timing.h"

namespace ws::basics {

namespace {

// An array of n ints with `guard` canaries on each side.
struct Guarded {
    DeviceBuffer<std::int32_t> buffer;
    std::uint64_t guard = 0, n = 0;
    Status allocate(std::uint64_t elements, std::uint64_t guardElements) {
        n = elements;
        guard = guardElements;
        if (Status s = buffer.allocate(n + 2 * guard); !s) return s;
        return fillInts(buffer.get(), n + 2 * guard, kCanary);
    }
    std::int32_t* data() const { return buffer.get() + guard; }
    Status resetGuards() const {
        if (Status s = fillInts(buffer.get(), guard, kCanary); !s) return s;
        return fillInts(data() + n, guard, kCanary);
    }
    Result<std::vector<std::int32_t>> download() const {
        std::vector<std::int32_t> host(buffer.size());
        WS_CUDA_TRY(cudaMemcpy(host.data(), buffer.get(), buffer.bytes(), cudaMemcpyDeviceToHost));
        return host;
    }
    bool guardsIntact(const std::vector<std::int32_t>& host) const {
        for (std::uint64_t i = 0; i < guard; ++i)
            if (host[i] != kCanary || host[guard + n + i] != kCanary) return false;
        return true;
    }
};

struct TraceBuffers {
    DeviceBuffer<std::uint32_t> index, mask;
    DeviceBuffer<std::uint8_t> wrote;
    DeviceBuffer<std::int32_t> value, before, after;
    DeviceBuffer<std::int64_t> clock;
    AddTrace trace;

    Status allocate(const std::vector<std::uint32_t>& traced, std::uint32_t blockDim,
                    const BlockRecordPointers& blocks) {
        trace = {};
        trace.tracedCount = std::uint32_t(traced.size());
        std::copy(traced.begin(), traced.end(), trace.tracedBlock);
        trace.warps = (blockDim + kWarpSize - 1) / kWarpSize;
        const std::uint64_t rows = traced.size() * std::uint64_t(blockDim);
        const std::uint64_t warps = traced.size() * std::uint64_t(trace.warps);
        for (Status s : {index.allocate(rows), wrote.allocate(rows), value.allocate(rows),
                         mask.allocate(warps), clock.allocate(warps),
                         before.allocate(warps * kWarpSize), after.allocate(warps * kWarpSize)})
            if (!s) return s;
        for (Status s : {before.fill(0), after.fill(0)})
            if (!s) return s;
        trace.index = index.get();
        trace.wrote = wrote.get();
        trace.value = value.get();
        trace.mask = mask.get();
        trace.clock = clock.get();
        trace.before = before.get();
        trace.after = after.get();
        trace.blocks = blocks;
        return {};
    }

    template <typename T>
    static Result<std::vector<T>> fetch(const DeviceBuffer<T>& b) {
        std::vector<T> host(b.size());
        if (!host.empty())
            WS_CUDA_TRY(cudaMemcpy(host.data(), b.get(), b.bytes(), cudaMemcpyDeviceToHost));
        return host;
    }

    Status download(Launch& launch, std::uint32_t blockDim) const {
        auto idx = fetch(index);
        auto wr = fetch(wrote);
        auto val = fetch(value);
        auto msk = fetch(mask);
        auto clk = fetch(clock);
        auto bef = fetch(before);
        auto aft = fetch(after);
        for (const std::string* e : {idx ? nullptr : &idx.error(), wr ? nullptr : &wr.error(),
                                     val ? nullptr : &val.error(), msk ? nullptr : &msk.error(),
                                     clk ? nullptr : &clk.error(), bef ? nullptr : &bef.error(),
                                     aft ? nullptr : &aft.error()})
            if (e) return makeError(*e);
        std::vector<ThreadIndex> rows;
        StepRecords& steps = launch.steps;
        steps.components = 1;
        for (std::uint32_t s = 0; s < trace.tracedCount; ++s) {
            for (std::uint32_t t = 0; t < blockDim; ++t) {
                const std::size_t r = std::size_t(s) * blockDim + t;
                rows.push_back({trace.tracedBlock[s], t, (*idx)[r], (*wr)[r], (*val)[r]});
            }
            for (std::uint32_t w = 0; w < trace.warps; ++w) {
                const std::size_t r = std::size_t(s) * trace.warps + w;
                steps.block.push_back(trace.tracedBlock[s]);
                steps.warp.push_back(w);
                steps.step.push_back(0);
                steps.activeMask.push_back((*msk)[r]);
                steps.clock.push_back((*clk)[r]);
                for (std::uint32_t lane = 0; lane < kWarpSize; ++lane) {
                    steps.before.push_back(double((*bef)[r * kWarpSize + lane]));
                    steps.after.push_back(double((*aft)[r * kWarpSize + lane]));
                }
            }
        }
        launch.tables.push_back(threadsTable(rows));
        return {};
    }
};

Status checkVectorAddShape(const VectorAddShape& shape, const DeviceInfo& device) {
    if (shape.seedLaunch && device.maxThreadsPerBlock > 0 &&
        shape.block > std::uint64_t(device.maxThreadsPerBlock))
        return makeError(
            "vector-add: launch=seed starts (n + 1) / 2 = " + std::to_string(shape.block) +
            " threads per block, the device allows " + std::to_string(device.maxThreadsPerBlock) +
            " (the seed's launch only works up to n = " +
            std::to_string(2 * device.maxThreadsPerBlock - 1) + "; use launch=grid-block)");
    if (shape.threads() > std::uint64_t(INT_MAX))
        return makeError("vector-add: grid x block = " + std::to_string(shape.threads()) +
                         " threads; the seed's int index overflows past " +
                         std::to_string(INT_MAX));
    if (shape.grid > std::uint64_t(UINT32_MAX))
        return makeError("vector-add: grid=" + std::to_string(shape.grid) + " blocks");
    return memory::checkShape(device, "addKernel", dim3(std::uint32_t(shape.grid)),
                              dim3(std::uint32_t(shape.block)), 0);
}

// The CPU's add, one thread and all cores, and the copies: a and b to the
// device, c back.
void timeCpuSide(const VectorAddShape& shape, Timing& timing) {
    std::vector<std::int32_t> a(shape.n), b(shape.n), c(shape.n);
    fillVectorAddInputs(a, b);
    timing.cpuMs = timeCpuMs([&] {
        addArrays(a, b, c);
        keepResult(std::uint64_t(c[shape.n / 2]));
    });
    const int threads = cpuThreadsFor(shape.n);
    timing.cpuThreads = threads;
    if (threads > 1)
        timing.cpuParallelMs = timeCpuMs([&] {
            cpuAddParallel(a, b, c, threads);
            keepResult(std::uint64_t(c[shape.n / 2]));
        });
}

}  // namespace

Result<Run> runVectorAdd(const BasicsSettings& settings, const RunOptions& options,
                         const DeviceInfo& device) {
    const VectorAddShape& shape = settings.vectorAdd.shape;
    if (Status s = checkVectorAddShape(shape, device); !s) return makeError(s.error());
    const std::uint64_t guard = guardElements(shape);
    const auto grid = std::uint32_t(shape.grid), block = std::uint32_t(shape.block);
    const auto traced = vectorAddTracedBlocks(shape.grid, settings.vectorAdd.tracedBlocks);
    const std::uint64_t bytes = 3 * (shape.n + 2 * guard) * 4 + shape.grid * 40 +
                                traced.size() * std::uint64_t(block) * 9 +
                                traced.size() * ((block + 31) / 32) * (4 + 8 + 256);
    if (Status s = memory::checkFreeMemory("vector-add n=" + std::to_string(shape.n), bytes); !s)
        return makeError(s.error());

    Guarded a, b, c;
    for (Status s :
         {a.allocate(shape.n, guard), b.allocate(shape.n, guard), c.allocate(shape.n, guard)})
        if (!s) return makeError(s.error());
    {
        std::vector<std::int32_t> ha(shape.n), hb(shape.n);
        fillVectorAddInputs(ha, hb);
        WS_CUDA_TRY(cudaMemcpy(a.data(), ha.data(), shape.n * 4, cudaMemcpyHostToDevice));
        WS_CUDA_TRY(cudaMemcpy(b.data(), hb.data(), shape.n * 4, cudaMemcpyHostToDevice));
    }
    memory::TraceStorage blocks;
    if (Status s = blocks.allocate({shape.grid, 0, 0, 0, 0}); !s) return makeError(s.error());
    TraceBuffers trace;
    if (Status s = trace.allocate(traced, block, blocks.trace().blocks); !s)
        return makeError(s.error());

    const auto n = std::int32_t(shape.n);
    auto reset = [&]() -> Status {
        if (Status s = c.buffer.fill(0); !s) return s;
        return c.resetGuards();
    };
    auto check = [&]() -> Result<Verification> {
        auto host = c.download();
        if (!host) return makeError(host.error());
        GuardReport guards = scanGuards(*host, guard, shape.n, shape.block);
        auto ha = a.download();
        auto hb = b.download();
        if (!ha) return makeError(ha.error());
        if (!hb) return makeError(hb.error());
        guards.inputsIntact = a.guardsIntact(*ha) && b.guardsIntact(*hb);
        return verifyVectorAdd(std::span(*host).subspan(guard, shape.n), guards, shape);
    };
    memory::MeasureSteps steps{
        .plain =
            [&] {
                return enqueueAdd(false, shape.boundsCheck, grid, block, c.data(), a.data(),
                                  b.data(), n, AddTrace{});
            },
        .recorded =
            [&] {
                return enqueueAdd(true, shape.boundsCheck, grid, block, c.data(), a.data(),
                                  b.data(), n, trace.trace);
            },
        .verify = check,
        .before = reset,
    };
    Run run;
    memory::fillRunHeader(run, "vector-add", settings.resolved, device);
    Launch launch = memory::makeLaunch("addKernel", dim3(grid), dim3(block), 0);
    memory::TimedRuns times;
    if (Status s = memory::measure(std::max(1, options.repetitions), options.measureOverhead, steps,
                                   blocks, launch, times, run.verification);
        !s)
        return makeError(s.error());
    if (Status s = trace.download(launch, block); !s) return makeError(s.error());
    // The overruns of the recorded launch (the one the trace shows).
    auto host = c.download();
    if (!host) return makeError(host.error());
    const GuardReport guards = scanGuards(*host, guard, shape.n, shape.block);
    if (!guards.overruns.empty()) run.tables.push_back(overrunsTable(guards.overruns));
    run.launches.push_back(std::move(launch));

    Timing& t = run.timing;
    memory::fillTiming(t, times, 3.0 * 4.0 * double(shape.n));
    setKernelSamples(t, times.plainMs);
    run.figures["threads"] = double(shape.threads());
    run.figures["extraThreads"] = double(shape.extraThreads());
    run.figures["overruns"] = double(guards.overruns.size());
    if (options.timeCpu) {
        timeCpuSide(shape, t);
        auto transfer = timeTransfers({{shape.n * 4, shape.n * 4}, {shape.n * 4}});
        if (!transfer) return makeError(transfer.error());
        t.transferMs = *transfer;
    }
    if (settings.vectorAdd.crossoverSweep) {
        auto points = sweepVectorAddCrossover(options);
        if (!points) return makeError(points.error());
        run.tables.push_back(crossoverTable(*points));
        for (const auto& [name, value] : crossoverFigures(*points)) run.figures[name] = value;
    }
    return run;
}

}  // namespace ws::basics
