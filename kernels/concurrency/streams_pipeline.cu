// Seed 004's streams: chunks copied in with cudaMemcpyAsync, processed and
// copied out, chunk k in stream k mod S. Within a stream the three steps of a
// chunk run in order; across streams a copy engine can move one chunk while
// the SMs work on another, if the host memory is pinned.
#include <cuda_runtime.h>

#include <cmath>
#include <limits>

#include "core/concurrency/operation_overlap.h"
#include "core/concurrency/streams_reference.h"
#include "core/reduction/reduction_reference.h"
#include "core/timing/timing_stats.h"
#include "kernels/common/block_record_set.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"
#include "kernels/common/launch_limits.h"
#include "kernels/concurrency/activity_recording.h"
#include "kernels/concurrency/concurrency_common.h"
#include "kernels/concurrency/concurrency_experiments.h"

namespace ws::concurrency {

namespace {

// Each element goes through `work` dependent multiply-adds: one FMA per
// iteration, so the kernel's cost is tuned by one number. The plain build has
// no recording at all.
template <bool kRecord>
__global__ void processChunk(const float* in, float* out, std::uint32_t count, std::uint32_t work,
                             BlockRecordPointers records) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        float v = in[i];
#pragma unroll 8
        for (std::uint32_t k = 0; k < work; ++k) v = fmaf(v, kChunkScale, kChunkShift);
        out[i] = v;
    }
    if constexpr (kRecord) {
        __syncthreads();  // the block's bar ends when its last thread is done
        recorder.finish(records);
    }
}

class Pipeline {
public:
    Pipeline(const StreamsPlan& plan, const DeviceInfo& device) : m_plan(plan), m_device(device) {}

    Status prepare(std::uint64_t seed) {
        const std::uint64_t n = m_plan.n;
        if (Status s = checkFreeDeviceMemory("streams with n=" + countText(n),
                                             8 * n + BlockRecordSet::deviceBytes(totalBlocks()));
            !s)
            return s;
        if (Status s = checkHostMemory("streams with n=" + countText(n), 12 * n); !s) return s;
        for (std::size_t c = 0; c < m_plan.chunks.size(); ++c)
            if (Status s =
                    checkLaunchLimits(m_device, {"processChunk", gridOf(c), m_plan.block, 0});
                !s)
                return s;
        m_input = makeFloatInput(n, seed);
        for (Status s : {m_in.allocate(n, m_plan.pinned), m_out.allocate(n, m_plan.pinned),
                         m_dIn.allocate(n), m_dOut.allocate(n), m_streams.create(m_plan.streams)})
            if (!s) return s;
        std::copy(m_input.begin(), m_input.end(), m_in.data());
        std::vector<std::uint64_t> blocks;
        for (std::size_t c = 0; c < m_plan.chunks.size(); ++c) blocks.push_back(gridOf(c));
        return m_records.allocate(blocks);
    }

    // A chunk's kernel about as long as its copy in: the case where streams
    // hide the most. Measured here, since copy and compute speeds differ from
    // GPU to GPU: the kernel's time at two amounts of work gives its fixed
    // cost (the launch) and its cost per multiply-add, and the work that
    // matches the copy follows.
    Result<std::uint32_t> balancedWork() {
        constexpr std::uint32_t kLight = 64, kHeavy = 4096;
        auto best = [&](const std::function<Status()>& enqueue) -> Result<double> {
            double fastest = 0;
            for (int i = 0; i < 4; ++i) {  // the first is a warm-up (module load, clocks)
                auto t = timeAcrossStreams(m_streams, 1, enqueue);
                if (!t) return t;
                if (i == 1 || (i > 1 && *t < fastest)) fastest = *t;
            }
            return fastest;
        };
        auto copy = best([&] { return enqueueCopyIn(0, 0); });
        auto light = best([&] { return enqueueKernel(0, 0, kLight, false); });
        auto heavy = best([&] { return enqueueKernel(0, 0, kHeavy, false); });
        for (auto* r : {&copy, &light, &heavy})
            if (!*r) return makeError(r->error());
        const double perWork = (*heavy - *light) / double(kHeavy - kLight);
        if (perWork <= 0) return kHeavy;  // no measurable cost: take the heavier
        const double fixed = std::max(0.0, *light - perWork * kLight);
        const double work = (*copy - fixed) / perWork;
        return std::uint32_t(std::clamp(std::lround(work), 1l, 65536l));
    }

