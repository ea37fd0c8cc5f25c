// bandwidthTest, as a series: copies host to device, device to host and
// device to device at every power of two from min_bytes to max_bytes, from
// pageable (malloc'd, touched) and pinned (cudaMallocHost) host memory, each
// timed with CUDA events (median and spread of repeated copies after a
// warm-up) and each size's data checked after the round trip; the host's own
// memcpy for comparison, and the copy kernel as the yardstick of the device
// to device copies.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>

#include "core/basics/transfer_points.h"
#include "core/timing/cpu_timing.h"
#include "core/timing/timing_spread.h"
#include "kernels/basics/basics_experiments.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/device/copy_yardstick.h"

namespace ws::basics {

namespace {

struct PinnedDeleter {
    void operator()(unsigned char* p) const { cudaFreeHost(p); }
};

struct HostBuffers {
    std::vector<unsigned char> pageableSrc, pageableDst;
    std::unique_ptr<unsigned char, PinnedDeleter> pinnedSrc, pinnedDst;
};

// A pattern that differs from byte to byte and between the two buffers'
// previous contents, so a copy that moved nothing or the wrong bytes shows.
void fillPattern(unsigned char* p, std::uint64_t bytes) {
    for (std::uint64_t i = 0; i < bytes; ++i) p[i] = static_cast<unsigned char>((i * 131 + 7) >> 3);
}

// Repetitions per size: many for small copies (they are fast and noisy),
// fewer for the largest (a pageable gigabyte takes over 100 ms).
int repetitionsFor(std::uint64_t bytes, int requested) {
    if (bytes >= (std::uint64_t(1) << 28)) return std::max(3, requested / 2);
    return std::max(3, requested);
}

Result<TransferPoint> timeCopy(CopyDirection direction, HostMemoryKind host, void* dst,
                               const void* src, std::uint64_t bytes, int repetitions) {
    const cudaMemcpyKind kind = direction == CopyDirection::HostToDevice ? cudaMemcpyHostToDevice
                                : direction == CopyDirection::DeviceToHost
                                    ? cudaMemcpyDeviceToHost
                                    : cudaMemcpyDeviceToDevice;
    // Pageable copies are synchronous: the driver stages them through its
    // own pinned buffers. Pinned and device copies are issued asynchronously
    // as a program that overlaps them would; the events bracket either.
    auto copy = [&]() -> Status {
        if (host == HostMemoryKind::Pageable)
            WS_CUDA_TRY(cudaMemcpy(dst, src, bytes, kind));
        else
            WS_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, kind, 0));
        return {};
    };
    auto ms = timeRuns(repetitions, nullptr, copy);
    if (!ms) return makeError(ms.error());
    const Spread s = spreadOf(*ms);
    return TransferPoint{direction, host,  bytes,       s.median,
                         s.min,     s.max, s.cvPercent, std::uint32_t(ms->size())};
}

TransferPoint timeHostCopy(unsigned char* dst, const unsigned char* src, std::uint64_t bytes,
                           int repetitions) {
    std::vector<double> ms;
    std::memcpy(dst, src, bytes);  // warm-up
    for (int r = 0; r < repetitions; ++r) {
        const auto start = std::chrono::steady_clock::now();
        std::memcpy(dst, src, bytes);
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
        keepResult(dst[bytes / 2]);
    }
    const Spread s = spreadOf(ms);
    return {CopyDirection::HostToHost,
            HostMemoryKind::Pageable,
            bytes,
            s.median,
            s.min,
            s.max,
            s.cvPercent,
            std::uint32_t(ms.size())};
}

}  // namespace

