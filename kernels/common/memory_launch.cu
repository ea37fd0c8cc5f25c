#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <ctime>

#include "core/common/paired_check.h"
#include "core/timing/timing_spread.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"
#include "kernels/common/launch_limits.h"
#include "kernels/common/memory_launch.h"
#include "kernels/common/paired_timing.h"
#include "kernels/common/record_layout.h"

namespace ws::memory {

Status completeLimits(DeviceInfo& d, int ordinal) {
    auto fill = [&](int& field, cudaDeviceAttr attr) -> Status {
        if (field > 0) return {};
        WS_CUDA_TRY(cudaDeviceGetAttribute(&field, attr, ordinal));
        return {};
    };
    for (auto [field, attr] : {std::pair{&d.maxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock},
                               {&d.sharedMemPerBlock, cudaDevAttrMaxSharedMemoryPerBlock},
                               {&d.sharedMemPerBlockOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin},
                               {&d.maxGridX, cudaDevAttrMaxGridDimX},
                               {&d.smCount, cudaDevAttrMultiProcessorCount}})
        if (Status s = fill(*field, attr); !s) return s;
    return {};
}

Status checkShape(const DeviceInfo& device, const std::string& kernel, dim3 grid, dim3 block,
                  std::uint64_t sharedBytes, bool optIn) {
    const std::string who = kernel + ": ";
    // Fixed by the architecture since compute capability 2.0.
    if (block.x > 1024 || block.y > 1024 || block.z > 64)
        return makeError(who + "block " + std::to_string(block.x) + "x" + std::to_string(block.y) +
                         "x" + std::to_string(block.z) +
                         " exceeds the per-dimension limit 1024x1024x64");
    if (grid.y > 65535 || grid.z > 65535)
        return makeError(who + "grid.y=" + std::to_string(grid.y) + " / grid.z=" +
                         std::to_string(grid.z) + " exceeds the device limit of 65535 blocks");
    LaunchRequest request{kernel, grid.x, std::uint64_t(block.x) * block.y * block.z,
                          optIn ? 0 : sharedBytes};
    if (Status s = checkLaunchLimits(device, request); !s) return s;
    if (optIn && device.sharedMemPerBlockOptin > 0 &&
        sharedBytes > std::uint64_t(device.sharedMemPerBlockOptin))
        return makeError(who + "needs " + std::to_string(sharedBytes) +
                         " B of shared memory per block, the device allows " +
                         std::to_string(device.sharedMemPerBlockOptin) + " B with opt-in");
    return {};
}

Status checkFreeMemory(const std::string& what, std::uint64_t bytes) {
    std::size_t freeBytes = 0, totalBytes = 0;
    WS_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
    constexpr std::uint64_t kReserve = 256ull << 20;
    const std::uint64_t usable = freeBytes > kReserve ? freeBytes - kReserve : 0;
    return checkDeviceMemory(what, bytes, usable);
}

std::uint64_t TraceStorage::deviceBytes(const Shape& s) {
    const std::uint64_t slots = std::uint64_t(s.tracedBlocks) * s.warpsPerBlock;
    const std::uint64_t perBlock = s.blockSlots ? sizeof(BlockSlot) : 4 + 4 + 8 + 8 + 8 + 8;
    return s.blocks * perBlock + slots * s.maxShared * sizeof(SharedSlot) +
           slots * s.maxGlobal * sizeof(GlobalSlot);
}

Status TraceStorage::allocate(const Shape& shape) {
    m_shape = shape;
    m_shape.tracedBlocks = std::min<std::uint32_t>(shape.tracedBlocks, kMaxTracedSlots);
    const std::uint64_t n = shape.blocks;
    m_trace = {};
    if (shape.blockSlots) {
        if (Status s = m_blockSlots.allocate(n); !s) return s;
        m_trace.blockSlots = m_blockSlots.get();
    } else {
        for (Status s : {m_block.allocate(n), m_sm.allocate(n), m_startNs.allocate(n),
                         m_endNs.allocate(n), m_startClock.allocate(n), m_endClock.allocate(n)})
            if (!s) return s;
        m_trace.blocks = {m_block.get(), m_sm.get(),         m_startNs.get(),
                          m_endNs.get(), m_startClock.get(), m_endClock.get()};
    }
    // Block 0, the last block (the partial tile at the edge) and blocks between.
    const std::vector<std::uint32_t> ids = tracedBlockIds(shape.blocks, m_shape.tracedBlocks);
    const auto count = std::uint32_t(ids.size());
    std::copy(ids.begin(), ids.end(), m_trace.tracedBlock);
    m_trace.tracedCount = count;
    m_trace.tracedWarps = shape.warpsPerBlock;
    m_trace.maxShared = shape.maxShared;
    m_trace.maxGlobal = shape.maxGlobal;
    const std::uint64_t slots = std::uint64_t(count) * shape.warpsPerBlock;
    if (Status s = m_shared.allocate(slots * shape.maxShared); !s) return s;
    if (Status s = m_global.allocate(slots * shape.maxGlobal); !s) return s;
    m_trace.shared = shape.maxShared ? m_shared.get() : nullptr;
    m_trace.global = shape.maxGlobal ? m_global.get() : nullptr;
    return clear();
}

Status TraceStorage::clear() {
    if (Status s = m_shared.fill(0); !s) return s;
    if (Status s = m_global.fill(0); !s) return s;
    // Blocks that never ran show as id 0xffffffff.
    return m_shape.blockSlots ? m_blockSlots.fill(0xff) : m_block.fill(0xff);
}

namespace {

template <typename T>
Status download(const DeviceBuffer<T>& buffer, std::vector<T>& out) {
    out.resize(buffer.size());
    if (!out.empty())
        WS_CUDA_TRY(cudaMemcpy(out.data(), buffer.get(), buffer.bytes(), cudaMemcpyDeviceToHost));
    return {};
}

}  // namespace

Status TraceStorage::download(Launch& launch) const {
    BlockRecords& b = launch.blocks;
    if (m_shape.blockSlots) {
        std::vector<BlockSlot> slots;
        if (Status s = memory::download(m_blockSlots, slots); !s) return s;
        b.resize(slots.size());
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const BlockSlot& r = slots[i];
            b.block[i] = slotWritten(r) ? std::uint32_t(i) : 0xffffffffu;
            b.sm[i] = slotSm(r);
            b.startNs[i] = r.startNs;
            b.endNs[i] = r.endNs;
            b.startClock[i] = slotStartClock(r);
            b.endClock[i] = r.endClock;
        }
    } else {
        for (Status s : {memory::download(m_block, b.block), memory::download(m_sm, b.sm),
                         memory::download(m_startNs, b.startNs), memory::download(m_endNs, b.endNs),
                         memory::download(m_startClock, b.startClock),
                         memory::download(m_endClock, b.endClock)})
            if (!s) return s;
    }