    // Every chunk in its stream: copy in, kernel, copy out.
    Status enqueue(std::uint32_t streams, std::uint32_t work, bool record) {
        for (std::size_t c = 0; c < m_plan.chunks.size(); ++c) {
            const std::size_t s = c % streams;
            if (Status st = enqueueCopyIn(c, s); !st) return st;
            if (Status st = enqueueKernel(c, s, work, record); !st) return st;
            const ElementRange& r = m_plan.chunks[c];
            WS_CUDA_TRY(cudaMemcpyAsync(m_out.data() + r.offset, m_dOut.get() + r.offset,
                                        r.count * sizeof(float), cudaMemcpyDeviceToHost,
                                        m_streams[s]));
        }
        return {};
    }

    Result<double> timed(std::uint32_t streams, std::uint32_t work, bool record) {
        return timeAcrossStreams(m_streams, streams,
                                 [&] { return enqueue(streams, work, record); });
    }

    Verification verify(std::uint32_t work) const {
        return verifyChunks(m_input, {m_out.data(), m_plan.n}, work);
    }
    void poisonOutput() {
        std::fill(m_out.data(), m_out.data() + m_plan.n, std::numeric_limits<float>::quiet_NaN());
    }

    std::vector<Launch> launches() const {
        std::vector<Launch> list;
        for (std::size_t c = 0; c < m_plan.chunks.size(); ++c) {
            Launch l;
            l.kernel = "processChunk";
            l.grid = {std::uint32_t(gridOf(c)), 1, 1};
            l.block = {m_plan.block, 1, 1};
            l.stream =
                cuptiStreamOr(m_streams[c % m_plan.streams], std::uint32_t(c % m_plan.streams));
            list.push_back(std::move(l));
        }
        return list;
    }
    ActivityLinks links(const std::vector<Launch>& launches) const {
        ActivityLinks links;
        for (const auto& l : launches) links.launchStream.push_back(l.stream);
        return links;
    }
    BlockRecordSet& records() { return m_records; }

private:
    std::uint64_t gridOf(std::size_t c) const {
        return std::max<std::uint64_t>(1,
                                       (m_plan.chunks[c].count + m_plan.block - 1) / m_plan.block);
    }
    std::uint64_t totalBlocks() const {
        std::uint64_t total = 0;
        for (std::size_t c = 0; c < m_plan.chunks.size(); ++c) total += gridOf(c);
        return total;
    }
    Status enqueueCopyIn(std::size_t c, std::size_t s) {
        const ElementRange& r = m_plan.chunks[c];
        WS_CUDA_TRY(cudaMemcpyAsync(m_dIn.get() + r.offset, m_in.data() + r.offset,
                                    r.count * sizeof(float), cudaMemcpyHostToDevice, m_streams[s]));
        return {};
    }
    Status enqueueKernel(std::size_t c, std::size_t s, std::uint32_t work, bool record) {
        const ElementRange& r = m_plan.chunks[c];
        const auto grid = std::uint32_t(gridOf(c));
        if (record)
            processChunk<true><<<grid, m_plan.block, 0, m_streams[s]>>>(
                m_dIn.get() + r.offset, m_dOut.get() + r.offset, std::uint32_t(r.count), work,
                m_records.pointers(c));
        else
            processChunk<false><<<grid, m_plan.block, 0, m_streams[s]>>>(
                m_dIn.get() + r.offset, m_dOut.get() + r.offset, std::uint32_t(r.count), work,
                BlockRecordPointers{});
        WS_CUDA_TRY_LAUNCH("processChunk");
        return {};
    }

