// Seed 004's dot product over several streams, each driven by a host thread
// of its own (std::async): every thread copies its part of a and b in, runs
// the seed's dot_product kernel (one partial sum per block, a shared-memory
// tree) and copies the partials back; the host adds them. The seed gave every
// task the whole vectors; here each task takes its share, so the parts add up
// to the dot product.
#include <cuda_runtime.h>

#include <chrono>
#include <future>

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

// The seed's kernel with the block size as a launch parameter: products into
// shared memory, then halving steps (blockDim.x a power of two).
template <bool kRecord>
__global__ void dot_product(const float* a, const float* b, float* c, std::uint32_t n,
                            BlockRecordPointers records) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    float* r = dev::sharedSlots<float>();
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    r[threadIdx.x] = i < n ? a[i] * b[i] : 0.0f;
    __syncthreads();
    for (unsigned step = blockDim.x >> 1; step >= 1; step >>= 1) {
        if (threadIdx.x < step) r[threadIdx.x] += r[threadIdx.x + step];
        __syncthreads();
    }
    if (threadIdx.x == 0) c[blockIdx.x] = r[0];
    if constexpr (kRecord) recorder.finish(records);
}

class DotProduct {
public:
    DotProduct(const StreamsPlan& plan, const DeviceInfo& device, int ordinal)
        : m_plan(plan), m_device(device), m_ordinal(ordinal) {}

