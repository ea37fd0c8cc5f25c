// The work-queue experiment on the host: slots and calibration, the items'
// costs turned into chain steps, timed plain and recording launches, every
// item's sum and count checked against the CPU, and the records and figures
// assembled into the trace.
#include <algorithm>
#include <cmath>

#include "core/atomics/work_queue_model.h"
#include "core/atomics/work_queue_records.h"
#include "kernels/atomics/atomics_experiments.h"
#include "kernels/atomics/atomics_records.h"
#include "kernels/atomics/atomics_timing.h"
#include "kernels/atomics/work_queue_kernels.h"
#include "kernels/atomics/work_queue_slots.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"
#include "kernels/common/memory_launch.h"
#include "kernels/common/paired_timing.h"

namespace ws::atomics {

namespace {

const char* kernelName(Strategy s) {
    return s == Strategy::Static    ? "workStatic"
           : s == Strategy::PerItem ? "workPerItem"
                                    : "workQueue";
}

// Everything one launch of the queue needs on the device.
struct QueueDevice {
    DeviceBuffer<std::uint32_t> iterations, results, done, next;
    DeviceBuffer<std::uint32_t> itemBlock, itemSm;
    DeviceBuffer<std::uint64_t> itemStart, itemEnd;
    BlockRecordStorage blocks;

