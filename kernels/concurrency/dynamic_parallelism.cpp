// The dynamic-parallelism experiment: check, time, record and verify either
// shape (kernels/concurrency/dp_experiments.h), then measure the launch latency.
#include <algorithm>
#include <memory>
#include <utility>

#include "core/timing/timing_stats.h"
#include "kernels/common/event_timing.h"
#include "kernels/concurrency/activity_recording.h"
#include "kernels/concurrency/concurrency_common.h"
#include "kernels/concurrency/concurrency_experiments.h"
#include "kernels/concurrency/dp_experiments.h"
#include "kernels/concurrency/dynamic_tree.h"

namespace ws::concurrency {

namespace {

constexpr int kLatencySamples = 21;

class TreeBuffers {
public:
    Status allocate(std::uint32_t slots, std::uint32_t blocks) {
        for (Status s : {m_slots.allocate(slots), m_blocks.allocate(blocks), m_counts.allocate(2)})
            if (!s) return s;
        return {};
    }
    // The host's own grids take the first slots and their blocks the first
    // records; the device draws the rest.
    Status reset(const std::vector<dp::GridSlot>& roots) {
        if (Status s = m_slots.fill(0); !s) return s;
        if (Status s = m_blocks.fill(0); !s) return s;
        std::uint32_t blocks = 0;
        for (const auto& r : roots) blocks = std::max(blocks, r.firstBlockRecord + r.grid);
        const std::uint32_t counts[2] = {std::uint32_t(roots.size()), blocks};
        WS_CUDA_TRY(cudaMemcpy(m_slots.get(), roots.data(), roots.size() * sizeof(dp::GridSlot),
                               cudaMemcpyHostToDevice));
        WS_CUDA_TRY(cudaMemcpy(m_counts.get(), counts, sizeof counts, cudaMemcpyHostToDevice));
        WS_CUDA_TRY(cudaDeviceSynchronize());  // the memsets ran in the legacy stream
        return {};
    }
    dp::TreeRecords records() const {
        return {m_slots.get(),  m_counts.get(),     std::uint32_t(m_slots.size()),
                m_blocks.get(), m_counts.get() + 1, std::uint32_t(m_blocks.size())};
    }
    Result<DeviceTree> download() const {
        WS_CUDA_TRY(cudaDeviceSynchronize());
        DeviceTree t;
        std::uint32_t counts[2] = {};
        WS_CUDA_TRY(cudaMemcpy(counts, m_counts.get(), sizeof counts, cudaMemcpyDeviceToHost));
        t.slotCount = counts[0];
        t.blockCount = counts[1];
        t.slots.resize(m_slots.size());
        t.blocks.resize(m_blocks.size());
        WS_CUDA_TRY(
            cudaMemcpy(t.slots.data(), m_slots.get(), m_slots.bytes(), cudaMemcpyDeviceToHost));
        WS_CUDA_TRY(
            cudaMemcpy(t.blocks.data(), m_blocks.get(), m_blocks.bytes(), cudaMemcpyDeviceToHost));
        return t;
    }

private:
    DeviceBuffer<dp::GridSlot> m_slots;
    DeviceBuffer<dp::BlockRecord> m_blocks;
    DeviceBuffer<std::uint32_t> m_counts;
};

void storeGapFigures(const DeviceTree& tree, Run& run) {
    std::vector<double> gaps;
    for (const LaunchGap& g : deviceLaunchGaps(tree)) gaps.push_back(g.ns);
    if (gaps.empty()) return;
    run.figures["childStartAfterLaunchUs"] = medianMs(gaps) / 1000;
    run.figures["childStartAfterLaunchMaxUs"] = *std::max_element(gaps.begin(), gaps.end()) / 1000;
}

}  // namespace

Result<TimedRun> runDynamicParallelism(const ConcurrencySettings& settings,
                                       const RunOptions& options, const DeviceInfo& device) {
    const DynamicParallelismSettings& dynamic = settings.dynamic;
    std::size_t pending = 0;
    WS_CUDA_TRY(cudaDeviceGetLimit(&pending, cudaLimitDevRuntimePendingLaunchCount));
    auto made = dynamic.recursiveReduction
                    ? makeRecursiveReduction(dynamic, device, options.seed, pending)
                    : makeParentChild(dynamic, device, options.seed, pending);
    if (!made) return makeError(made.error());
    DpExperiment& experiment = **made;
    TreeBuffers tree;
    if (Status s = tree.allocate(experiment.slotCapacity(), experiment.blockCapacity()); !s)
        return makeError(s.error());

    // A stream of its own (blocking: it waits for the legacy stream's
    // memsets), so CUPTI's records of the host launches can be told apart.
    cudaStream_t raw = nullptr;
    WS_CUDA_TRY(cudaStreamCreate(&raw));
    const std::unique_ptr<CUstream_st, decltype(&cudaStreamDestroy)> owned(raw, cudaStreamDestroy);
    cudaStream_t stream = owned.get();

    TimedRun out;
    Run& run = out.run;
    fillConcurrencyHeader(run, "dynamic-parallelism", settings.resolved, device);
    auto clear = [&] { return experiment.clearOutput(); };
    auto plain = timeRuns(
        options.repetitions, stream, [&] { return experiment.launch(false, {}, stream); }, clear);
    if (!plain) return makeError(plain.error());
    auto plainCheck = experiment.verify();
    if (!plainCheck) return makeError(plainCheck.error());
    auto recorded = timeRuns(
        options.measureOverhead ? options.repetitions : 1, stream,
        [&] { return experiment.launch(true, tree.records(), stream); },
        [&]() -> Status {
            if (Status s = tree.reset(experiment.roots()); !s) return s;
            return experiment.clearOutput();
        });
    if (!recorded) return makeError(recorded.error());

    // The traced run: every grid's slot and every block's record.
    if (Status s = tree.reset(experiment.roots()); !s) return makeError(s.error());
    if (Status s = experiment.clearOutput(); !s) return makeError(s.error());
    DeviceTree downloaded;
    const std::uint32_t hostStream = cuptiStreamOr(stream, 0);
    // The records are read back after the recording, so their copies stay
    // out of the trace's operations; the links need them, so whichever comes
    // first reads them.
    bool materialized = false;
    Status treeStatus;
    auto materialize = [&] {
        if (std::exchange(materialized, true)) return;
        auto t = tree.download();
        if (!t) {
            treeStatus = makeError(t.error());
            return;
        }
        downloaded = std::move(*t);
        auto launches = launchesFromTree(downloaded, run.tables);
        if (!launches) {
            treeStatus = makeError(launches.error());
            return;
        }
        run.launches = std::move(*launches);
        for (Launch& l : run.launches)
            if (l.parentLaunch < 0) l.stream = hostStream;
    };
    ActivityRecording recording{
        .options = {},
        .work = [&]() -> Status {
            if (Status s = experiment.launch(true, tree.records(), stream); !s) return s;
            WS_CUDA_TRY(cudaStreamSynchronize(stream));
            return {};
        },
        .links =
            [&] {
                materialize();
                ActivityLinks links;
                for (const Launch& l : run.launches)
                    links.launchStream.push_back(l.parentLaunch < 0 ? hostStream
                                                                    : ActivityLinks::kNotFromHost);
                return links;
            },
    };
    if (Status s = recordActivity(recording, run); !s) return makeError(s.error());
    materialize();
    if (!treeStatus) return makeError(treeStatus.error());
    auto tracedCheck = experiment.verify();
    if (!tracedCheck) return makeError(tracedCheck.error());
    run.verification = *tracedCheck;
    if (!plainCheck->passed) {
        run.verification.passed = false;
        run.verification.note = "the launches without recording failed: " + plainCheck->note;
    }

    fillTimingSpread(run.timing, *plain);
    run.timing.recordedKernelMs = medianMs(*recorded);
    run.timing.overheadPercent =
        (run.timing.recordedKernelMs - run.timing.kernelMs) / run.timing.kernelMs * 100;
    run.timing.bytesMoved = 4.0 * double(dynamic.n);
    run.figures["grids"] = double(run.launches.size());
    run.figures["pendingLaunchLimit"] = double(pending);
    storeGapFigures(downloaded, run);
    if (Status s = experiment.addFigures(run, options); !s) return makeError(s.error());
    if (Status s = measureLaunchLatency(kLatencySamples, run); !s) return makeError(s.error());
    out.samplesMs = *plain;
    return out;
}

}  // namespace ws::concurrency