    std::vector<SharedSlot> shared;
    std::vector<GlobalSlot> global;
    if (Status s = memory::download(m_shared, shared); !s) return s;
    if (Status s = memory::download(m_global, global); !s) return s;
    const std::uint32_t warps = m_trace.tracedWarps;
    for (std::uint32_t t = 0; t < m_trace.tracedCount; ++t)
        for (std::uint32_t w = 0; w < warps; ++w) {
            const std::uint64_t slot = std::uint64_t(t) * warps + w;
            for (std::uint32_t i = 0; i < m_trace.maxShared; ++i) {
                const SharedSlot& r = shared[slot * m_trace.maxShared + i];
                if (!r.used) continue;
                auto& a = launch.sharedAccesses;
                a.block.push_back(m_trace.tracedBlock[t]);
                a.warp.push_back(w);
                a.instruction.push_back(i);
                a.widthBytes.push_back(r.widthBytes);
                a.activeMask.push_back(r.activeMask);
                a.address.insert(a.address.end(), r.address, r.address + 32);
                a.cycles.push_back(r.cycles);
            }
            for (std::uint32_t i = 0; i < m_trace.maxGlobal; ++i) {
                const GlobalSlot& r = global[slot * m_trace.maxGlobal + i];
                if (!r.used) continue;
                auto& a = launch.globalAccesses;
                a.block.push_back(m_trace.tracedBlock[t]);
                a.warp.push_back(w);
                a.instruction.push_back(i);
                a.widthBytes.push_back(r.widthBytes);
                a.activeMask.push_back(r.activeMask);
                a.isWrite.push_back(std::uint8_t(r.isWrite));
                a.address.insert(a.address.end(), r.address, r.address + 32);
            }
        }
    return {};
}

void fillTiming(Timing& timing, const TimedRuns& runs, double bytesMoved) {
    timing.kernelMs = medianOf(runs.plainMs);
    timing.recordedKernelMs = medianOf(runs.recordedMs);
    timing.repetitions = int(runs.plainMs.size());
    recordSpread(timing, runs.plainMs);
    timing.overheadPercent =
        timing.kernelMs > 0 && timing.recordedKernelMs > 0
            ? (timing.recordedKernelMs - timing.kernelMs) / timing.kernelMs * 100.0
            : 0.0;
    timing.bytesMoved = bytesMoved;
}

void fillRunHeader(Run& run, const std::string& experiment, const ParamValues& params,
                   const DeviceInfo& device) {
    run.experiment = experiment;
    run.params = params;
    run.device = device;
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    run.recordedAt = text;
}

Launch makeLaunch(const std::string& kernel, dim3 grid, dim3 block, std::uint32_t sharedBytes) {
    Launch l;
    l.kernel = kernel;
    l.grid = {grid.x, grid.y, grid.z};
    l.block = {block.x, block.y, block.z};
    l.sharedBytes = sharedBytes;
    return l;
}

Status measure(int repetitions, bool measureOverhead, const MeasureSteps& steps,
               const TraceStorage& storage, Launch& launch, TimedRuns& times,
               Verification& verification) {
    // By turns where the overhead is measured: timed in one block and then
    // the other, a transpose of 4096 x 4096 read 18 % "recording overhead"
    // with two blocks traced, drift that fell on one side.
    auto timed = timePlainAndRecorded(repetitions, measureOverhead,
                                      {.plain = steps.plain,
                                       .recorded = steps.recorded,
                                       .before = steps.before,
                                       .verify = steps.verify});
    if (!timed) return makeError(timed.error());
    times.plainMs = std::move(timed->plainMs);
    times.recordedMs = std::move(timed->recordedMs);
    if (Status s = storage.download(launch); !s) return s;
    verification = std::move(timed->recordedCheck);
    if (!timed->plainCheck.passed) {
        verification.passed = false;
        verification.note = pairedCheckNote(timed->plainCheck.note, verification.note);
    }
    return {};
}

}  // namespace ws::memory