Result<Run> runBandwidth(const BasicsSettings& settings, const RunOptions& options,
                         const DeviceInfo& device) {
    const std::uint64_t minBytes = settings.bandwidth.minBytes;
    const std::uint64_t maxBytes = settings.bandwidth.maxBytes;
    const bool pageable = settings.bandwidth.pageable, pinned = settings.bandwidth.pinned;
    if (Status s = memory::checkFreeMemory(
            "host-device-bandwidth max_bytes=" + std::to_string(maxBytes), 2 * maxBytes);
        !s)
        return makeError(s.error());

    DeviceBuffer<unsigned char> d1, d2;
    if (Status s = d1.allocate(maxBytes); !s) return makeError(s.error());
    if (Status s = d2.allocate(maxBytes); !s) return makeError(s.error());
    HostBuffers h;
    if (pageable) {
        h.pageableSrc.resize(maxBytes);
        h.pageableDst.assign(maxBytes, 0);  // touched: no page faults inside a timed copy
        fillPattern(h.pageableSrc.data(), maxBytes);
    }
    if (pinned) {
        void* p = nullptr;
        WS_CUDA_TRY(cudaMallocHost(&p, maxBytes));
        h.pinnedSrc.reset(static_cast<unsigned char*>(p));
        WS_CUDA_TRY(cudaMallocHost(&p, maxBytes));
        h.pinnedDst.reset(static_cast<unsigned char*>(p));
        fillPattern(h.pinnedSrc.get(), maxBytes);
        std::memset(h.pinnedDst.get(), 0, maxBytes);
    }

    std::vector<TransferPoint> points;
    std::uint64_t wrongSizes = 0;
    std::string firstWrong;
    for (std::uint64_t bytes = minBytes; bytes <= maxBytes; bytes *= 2) {
        const int reps = repetitionsFor(bytes, options.repetitions);
        struct Side {
            HostMemoryKind kind;
            unsigned char* src;
            unsigned char* dst;
        };
        std::vector<Side> sides;
        if (pinned) sides.push_back({HostMemoryKind::Pinned, h.pinnedSrc.get(), h.pinnedDst.get()});
        if (pageable)
            sides.push_back({HostMemoryKind::Pageable, h.pageableSrc.data(), h.pageableDst.data()});
        for (const Side& side : sides) {
            for (auto [direction, dst, src] :
                 {std::tuple{CopyDirection::HostToDevice, (void*)d1.get(), (const void*)side.src},
                  std::tuple{CopyDirection::DeviceToHost, (void*)side.dst,
                             (const void*)d2.get()}}) {
                if (direction == CopyDirection::DeviceToHost) {
                    WS_CUDA_TRY(cudaMemcpy(d2.get(), d1.get(), bytes, cudaMemcpyDeviceToDevice));
                }
                auto p = timeCopy(direction, side.kind, dst, src, bytes, reps);
                if (!p) return makeError(p.error());
                points.push_back(*p);
            }
            // The round trip src -> d1 -> d2 -> dst brought every byte back.
            if (std::memcmp(side.dst, side.src, bytes) != 0 && wrongSizes++ == 0)
                firstWrong = std::to_string(bytes) + " B via " +
                             (side.kind == HostMemoryKind::Pinned ? "pinned" : "pageable") +
                             " memory";
            std::memset(side.dst, 0, bytes);
        }
        auto dtod = timeCopy(CopyDirection::DeviceToDevice, HostMemoryKind::None, d2.get(),
                             d1.get(), bytes, reps);
        if (!dtod) return makeError(dtod.error());
        points.push_back(*dtod);
        if (pageable)
            points.push_back(timeHostCopy(h.pageableDst.data(), h.pageableSrc.data(), bytes, reps));
        if (bytes > maxBytes / 2) break;  // no overflow of the doubling
    }

    Run run;
    memory::fillRunHeader(run, "host-device-bandwidth", settings.resolved, device);
    run.tables.push_back(transfersTable(points));
    run.figures = transferFigures(points);
    Verification& v = run.verification;
    v.checked = true;
    v.passed = wrongSizes == 0;
    v.expected = "every byte back after host -> device -> device -> host";
    v.actual =
        v.passed ? v.expected : std::to_string(wrongSizes) + " sizes wrong, first " + firstWrong;
    v.absError = double(wrongSizes);
    v.note =
        "the source holds a byte pattern; after each size's copies the destination is "
        "compared with it byte for byte (memcmp)";
    // The copy kernel at the largest size: device-to-device copies are held to it.
    if (maxBytes >= (std::uint64_t(1) << 26)) {
        auto copy =
            timeFloat4Copy(maxBytes / 4, std::max(3, options.repetitions / 2), options.device);
        if (!copy) return makeError(copy.error());
        const double ms = medianOf(copy->ms);
        run.figures["copyKernelGBs"] = double(maxBytes) / (ms * 1e6);  // bytes counted once
        if (run.figures.count("dtodGBs"))
            run.figures["dtodToCopyKernel"] = run.figures["dtodGBs"] / run.figures["copyKernelGBs"];
        if (!copy->verified && v.passed) {
            v.passed = false;
            v.actual = "the copy kernel's destination differs from its source";
        }
    }
    // The run's own numbers: the largest pinned host-to-device copy.
    Timing& t = run.timing;
    const auto htod = seriesOf(points, CopyDirection::HostToDevice,
                               pinned ? HostMemoryKind::Pinned : HostMemoryKind::Pageable);
    if (!htod.empty()) {
        const TransferPoint& last = htod.back();
        t.kernelMs = last.medianMs;
        t.kernelMinMs = last.minMs;
        t.kernelMaxMs = last.maxMs;
        t.kernelCvPercent = last.cvPercent;
        t.repetitions = int(last.repetitions);
        t.bytesMoved = double(last.bytes);
    }
    if (options.timeCpu && pageable) {
        // The CPU moving the same largest block: one thread and all cores.
        const auto memcpyPoints =
            seriesOf(points, CopyDirection::HostToHost, HostMemoryKind::Pageable);
        if (!memcpyPoints.empty()) t.cpuMs = memcpyPoints.back().medianMs;
        const std::uint64_t last = memcpyPoints.empty() ? 0 : memcpyPoints.back().bytes;
        t.cpuThreads = cpuThreadsFor(last, 1u << 20);
        if (t.cpuThreads > 1)
            t.cpuParallelMs = timeCpuMs([&] {
                parallelChunks(last, t.cpuThreads, [&](std::uint64_t b, std::uint64_t e, int) {
                    std::memcpy(h.pageableDst.data() + b, h.pageableSrc.data() + b, e - b);
                });
                keepResult(h.pageableDst[last / 2]);
            });
    }
    return run;
}

}  // namespace ws::basics