    Status prepare() {
        const std::uint64_t n = m_plan.n;
        std::uint64_t partials = 0;
        for (std::size_t p = 0; p < m_plan.chunks.size(); ++p) {
            m_partialBase.push_back(partials);
            partials += gridOf(p);
            if (Status s = checkLaunchLimits(m_device, {"dot_product", gridOf(p), m_plan.block,
                                                        m_plan.block * sizeof(float)});
                !s)
                return s;
        }
        m_partialBase.push_back(partials);
        if (Status s =
                checkFreeDeviceMemory("dot with n=" + countText(n),
                                      8 * n + 4 * partials + BlockRecordSet::deviceBytes(partials));
            !s)
            return s;
        if (Status s = checkHostMemory("dot with n=" + countText(n), 16 * n + 4 * partials); !s)
            return s;
        const std::vector<float> a = dotVectorA(n), b = dotVectorB(n);
        const auto cpuStart = std::chrono::steady_clock::now();
        m_reference = dotReference(a, b);
        m_cpuMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cpuStart)
                .count();
        for (Status s :
             {m_a.allocate(n, m_plan.pinned), m_b.allocate(n, m_plan.pinned),
              m_partials.allocate(partials, m_plan.pinned), m_dA.allocate(n), m_dB.allocate(n),
              m_dPartials.allocate(partials), m_streams.create(m_plan.streams)})
            if (!s) return s;
        std::copy(a.begin(), a.end(), m_a.data());
        std::copy(b.begin(), b.end(), m_b.data());
        std::vector<std::uint64_t> blocks;
        for (std::size_t p = 0; p < m_plan.chunks.size(); ++p) blocks.push_back(gridOf(p));
        return m_records.allocate(blocks);
    }

    // What each std::async task does: its part in its stream, partials added
    // on the host. `parts` parts in as many threads (1: the serial reference).
    Result<double> deviceDot(std::size_t part, std::size_t stream, bool record) {
        WS_CUDA_TRY(cudaSetDevice(m_ordinal));  // the current device is per host thread
        const ElementRange& r = m_plan.chunks[part];
        cudaStream_t s = m_streams[stream];
        const std::size_t bytes = r.count * sizeof(float);
        WS_CUDA_TRY(cudaMemcpyAsync(m_dA.get() + r.offset, m_a.data() + r.offset, bytes,
                                    cudaMemcpyHostToDevice, s));
        WS_CUDA_TRY(cudaMemcpyAsync(m_dB.get() + r.offset, m_b.data() + r.offset, bytes,
                                    cudaMemcpyHostToDevice, s));
        const auto grid = std::uint32_t(gridOf(part));
        float* partials = m_dPartials.get() + m_partialBase[part];
        const std::size_t shared = m_plan.block * sizeof(float);
        if (record)
            dot_product<true><<<grid, m_plan.block, shared, s>>>(
                m_dA.get() + r.offset, m_dB.get() + r.offset, partials, std::uint32_t(r.count),
                m_records.pointers(part));
        else
            dot_product<false><<<grid, m_plan.block, shared, s>>>(
                m_dA.get() + r.offset, m_dB.get() + r.offset, partials, std::uint32_t(r.count),
                BlockRecordPointers{});
        WS_CUDA_TRY_LAUNCH("dot_product");
        float* host = m_partials.data() + m_partialBase[part];
        WS_CUDA_TRY(
            cudaMemcpyAsync(host, partials, grid * sizeof(float), cudaMemcpyDeviceToHost, s));
        WS_CUDA_TRY(cudaStreamSynchronize(s));
        double sum = 0;
        for (std::uint32_t k = 0; k < grid; ++k) sum += host[k];
        return sum;
    }

    // dot_async of the seed: one task per stream, all parts, wall-clock time.
    struct Outcome {
        double ms = 0;
        double dot = 0;
    };
    Result<Outcome> dotAsync(std::uint32_t streams, bool record) {
        const auto start = std::chrono::steady_clock::now();
        Outcome out;
        if (streams == 1) {
            for (std::size_t p = 0; p < m_plan.chunks.size(); ++p) {
                auto part = deviceDot(p, 0, record);
                if (!part) return makeError(part.error());
                out.dot += *part;
            }
        } else {
            std::vector<std::future<Result<double>>> tasks;
            for (std::size_t p = 0; p < m_plan.chunks.size(); ++p)
                tasks.push_back(std::async(std::launch::async,
                                           [this, p, record] { return deviceDot(p, p, record); }));
            std::string failure;
            for (auto& t : tasks) {
                auto part = t.get();  // every task is waited for, even after a failure
                if (!part && failure.empty()) failure = part.error();
                if (part) out.dot += *part;
            }
            if (!failure.empty()) return makeError(failure);
        }
        out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count();
        return out;
    }

    // Partial sums no kernel wrote read back as NaN and fail the check, rather
    // than pass with the values of an earlier run.
    Status poisonPartials() {
        if (Status s = m_dPartials.fill(0xff); !s) return s;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    }

    Verification verify(double gpu) const {
        return verifyDot(gpu, m_reference, m_plan.block, m_partialBase.back());
    }
    double cpuMs() const { return m_cpuMs; }
    double seedFloatSum() const { return m_reference.seedFloatSum; }

    std::vector<Launch> launches() const {
        std::vector<Launch> list;
        for (std::size_t p = 0; p < m_plan.chunks.size(); ++p) {
            Launch l;
            l.kernel = "dot_product";
            l.grid = {std::uint32_t(gridOf(p)), 1, 1};
            l.block = {m_plan.block, 1, 1};
            l.sharedBytes = m_plan.block * sizeof(float);
            l.stream = cuptiStreamOr(m_streams[p], std::uint32_t(p));
            list.push_back(std::move(l));
        }
        return list;
    }
    BlockRecordSet& records() { return m_records; }

private:
    std::uint64_t gridOf(std::size_t p) const {
        return std::max<std::uint64_t>(1,
                                       (m_plan.chunks[p].count + m_plan.block - 1) / m_plan.block);
    }

    const StreamsPlan& m_plan;
    const DeviceInfo& m_device;
    int m_ordinal;
    DotReference m_reference;
    double m_cpuMs = 0;
    std::vector<std::uint64_t> m_partialBase;
    HostArray<float> m_a, m_b, m_partials;
    DeviceBuffer<float> m_dA, m_dB, m_dPartials;
    StreamSet m_streams;
    BlockRecordSet m_records;
};

}  // namespace

