// Seed 004's unified memory: the add kernel c = a + b over arrays from
// cudaMallocManaged, one pointer on both sides, and the seed's
// `__device__ __managed__ float c[SIZE]`. Each pattern puts the pages in a
// different place before the same kernel runs; the timings say what moving
// them costs, CUPTI's unified-memory counters show when and how.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/concurrency/concurrency_tables.h"
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

// The seed's global: declared on both sides, no cudaMalloc, no pointer.
__device__ __managed__ float seedOutput[kManagedVariableElements];

namespace {

template <bool kRecord>
__global__ void add(const float* a, const float* b, float* c, std::uint32_t n,
                    BlockRecordPointers records) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
    if constexpr (kRecord) {
        __syncthreads();
        recorder.finish(records);
    }
}

// The seed's kernel as written: the output is the __managed__ global itself.
template <bool kRecord>
__global__ void addIntoManagedVariable(const float* a, const float* b, std::uint32_t n,
                                       BlockRecordPointers records) {
    dev::BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) seedOutput[i] = a[i] + b[i];
    if constexpr (kRecord) {
        __syncthreads();
        recorder.finish(records);
    }
}

class ManagedFloats {
public:
    ManagedFloats() = default;
    ManagedFloats(const ManagedFloats&) = delete;
    ManagedFloats& operator=(const ManagedFloats&) = delete;
    ~ManagedFloats() { release(); }
    // A fresh allocation each time: the old one is freed first, so repeated
    // patterns never hold more managed memory than one set of arrays.
    Status allocate(std::size_t n) {
        release();
        void* p = nullptr;
        WS_CUDA_TRY(cudaMallocManaged(&p, std::max<std::size_t>(n, 1) * sizeof(float)));
        m_data = static_cast<float*>(p);
        return {};
    }
    float* get() const { return m_data; }
    void release() {
        if (m_data) cudaFree(m_data);
        m_data = nullptr;
    }

private:
    float* m_data = nullptr;
};

using Pattern = UnifiedPattern;

class UnifiedLab {
public:
    UnifiedLab(std::uint64_t n, std::uint32_t block, std::uint32_t prefetchChunks, int ordinal,
               std::uint64_t seed)
        : m_n(n),
          m_block(block),
          m_chunks(prefetchChunks),
          m_ordinal(ordinal),
          m_a(makeFloatInput(n, seed)),
          m_b(makeFloatInput(n, seed + 1)) {}

    std::uint32_t grid() const { return std::uint32_t((m_n + m_block - 1) / m_block); }

    Status prepare() {
        if (Status s = m_streams.create(m_chunks); !s) return s;
        m_joined = std::vector<CudaEvent>(m_chunks);
        for (auto& e : m_joined)
            if (Status s = e.create(); !s) return s;
        return m_records.allocate({grid()});
    }

    // Fresh managed a, b, c; a and b filled by the CPU, c never touched.
    Status freshArrays() {
        for (Status s : {m_ma.allocate(m_n), m_mb.allocate(m_n), m_mc.allocate(m_n)})
            if (!s) return s;
        std::memcpy(m_ma.get(), m_a.data(), m_n * sizeof(float));
        std::memcpy(m_mb.get(), m_b.data(), m_n * sizeof(float));
        return {};
    }

    // The inputs a and b, and c where `withOutput`: a fresh c has no pages
    // yet, and prefetching it makes them on the device.
    Status prefetchToDevice(bool withOutput = true) {
        const cudaMemLocation device{cudaMemLocationTypeDevice, m_ordinal};
        const auto pieces = splitEvenly(m_n, m_chunks);
        std::vector<float*> arrays{m_ma.get(), m_mb.get()};
        if (withOutput) arrays.push_back(m_mc.get());
        for (float* array : arrays)
            for (std::size_t k = 0; k < pieces.size(); ++k)
                if (pieces[k].count)
                    WS_CUDA_TRY(cudaMemPrefetchAsync(array + pieces[k].offset,
                                                     pieces[k].count * sizeof(float), device, 0,
                                                     m_streams[k]));
        // The kernel runs in stream 0: it waits for every piece.
        for (std::size_t k = 1; k < m_streams.size(); ++k) {
            WS_CUDA_TRY(cudaEventRecord(m_joined[k].get(), m_streams[k]));
            WS_CUDA_TRY(cudaStreamWaitEvent(m_streams[0], m_joined[k].get()));
        }
        return {};
    }

