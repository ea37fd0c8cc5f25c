#pragma once
// Host side shared by the memory launchers: the device limits a 2D launch
// must respect, the record buffers of one launch, and event timing.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/memory_trace.h"

namespace ws::memory {

// Fills limits the caller left at 0 (a DeviceInfo built by hand) from the
// runtime, so every check below has a number to compare with.
Status completeLimits(DeviceInfo& device, int ordinal);

// Block and grid in all dimensions, threads per block, shared memory (up to
// the opt-in limit when `optIn`), against the device.
Status checkShape(const DeviceInfo& device, const std::string& kernel, dim3 grid, dim3 block,
                  std::uint64_t sharedBytes, bool optIn = false);

// Refuses when `bytes` of buffers (inputs, outputs and records) do not fit in
// the free device memory, keeping 256 MB for the context and fragmentation.
Status checkFreeMemory(const std::string& what, std::uint64_t bytes);

// Device buffers of one recording launch and the AccessTrace that points into
// them.
class TraceStorage {
public:
    struct Shape {
        std::uint64_t blocks = 0;
        std::uint32_t warpsPerBlock = 0;
        std::uint32_t tracedBlocks = 0;  // how many blocks trace their accesses
        std::uint32_t maxShared = 0;     // instructions recorded per traced warp
        std::uint32_t maxGlobal = 0;
        // Block records as BlockSlot (AccessTrace::blockSlots, what BlockScope
        // writes) rather than as six arrays (AccessTrace::blocks).
        bool blockSlots = false;
    };
    static std::uint64_t deviceBytes(const Shape& shape);

    Status allocate(const Shape& shape);
    const AccessTrace& trace() const { return m_trace; }
    // The build a recording launch uses: block records alone when no block
    // traces its accesses, so that the run's overhead is theirs alone.
    Recording recording() const {
        return m_trace.tracedCount > 0 ? Recording::Accesses : Recording::Blocks;
    }
    // Before a launch: zeroes the access slots (their `used` flags) and fills
    // the block slots with 0xff, what an unwritten block slot keeps.
    Status clear();
    // Copies block and access records into `launch`, in (block, warp, instruction) order.
    Status download(Launch& launch) const;

private:
    Shape m_shape;
    AccessTrace m_trace;
    DeviceBuffer<std::uint32_t> m_block, m_sm;
    DeviceBuffer<std::uint64_t> m_startNs, m_endNs;
    DeviceBuffer<std::int64_t> m_startClock, m_endClock;
    DeviceBuffer<BlockSlot> m_blockSlots;
    DeviceBuffer<SharedSlot> m_shared;
    DeviceBuffer<GlobalSlot> m_global;
};

// Plain and recording launches timed, overhead filled, as the reduction
// launchers store it.
struct TimedRuns {
    std::vector<double> plainMs, recordedMs;
};
void fillTiming(Timing& timing, const TimedRuns& runs, double bytesMoved);

// Experiment id, parameters, device and time of recording.
void fillRunHeader(Run& run, const std::string& experiment, const ParamValues& params,
                   const DeviceInfo& device);

Launch makeLaunch(const std::string& kernel, dim3 grid, dim3 block, std::uint32_t sharedBytes);

// The common course of a run (kernels/common/paired_timing.h): `repetitions`
// timed plain launches and, when options.measureOverhead, as many recording
// ones by turns with them (else one); a check of each build's output (the
// recording one's is the one the trace shows) and the download of the
// records into `launch`. `before` runs untimed before every launch
// (resetting an accumulator).
struct MeasureSteps {
    std::function<Status()> plain;
    std::function<Status()> recorded;
    std::function<Result<Verification>()> verify;
    std::function<Status()> before;
};
Status measure(int repetitions, bool measureOverhead, const MeasureSteps& steps,
               const TraceStorage& storage, Launch& launch, TimedRuns& times,
               Verification& verification);

}  // namespace ws::memory