Result<TimedRun> runStreamsDot(const ConcurrencySettings& settings, const RunOptions& options,
                               const DeviceInfo& device) {
    const StreamsPlan& plan = settings.streams;
    DotProduct dot(plan, device, options.device);
    if (Status s = dot.prepare(); !s) return makeError(s.error());
    TimedRun out;
    Run& run = out.run;
    fillConcurrencyHeader(run, "streams", settings.resolved, device);

    auto measure = [&](std::uint32_t streams, bool record, int count,
                       std::vector<double>& ms) -> Result<double> {
        if (Status s = dot.poisonPartials(); !s) return makeError(s.error());
        double value = 0;
        for (int i = -1; i < count; ++i) {  // i == -1: the warm-up
            auto o = dot.dotAsync(streams, record);
            if (!o) return makeError(o.error());
            if (i >= 0) ms.push_back(o->ms);
            value = o->dot;
        }
        return value;
    };
    auto plainDot = measure(plan.streams, false, options.repetitions, out.samplesMs);
    if (!plainDot) return makeError(plainDot.error());
    // The serial reference: the same parts one after another from one thread.
    auto serialDot = measure(1, false, options.repetitions, out.referenceSamplesMs);
    if (!serialDot) return makeError(serialDot.error());
    std::vector<double> recordedMs;
    auto recordedDot =
        measure(plan.streams, true, options.measureOverhead ? options.repetitions : 1, recordedMs);
    if (!recordedDot) return makeError(recordedDot.error());

    run.launches = dot.launches();
    if (Status s = dot.records().clear(); !s) return makeError(s.error());
    if (Status s = dot.poisonPartials(); !s) return makeError(s.error());
    double tracedDot = 0, tracedMs = 0;
    ActivityRecording recording{
        .options = {},
        .work = [&]() -> Status {
            auto o = dot.dotAsync(plan.streams, true);
            if (!o) return makeError(o.error());
            tracedDot = o->dot;
            tracedMs = o->ms;
            return {};
        },
        .links =
            [&] {
                ActivityLinks links;
                for (const auto& l : run.launches) links.launchStream.push_back(l.stream);
                return links;
            },
    };
    if (Status s = recordActivity(recording, run); !s) return makeError(s.error());
    if (Status s = dot.records().download(run.launches); !s) return makeError(s.error());
    run.verification = dot.verify(tracedDot);
    for (double other : {*plainDot, *serialDot}) {
        const Verification v = dot.verify(other);
        if (!v.passed) {
            run.verification.passed = false;
            run.verification.note += "; an untraced run gave " + v.actual + ", outside the bound";
        }
    }

    fillTimingSpread(run.timing, out.samplesMs);
    run.timing.recordedKernelMs = medianMs(recordedMs);
    run.timing.overheadPercent =
        (run.timing.recordedKernelMs - run.timing.kernelMs) / run.timing.kernelMs * 100;
    run.timing.bytesMoved = 8.0 * double(plan.n);
    run.timing.flops = 2.0 * double(plan.n);
    run.timing.cpuMs = dot.cpuMs();
    run.timing.cpuThreads = 1;
    if (run.operations.size() > 0) storeOverlapFigures(overlapFigures(run.operations), run);
    run.figures["endToEndMs"] = run.timing.kernelMs;
    run.figures["oneStreamMs"] = medianMs(out.referenceSamplesMs);
    run.figures["ratioToOneStream"] = run.timing.kernelMs / medianMs(out.referenceSamplesMs);
    run.figures["tracedEndToEndMs"] = tracedMs;
    run.figures["hostThreads"] = plan.streams;
    run.figures["seedFloatCpuSum"] = dot.seedFloatSum();
    return out;
}

}  // namespace ws::concurrency