    // The host reads c (its result) and writes a and b anew: the pages those
    // touch move back to the host.
    void touchOnCpu() {
        double sum = 0;
        for (std::uint64_t i = 0; i < m_n; ++i) sum += m_mc.get()[i];
        m_cpuChecksum = sum;
        for (std::uint64_t i = 0; i < m_n; ++i) {
            m_ma.get()[i] = m_a[i];
            m_mb.get()[i] = m_b[i];
        }
    }

    Status launchAdd(bool record, const float* a, const float* b, float* c) {
        if (record)
            add<true><<<grid(), m_block, 0, m_streams[0]>>>(a, b, c, std::uint32_t(m_n),
                                                            m_records.pointers(0));
        else
            add<false><<<grid(), m_block, 0, m_streams[0]>>>(a, b, c, std::uint32_t(m_n),
                                                             BlockRecordPointers{});
        WS_CUDA_TRY_LAUNCH("add");
        return {};
    }
    Status launchManaged(bool record) {
        return launchAdd(record, m_ma.get(), m_mb.get(), m_mc.get());
    }
    Status launchSeedVariable(bool record) {
        if (record)
            addIntoManagedVariable<true><<<grid(), m_block, 0, m_streams[0]>>>(
                m_ma.get(), m_mb.get(), std::uint32_t(m_n), m_records.pointers(0));
        else
            addIntoManagedVariable<false><<<grid(), m_block, 0, m_streams[0]>>>(
                m_ma.get(), m_mb.get(), std::uint32_t(m_n), BlockRecordPointers{});
        WS_CUDA_TRY_LAUNCH("add (into __managed__ c)");
        return {};
    }

    // Timed from before the first operation to the kernel's end, all streams joined.
    Result<double> timeManaged(Pattern p, bool record) {
        if (Status s = setUp(p); !s) return makeError(s.error());
        return timeAcrossStreams(m_streams, m_chunks, [&] { return timedPart(p, record); });
    }

    // Everything before the clock starts: fresh pages where the pattern wants them.
    Status setUp(Pattern p) {
        if (Status s = freshArrays(); !s) return s;
        // The seed's __managed__ c starts on the host each time, as after
        // the program's start, whatever an earlier run left on the GPU.
        if (p == Pattern::ManagedVariable)
            std::fill(seedOutput, seedOutput + kManagedVariableElements, 0.0f);
        // The explicit version's output is cudaMalloc'd before its clock starts;
        // so is this one's: c's pages are made on the device beforehand, and
        // the timed prefetch moves the inputs alone.
        if (p == Pattern::Prefetch) {
            const cudaMemLocation device{cudaMemLocationTypeDevice, m_ordinal};
            WS_CUDA_TRY(
                cudaMemPrefetchAsync(m_mc.get(), m_n * sizeof(float), device, 0, m_streams[0]));
            WS_CUDA_TRY(cudaStreamSynchronize(m_streams[0]));
        }
        if (p == Pattern::CpuTouched || p == Pattern::Resident) {
            if (Status s = prefetchToDevice(); !s) return s;
            if (Status s = launchManaged(false); !s) return s;
            WS_CUDA_TRY(cudaDeviceSynchronize());
            if (p == Pattern::CpuTouched) touchOnCpu();
        }
        return {};
    }
    Status timedPart(Pattern p, bool record) {
        if (p == Pattern::Prefetch)
            if (Status s = prefetchToDevice(false); !s) return s;
        if (p == Pattern::ManagedVariable) return launchSeedVariable(record);
        return launchManaged(record);
    }