    Status allocate(const std::vector<std::uint32_t>& steps, std::uint64_t grid) {
        const std::size_t n = steps.size();
        for (Status s : {toDevice(iterations, steps), results.allocate(n), done.allocate(n),
                         next.allocate(1), itemBlock.allocate(n), itemSm.allocate(n),
                         itemStart.allocate(n), itemEnd.allocate(n), blocks.allocate(grid)})
            if (!s) return s;
        return itemBlock.fill(0xff);
    }
    QueueBuffers buffers() const {
        return {iterations.get(),
                results.get(),
                done.get(),
                next.get(),
                std::uint32_t(iterations.size()),
                kLcgMultiplier,
                kLcgIncrement};
    }
    ItemRecordPointers items() const {
        return {itemBlock.get(), itemSm.get(), itemStart.get(), itemEnd.get()};
    }
    // Before every launch, untimed: an empty queue counter and no item done.
    Status reset() {
        for (Status s : {next.fill(0), done.fill(0), results.fill(0xff)})
            if (!s) return s;
        return {};
    }
};

// Loop steps a block makes per µs while every slot works: each slot's block
// does one item of `steps` steps in a recorded static launch; the median
// item time gives the rate.
Result<double> stepsPerUs(const QueueSlots& slots, std::uint32_t block, std::uint32_t steps) {
    QueueDevice d;
    if (Status s = d.allocate(std::vector<std::uint32_t>(slots.total, steps), slots.total); !s)
        return makeError(s.error());
    if (Status s = d.reset(); !s) return makeError(s.error());
    if (Status s = launchWorkQueue(Strategy::Static, true, slots.total, block, slots.dynamicShared,
                                   d.buffers(), d.items(), d.blocks.pointers(), nullptr);
        !s)
        return makeError(s.error());
    WS_CUDA_TRY(cudaDeviceSynchronize());
    std::vector<std::uint64_t> start, end;
    if (Status s = toHost(d.itemStart, start); !s) return makeError(s.error());
    if (Status s = toHost(d.itemEnd, end); !s) return makeError(s.error());
    std::vector<double> ns(start.size());
    for (std::size_t i = 0; i < ns.size(); ++i) ns[i] = double(end[i] - start[i]);
    const double median = medianOf(ns);
    if (median <= 0) return makeError("work-queue: the calibration items took no measurable time");
    return double(steps) / (median / 1000.0);
}

Result<double> calibrate(const QueueSlots& slots, std::uint32_t block) {
    // A short guess first, then items of about 40 µs: long enough that the
    // %globaltimer tick and the fetch do not matter.
    auto guess = stepsPerUs(slots, block, 2048);
    if (!guess) return guess;
    return stepsPerUs(slots, block, std::uint32_t(std::clamp(*guess * 40.0, 64.0, 4e8)));
}

Result<Verification> verifyItems(QueueDevice& d, const std::vector<std::uint32_t>& expected) {
    WS_CUDA_TRY(cudaDeviceSynchronize());
    std::vector<std::uint32_t> results, done;
    if (Status s = toHost(d.results, results); !s) return makeError(s.error());
    if (Status s = toHost(d.done, done); !s) return makeError(s.error());
    Verification v;
    v.checked = true;
    const std::size_t n = expected.size();
    std::size_t wrong = 0, notOnce = 0, firstWrong = n, firstNotOnce = n;
    for (std::size_t i = 0; i < n; ++i) {
        if (results[i] != expected[i] && wrong++ == 0) firstWrong = i;
        if (done[i] != 1 && notOnce++ == 0) firstNotOnce = i;
    }
    v.expected = std::to_string(n) + " item sums from the CPU's closed form, each item done once";
    v.actual = std::to_string(n - wrong) + " of " + std::to_string(n) + " sums equal, " +
               std::to_string(n - notOnce) + " items done exactly once";
    v.passed = wrong == 0 && notOnce == 0;
    v.note = "exact: 32-bit integer chains, compared bit for bit";
    if (firstNotOnce < n)
        v.note = "item " + std::to_string(firstNotOnce) + " was done " +
                 std::to_string(done[firstNotOnce]) + " times";
    else if (firstWrong < n)
        v.note = "item " + std::to_string(firstWrong) + ": GPU " +
                 std::to_string(results[firstWrong]) + ", CPU " +
                 std::to_string(expected[firstWrong]);
    return v;
}

Status downloadItems(const QueueDevice& d, const std::vector<double>& costsUs,
                     const std::vector<std::uint32_t>& steps, Launch& launch) {
    std::vector<std::uint32_t> block, sm;
    std::vector<std::uint64_t> start, end;
    for (Status s : {toHost(d.itemBlock, block), toHost(d.itemSm, sm), toHost(d.itemStart, start),
                     toHost(d.itemEnd, end), d.blocks.download(launch.blocks)})
        if (!s) return s;
    RecordTable& t = addTable(launch.tables, kItemsTable);
    t.add<std::uint32_t>("block") = std::move(block);
    t.add<std::uint32_t>("sm") = std::move(sm);
    t.add<std::uint64_t>("startNs") = std::move(start);
    t.add<std::uint64_t>("endNs") = std::move(end);
    t.add<float>("costUs") = std::vector<float>(costsUs.begin(), costsUs.end());
    t.add<std::uint32_t>("iterations") = steps;
    return {};
}

}  // namespace

Result<TimedRun> runWorkQueue(const AtomicsSettings& settings, const RunOptions& options,
                              const DeviceInfo& device) {
    const WorkQueueSettings& q = settings.queue;
    const std::uint32_t items = q.items;
    const std::uint32_t block = q.block;
    const Strategy strategy = q.strategy;
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    if (Status s = memory::checkShape(limits, kernelName(strategy), dim3(1), dim3(block), 0); !s)
        return makeError(s.error());
    auto slots = chooseQueueSlots(q.blocksPerSm, block, limits, options.device);
    if (!slots) return makeError(slots.error());
    const std::uint32_t grid = strategy == Strategy::PerItem ? items : slots->total;
    const std::uint32_t shared = slots->dynamicShared;
    if (Status s = memory::checkShape(limits, kernelName(strategy), dim3(grid), dim3(block),
                                      shared + 132, true);
        !s)
        return makeError(s.error());
    if (Status s = memory::checkFreeMemory(
            "items=" + std::to_string(items),
            std::uint64_t(items) * 36 + std::uint64_t(grid) * BlockRecordStorage::kBytesPerBlock);
        !s)
        return makeError(s.error());

    auto rate = calibrate(*slots, block);
    if (!rate) return makeError(rate.error());
    const std::vector<double> costs = itemCostsUs(q.distribution, items, q.costUs, options.seed);
    std::vector<std::uint32_t> steps(items), expected(items);
    for (std::uint32_t i = 0; i < items; ++i) {
        steps[i] = std::uint32_t(std::clamp(std::llround(costs[i] * *rate), 1LL, 1LL << 31));
        expected[i] = itemResult(i, block, steps[i]);
    }

    QueueDevice d;
    if (Status s = d.allocate(steps, grid); !s) return makeError(s.error());
    auto launchWith = [&](bool record) {
        return launchWorkQueue(strategy, record, grid, block, shared, d.buffers(), d.items(),
                               d.blocks.pointers(), nullptr);
    };
    auto before = [&] { return d.reset(); };
    const int repetitions = std::max(1, options.repetitions);
    TimedRun out;
    auto times = timePlainAndRecorded(repetitions, options.measureOverhead,
                                      {.plain = [&] { return launchWith(false); },
                                       .recorded = [&] { return launchWith(true); },
                                       .before = before,
                                       .verify = [&] { return verifyItems(d, expected); }});
    if (!times) return makeError(times.error());
    out.plainMs = std::move(times->plainMs);
    out.recordedMs = std::move(times->recordedMs);
    const Verification* plainCheck = &times->plainCheck;
    const Verification* check = &times->recordedCheck;

    Run& run = out.run;
    memory::fillRunHeader(run, "work-queue", settings.resolved, device);
    run.verification = *check;
    if (!plainCheck->passed) {
        run.verification.passed = false;
        run.verification.note = "the launches without recording failed: " + plainCheck->note;
    }
    // The dynamic bytes the launch passes; the kernel's static words are the
    // cubin's, added where the profile read them.
    Launch launch = memory::makeLaunch(kernelName(strategy), dim3(grid), dim3(block), shared);
    if (Status s = downloadItems(d, costs, steps, launch); !s) return makeError(s.error());
    run.launches.push_back(std::move(launch));
    fillKernelTiming(run.timing, out.plainMs, out.recordedMs, options.measureOverhead);

    auto recordedItems = readQueueItems(run.launches.back(), 0);
    if (!recordedItems) return makeError("work-queue records: " + recordedItems.error());
    addQueueFigures(run, analyzeQueue(run.launches.back(), *recordedItems, slots->total),
                    *recordedItems);
    run.figures["stepsPerUs"] = *rate;
    run.figures["blocksPerSm"] = slots->perSm;
    return out;
}

}  // namespace ws::atomics