    const StreamsPlan& m_plan;
    const DeviceInfo& m_device;
    std::vector<float> m_input;
    HostArray<float> m_in, m_out;
    DeviceBuffer<float> m_dIn, m_dOut;
    StreamSet m_streams;
    BlockRecordSet m_records;
};

Result<std::vector<double>> repeat(int count, const std::function<Result<double>()>& once) {
    std::vector<double> ms;
    for (int i = -1; i < count; ++i) {  // i == -1: the warm-up
        auto t = once();
        if (!t) return makeError(t.error());
        if (i >= 0) ms.push_back(*t);
    }
    return ms;
}

}  // namespace

Result<TimedRun> runStreamsPipeline(const ConcurrencySettings& settings, const RunOptions& options,
                                    const DeviceInfo& device) {
    const StreamsPlan& plan = settings.streams;
    Pipeline pipe(plan, device);
    if (Status s = pipe.prepare(options.seed); !s) return makeError(s.error());
    std::uint32_t work = plan.kernelWork;
    if (work == 0) {
        auto balanced = pipe.balancedWork();
        if (!balanced) return makeError(balanced.error());
        work = *balanced;
    }
    TimedRun out;
    Run& run = out.run;
    fillConcurrencyHeader(run, "streams", settings.resolved, device);

    pipe.poisonOutput();
    auto samples =
        repeat(options.repetitions, [&] { return pipe.timed(plan.streams, work, false); });
    if (!samples) return makeError(samples.error());
    const Verification plainCheck = pipe.verify(work);
    auto single = plan.streams == 1
                      ? Result<std::vector<double>>(*samples)
                      : repeat(options.repetitions, [&] { return pipe.timed(1, work, false); });
    if (!single) return makeError(single.error());
    auto recorded = repeat(options.measureOverhead ? options.repetitions : 1,
                           [&] { return pipe.timed(plan.streams, work, true); });
    if (!recorded) return makeError(recorded.error());

    // The run the trace shows: recording build, CUPTI on, output checked again.
    run.launches = pipe.launches();
    pipe.poisonOutput();
    if (Status s = pipe.records().clear(); !s) return makeError(s.error());
    double tracedMs = 0;
    ActivityRecording recording{
        .options = {},
        .work = [&]() -> Status {
            auto t = pipe.timed(plan.streams, work, true);
            if (!t) return makeError(t.error());
            tracedMs = *t;
            return {};
        },
        .links = [&] { return pipe.links(run.launches); },
    };
    if (Status s = recordActivity(recording, run); !s) return makeError(s.error());
    if (Status s = pipe.records().download(run.launches); !s) return makeError(s.error());
    run.verification = pipe.verify(work);
    if (!plainCheck.passed) {
        run.verification.passed = false;
        run.verification.note = "the timed runs without recording failed: " + plainCheck.note;
    }

    fillTimingSpread(run.timing, *samples);
    run.timing.recordedKernelMs = medianMs(*recorded);
    run.timing.overheadPercent =
        (run.timing.recordedKernelMs - run.timing.kernelMs) / run.timing.kernelMs * 100;
    run.timing.bytesMoved = 8.0 * double(plan.n);
    if (run.operations.size() > 0) storeOverlapFigures(overlapFigures(run.operations), run);
    run.figures["endToEndMs"] = run.timing.kernelMs;
    run.figures["oneStreamMs"] = medianMs(*single);
    run.figures["ratioToOneStream"] = run.timing.kernelMs / medianMs(*single);
    run.figures["tracedEndToEndMs"] = tracedMs;
    run.figures["kernelWork"] = work;
    out.samplesMs = std::move(*samples);
    out.referenceSamplesMs = std::move(*single);
    return out;
}

}  // namespace ws::concurrency