    // cudaMalloc'd arrays, the inputs copied from pinned (or pageable) memory.
    Result<double> timeExplicit(bool pinned, bool record) {
        // The managed arrays go first: device memory holds one set of arrays
        // at a time, as the free-memory check assumed.
        for (ManagedFloats* m : {&m_ma, &m_mb, &m_mc}) m->release();
        DeviceBuffer<float> da, db, dc;
        HostArray<float> ha, hb;
        for (Status s : {da.allocate(m_n), db.allocate(m_n), dc.allocate(m_n),
                         ha.allocate(m_n, pinned), hb.allocate(m_n, pinned)})
            if (!s) return makeError(s.error());
        std::memcpy(ha.data(), m_a.data(), m_n * sizeof(float));
        std::memcpy(hb.data(), m_b.data(), m_n * sizeof(float));
        auto ms = timeAcrossStreams(m_streams, 1, [&]() -> Status {
            WS_CUDA_TRY(cudaMemcpyAsync(da.get(), ha.data(), m_n * sizeof(float),
                                        cudaMemcpyHostToDevice, m_streams[0]));
            WS_CUDA_TRY(cudaMemcpyAsync(db.get(), hb.data(), m_n * sizeof(float),
                                        cudaMemcpyHostToDevice, m_streams[0]));
            return launchAdd(record, da.get(), db.get(), dc.get());
        });
        if (!ms) return ms;
        m_explicitOut.resize(m_n);
        WS_CUDA_TRY(cudaMemcpy(m_explicitOut.data(), dc.get(), m_n * sizeof(float),
                               cudaMemcpyDeviceToHost));
        return ms;
    }

    // c == a + b exactly: one IEEE addition on either side.
    Verification verify(Pattern p) const {
        const float* c = p == Pattern::ExplicitCopy      ? m_explicitOut.data()
                         : p == Pattern::ManagedVariable ? seedOutput
                                                         : m_mc.get();
        Verification v;
        v.checked = true;
        std::uint64_t wrong = 0, first = m_n;
        for (std::uint64_t i = 0; i < m_n; ++i) {
            const float expected = m_a[i] + m_b[i];
            if (std::memcmp(&expected, &c[i], sizeof(float)) != 0) {
                if (first == m_n) first = i;
                ++wrong;
            }
        }
        v.passed = wrong == 0;
        const std::uint64_t shown = first == m_n ? m_n - 1 : first;
        v.expected =
            "c[" + std::to_string(shown) + "] = " + toText(double(m_a[shown] + m_b[shown]));
        v.actual = "c[" + std::to_string(shown) + "] = " + toText(double(c[shown]));
        v.absError = std::fabs(double(c[shown]) - double(m_a[shown] + m_b[shown]));
        v.note = wrong ? std::to_string(wrong) + " of " + std::to_string(m_n) + " sums differ"
                       : "every c[i] equals a[i] + b[i] bit for bit (one IEEE addition each side)";
        return v;
    }

    std::vector<ManagedArray> followed(Pattern p) const {
        const std::uint64_t bytes = m_n * sizeof(float);
        if (p == Pattern::ExplicitCopy) return {};
        auto at = [](const void* ptr) {
            return std::uint64_t(reinterpret_cast<std::uintptr_t>(ptr));
        };
        const float* c = p == Pattern::ManagedVariable ? seedOutput : m_mc.get();
        const std::uint64_t cBytes =
            p == Pattern::ManagedVariable ? kManagedVariableElements * sizeof(float) : bytes;
        return {{at(m_ma.get()), bytes}, {at(m_mb.get()), bytes}, {at(c), cBytes}};
    }
    cudaStream_t stream() const { return m_streams[0]; }
    const StreamSet& streamSet() const { return m_streams; }
    BlockRecordSet& records() { return m_records; }

private:
    std::uint64_t m_n;
    std::uint32_t m_block;
    std::uint32_t m_chunks;
    int m_ordinal;
    std::vector<float> m_a, m_b, m_explicitOut;
    ManagedFloats m_ma, m_mb, m_mc;
    StreamSet m_streams;
    std::vector<CudaEvent> m_joined;
    BlockRecordSet m_records;
    double m_cpuChecksum = 0;  // what the CPU read of c: keeps the reads from being optimised away
};

void addArrayTable(Run& run, const std::vector<ManagedArray>& arrays, Pattern p) {
    using tables::ManagedHome;
    std::vector<std::uint32_t> id, element;
    std::vector<std::uint64_t> bytes;
    std::vector<std::uint8_t> initial;
    for (std::size_t i = 0; i < arrays.size(); ++i) {
        ManagedHome home = ManagedHome::Host;  // a and b: filled by the CPU
        if (p == Pattern::CpuTouched || p == Pattern::Resident)
            home = ManagedHome::Device;
        else if (i == 2 && p != Pattern::ManagedVariable)
            home = ManagedHome::Untouched;
        id.push_back(std::uint32_t(i));
        bytes.push_back(arrays[i].bytes);
        element.push_back(sizeof(float));
        initial.push_back(std::uint8_t(home));
    }
    // Filled first, added after: adding a column may move the others.
    RecordTable& t = addTable(run.tables, tables::kManagedArrays);
    t.add<std::uint32_t>("array") = std::move(id);
    t.add<std::uint64_t>("bytes") = std::move(bytes);
    t.add<std::uint32_t>("elementBytes") = std::move(element);
    t.add<std::uint8_t>("initial") = std::move(initial);
}

}  // namespace

Result<TimedRun> runUnifiedMemory(const ConcurrencySettings& settings, const RunOptions& options,
                                  const DeviceInfo& device) {
    const UnifiedMemorySettings& unified = settings.unified;
    const std::uint64_t n = unified.n;
    const std::uint32_t block = unified.block;
    const std::uint32_t chunks = unified.prefetchChunks;
    const Pattern traced = unified.pattern;
    int managed = 0;
    WS_CUDA_TRY(cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, options.device));
    if (!managed) return makeError("unified-memory: this device has no managed memory");
    // Never more managed memory than the device has free: oversubscribing it
    // can stall the GPU for a long time while pages thrash.
    const std::uint64_t arrayBytes = n * sizeof(float);
    if (Status s =
            checkFreeDeviceMemory("unified-memory with n=" + countText(n) + " (three arrays of " +
                                      gigabytesText(arrayBytes) + ")",
                                  3 * arrayBytes + BlockRecordSet::deviceBytes(n / block + 1));
        !s)
        return makeError(s.error());
    if (Status s = checkHostMemory("unified-memory with n=" + countText(n), 7 * arrayBytes); !s)
        return makeError(s.error());
    UnifiedLab lab(n, block, chunks, options.device, options.seed);
    if (Status s = checkLaunchLimits(device, {"add", lab.grid(), block, 0}); !s)
        return makeError(s.error());
    if (Status s = lab.prepare(); !s) return makeError(s.error());

    TimedRun out;
    Run& run = out.run;
    fillConcurrencyHeader(run, "unified-memory", settings.resolved, device);
    Verification combined{.checked = true, .passed = true};
    auto timePattern = [&](Pattern p, const std::string& figure,
                           std::vector<double>* keep) -> Status {
        std::vector<double> ms;
        for (int i = -1; i < options.repetitions; ++i) {  // i == -1: the warm-up
            auto t = p == Pattern::ExplicitCopy ? lab.timeExplicit(true, false)
                                                : lab.timeManaged(p, false);
            if (!t) return makeError(t.error());
            if (i >= 0) ms.push_back(*t);
        }
        const Verification v = lab.verify(p);
        if (!v.passed) {
            combined.passed = false;
            combined.note += figure + ": " + v.note + "; ";
        }
        const double median = medianMs(ms);
        run.figures[figure + "Ms"] = median;
        run.figures[figure + "GBs"] = 12.0 * double(n) / (median * 1e6);
        if (keep) *keep = ms;
        return {};
    };
    std::vector<double> explicitMs;
    for (auto [p, name] : {std::pair{Pattern::FirstTouch, "firstTouch"},
                           {Pattern::Prefetch, "prefetch"},
                           {Pattern::CpuTouched, "cpuTouched"},
                           {Pattern::Resident, "resident"},
                           {Pattern::ExplicitCopy, "explicitCopy"}})
        // The explicit copy's times are always kept: they are every run's
        // reference (and the traced pattern's own times when it is traced).
        if (Status s = timePattern(p, name,
                                   p == Pattern::ExplicitCopy ? &explicitMs
                                   : p == traced              ? &out.samplesMs
                                                              : nullptr);
            !s)
            return makeError(s.error());
    if (traced == Pattern::ManagedVariable)
        if (Status s = timePattern(traced, "managedVariable", &out.samplesMs); !s)
            return makeError(s.error());
    if (traced == Pattern::ExplicitCopy) out.samplesMs = explicitMs;
    out.referenceSamplesMs = explicitMs;
    auto pageable = lab.timeExplicit(false, false);
    if (!pageable) return makeError(pageable.error());
    run.figures["explicitPageableMs"] = *pageable;
    run.figures["prefetchToExplicit"] = run.figures["prefetchMs"] / run.figures["explicitCopyMs"];

    // The traced run: the chosen pattern once more, recording build, CUPTI's
    // unified-memory counters on.
    Launch launch;
    launch.kernel = traced == Pattern::ManagedVariable ? "add (into __managed__ c)" : "add";
    launch.grid = {lab.grid(), 1, 1};
    launch.block = {block, 1, 1};
    launch.stream = cuptiStreamOr(lab.stream(), 0);
    run.launches.push_back(launch);
    if (Status s = lab.records().clear(); !s) return makeError(s.error());
    if (traced != Pattern::ExplicitCopy)
        if (Status s = lab.setUp(traced == Pattern::CpuTouched ? Pattern::Resident : traced); !s)
            return makeError(s.error());
    double tracedMs = 0;
    ActivityRecording recording{
        .options = {.unifiedMemory = true, .device = options.device},
        .work = [&]() -> Status {
            if (traced == Pattern::CpuTouched) lab.touchOnCpu();
            auto t = traced == Pattern::ExplicitCopy
                         ? lab.timeExplicit(true, true)
                         : timeAcrossStreams(lab.streamSet(), chunks,
                                             [&] { return lab.timedPart(traced, true); });
            if (!t) return makeError(t.error());
            tracedMs = *t;
            return {};
        },
        .links =
            [&] {
                ActivityLinks links;
                links.launchStream = {run.launches[0].stream};
                links.arrays = lab.followed(traced);
                return links;
            },
    };
    if (Status s = recordActivity(recording, run); !s) return makeError(s.error());
    if (Status s = lab.records().download(run.launches); !s) return makeError(s.error());
    if (traced != Pattern::ExplicitCopy) addArrayTable(run, lab.followed(traced), traced);
    run.verification = lab.verify(traced);
    if (!combined.passed) {
        run.verification.passed = false;
        run.verification.note = "patterns that failed: " + combined.note + run.verification.note;
    } else {
        run.verification.note += "; every timed pattern checked the same way";
    }
    fillTimingSpread(run.timing, out.samplesMs);
    run.timing.bytesMoved = 12.0 * double(n);
    run.figures["tracedMs"] = tracedMs;
    int concurrent = 0;
    WS_CUDA_TRY(
        cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, options.device));
    run.figures["concurrentManagedAccess"] = concurrent;
    return out;
}

}  // namespace ws::concurrency
